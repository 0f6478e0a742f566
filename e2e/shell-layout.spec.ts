import type { APIRequestContext, Page } from '@playwright/test';
import { createLabelWithMembers, createSongViaApi, expect, signInAndWait, test } from './fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function reviewerIdOf(request: APIRequestContext, token: string) {
  const res = await request.get('/api/v1/me', { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { reviewer: { id: string } }).reviewer.id;
}

/** A member writes `count` messages to another in their direct conversation. */
async function sendDirectMessages(
  request: APIRequestContext,
  fromToken: string,
  toReviewerId: string,
  count: number,
) {
  const open = await request.post('/api/v1/conversations', {
    data: { type: 'dm', user_id: toReviewerId },
    headers: bearer(fromToken),
  });
  expect([200, 201]).toContain(open.status());
  const { id } = (await open.json()) as { id: string };
  for (let i = 1; i <= count; i++) {
    const res = await request.post(`/api/v1/conversations/${id}/messages`, {
      data: { message_text: `Ping ${i}` },
      headers: bearer(fromToken),
    });
    expect(res.status(), await res.text()).toBe(201);
  }
}

const sidebarWidth = (page: Page) =>
  page.getByRole('complementary', { name: 'Sidebar' }).evaluate((el) => el.getBoundingClientRect().width);

test.describe('application shell layout', () => {
  test('desktop: the collapsed sidebar (w-20) is remembered across a reload, and so is the expanded one (w-72)', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    await signInAndWait(page, admin.email);
    const fontSize = await page.evaluate(() =>
      Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    );
    await expect.poll(() => sidebarWidth(page)).toBe(72 * 0.25 * fontSize);

    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(() => sidebarWidth(page)).toBe(20 * 0.25 * fontSize);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    expect(await sidebarWidth(page)).toBe(20 * 0.25 * fontSize);
    // Collapsed, the links keep their names (for screen readers and as tooltips).
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await expect(sidebar.getByRole('link', { name: 'Catalogue' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Artists & Writers' })).toBeVisible();

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    expect(await sidebarWidth(page)).toBe(72 * 0.25 * fontSize);
  });

  test("the messages badge counts unread messages live and shows '9+' for 10", async ({ page, request }) => {
    const { admin, members } = await createLabelWithMembers(request, { members: 1 });
    const adminId = await reviewerIdOf(request, admin.token);
    await signInAndWait(page, admin.email);
    const messages = page.getByRole('button', { name: 'Messages', exact: true });
    await expect(messages).toBeVisible();
    // The badge sits over the button, outside it (its count is the description, not the name).
    const badge = page.getByTestId('messages-badge');
    await expect(badge).toHaveCount(0);

    await sendDirectMessages(request, members[0]!.token, adminId, 3);
    await expect(badge).toHaveText('3');
    await sendDirectMessages(request, members[0]!.token, adminId, 7);
    await expect(badge).toHaveText('9+');
    await expect(messages).toHaveAccessibleDescription('10 unread messages');

    // Still there after a reload (it is the server's count, not the page's).
    await page.reload();
    await expect(page.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
    await expect(badge).toHaveText('9+');
  });

  test('mobile at 375 px: the top bar and all eleven bottom-bar items fit, legible, and work', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    const song = await createSongViaApi(request, admin.token, {
      title: 'Pocket Tune',
      artist: 'Tiny',
      seconds: 20,
    });
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAndWait(page, admin.email);

    const top = page.getByRole('banner');
    await expect(top.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(top.getByRole('button', { name: 'Messages', exact: true })).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toHaveCount(0);

    const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
    const items = [
      bar.getByRole('link', { name: 'Add', exact: true }),
      bar.getByRole('link', { name: 'Review', exact: true }),
      bar.getByRole('link', { name: 'Overview', exact: true }),
      bar.getByRole('button', { name: 'Skip back 10 seconds' }),
      bar.getByRole('button', { name: /^(Play|Pause)$/ }),
      bar.getByRole('button', { name: 'Skip forward 10 seconds' }),
      bar.getByRole('link', { name: 'Signed', exact: true }),
      bar.getByRole('link', { name: 'Analytics', exact: true }),
      bar.getByRole('link', { name: 'Finance', exact: true }),
      bar.getByRole('link', { name: 'Distribution', exact: true }),
      bar.getByRole('link', { name: 'Label Hub', exact: true }),
    ];
    for (const item of items) {
      await expect(item).toBeInViewport({ ratio: 1 });
      const box = (await item.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      // A comfortable touch target.
      expect(box.width).toBeGreaterThanOrEqual(44);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
    // Nothing scrolls sideways, and no label is cut short.
    expect(await bar.evaluate((nav) => nav.scrollWidth <= nav.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const clipped = await bar
      .locator('a span')
      .evaluateAll((spans) =>
        spans.filter((s) => s.scrollWidth > s.clientWidth + 0.5).map((s) => s.textContent),
      );
    expect(clipped).toEqual([]);

    await bar.getByRole('link', { name: 'Review', exact: true }).click();
    await expect(page).toHaveURL(/\/review-dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Review Dashboard' })).toBeVisible();

    // Start the song from its card, then drive the one global player from the bar.
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: song.title }) });
    await card
      .getByRole('region', { name: `Player for ${song.title}` })
      .getByRole('button', { name: 'Play' })
      .click();
    const pause = bar.getByRole('button', { name: 'Pause' });
    await expect(pause).toBeEnabled();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);

    await pause.click();
    await expect(bar.getByRole('button', { name: 'Play' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(true);
    await bar.getByRole('button', { name: 'Play' }).click();
    await expect(bar.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);

    await bar.getByRole('link', { name: 'Label Hub', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test('crossing 768 px swaps the bars but keeps the page and what was typed in it', async ({
  page,
  request,
}) => {
  const { admin } = await createLabelWithMembers(request, { members: 0 });
  await signInAndWait(page, admin.email);
  await page.goto('/feedback');
  const message = page.getByRole('textbox', { name: 'Your message' });
  await message.fill('Half-written thought about the waveform');

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(
    page.getByRole('navigation', { name: 'Mobile navigation' }).getByRole('link', { name: 'Label Hub' }),
  ).toBeVisible();
  await expect(message).toHaveValue('Half-written thought about the waveform');

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible();
  await expect(message).toHaveValue('Half-written thought about the waveform');
});
