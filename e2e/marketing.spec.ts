import { apiSignIn, expect, signInAndWait, test } from './fixtures.ts';

const DEMO_PASSWORD = 'demo-password';

/** YYYY-MM-DD, `days` after today in UTC (reminder days are UTC days, decision 0010). */
function utcDayFromNow(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test.describe('marketing', () => {
  test('a campaign task due in 3 days produces its reminder', async ({ page, browser, request }) => {
    // The demo label's signed song.
    const adminToken = await apiSignIn(request, 'admin@demo.test', DEMO_PASSWORD);
    const res = await request.get('/api/v1/songs?include_signed=true&limit=100', {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const { songs } = (await res.json()) as { songs: { id: string; status: string }[] };
    const song = songs.find((s) => s.status === 'signed');
    expect(song, 'the demo label has a signed song').toBeTruthy();

    const stamp = Date.now().toString(36);
    const campaignName = `Single launch ${stamp}`;
    const taskTitle = `Pitch to playlist curators ${stamp}`;

    // The label plans the campaign and assigns Alex a task due in 3 days.
    await signInAndWait(page, 'admin@demo.test', DEMO_PASSWORD);
    await page.goto(`/signed-songs/${song!.id}/marketing`);
    await page.getByRole('button', { name: 'New campaign', exact: true }).click();
    const campaignDialog = page.getByRole('dialog', { name: 'New campaign' });
    await campaignDialog.getByLabel('Campaign name').fill(campaignName);
    await campaignDialog.getByLabel('Budget').fill('1,500');
    await campaignDialog.getByLabel('TikTok').check();
    await campaignDialog.getByRole('button', { name: 'Create campaign' }).click();
    await expect(page.getByRole('heading', { name: campaignName })).toBeVisible();

    await page.getByRole('button', { name: `Add task to ${campaignName}` }).click();
    const taskDialog = page.getByRole('dialog', { name: 'Add task' });
    await taskDialog.getByLabel('Task title').fill(taskTitle);
    await taskDialog.getByLabel('Assignee').selectOption({ label: 'Alex Rivera' });
    await taskDialog.getByLabel('Due date').fill(utcDayFromNow(3));
    await taskDialog.getByRole('button', { name: 'Add task', exact: true }).click();
    const tasks = page.getByRole('list', { name: `Tasks of ${campaignName}` });
    await expect(tasks.getByText(taskTitle)).toBeVisible();
    await expect(tasks.getByText('Due soon')).toBeVisible();

    // The scheduler (every 2 s in e2e) sends the 3-day reminder; Alex sees it in the bell.
    const alexContext = await browser.newContext();
    const alexPage = await alexContext.newPage();
    await signInAndWait(alexPage, 'alex@demo.test', DEMO_PASSWORD);
    const dropdown = alexPage.getByRole('menu', { name: 'Notifications' });
    const reminder = dropdown.getByRole('menuitem', {
      name: new RegExp(`"${taskTitle}" .* is due in 3 days`),
    });
    await expect(async () => {
      if (!(await dropdown.isVisible()))
        await alexPage.getByRole('button', { name: 'Notifications' }).click();
      await expect(reminder).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    // The assignment itself was announced too.
    await expect(
      dropdown.getByRole('menuitem', { name: new RegExp(`assigned you "${taskTitle}"`) }),
    ).toBeVisible();

    await reminder.click();
    await expect(alexPage).toHaveURL(new RegExp(`/signed-songs/${song!.id}/marketing$`));
    await expect(alexPage.getByRole('heading', { name: campaignName })).toBeVisible();
    await alexContext.close();
  });
});
