import { createLabelWithMembers, expect, signInAndWait, test } from './fixtures.ts';

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('feedback', () => {
  test('a member reports a bug with a screenshot from the page they were on, and sees it listed', async ({
    page,
    request,
  }) => {
    const { members } = await createLabelWithMembers(request, { members: 1 });
    await signInAndWait(page, members[0]!.email);
    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Overview' })
      .click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

    await page
      .getByRole('complementary', { name: 'Sidebar' })
      .getByRole('link', { name: 'Report bugs / Send feedback' })
      .click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Report bugs / Send feedback' })).toBeVisible();
    await expect(page.getByText("You haven't sent any feedback yet.")).toBeVisible();

    // Nothing typed: the form says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please describe the bug or your idea');

    await page
      .getByRole('textbox', { name: 'Your message' })
      .fill('The sort arrows flicker on the overview.');
    await page
      .getByLabel('Attach a screenshot (PNG, JPEG or WebP)')
      .setInputFiles({ name: 'flicker.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('img', { name: 'Screenshot to send' })).toBeVisible();
    await page.getByRole('button', { name: 'Send feedback' }).click();

    await expect(page.getByText('Thanks! Your feedback was sent.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Your message' })).toHaveValue('');
    const sent = page.getByRole('list', { name: 'Feedback you sent' }).getByRole('listitem');
    await expect(sent).toHaveCount(1);
    await expect(sent.first()).toContainText('Bug');
    await expect(sent.first()).toContainText('from /overview');
    await expect(sent.first()).toContainText('The sort arrows flicker on the overview.');
    const shot = sent.first().getByRole('img', { name: 'Attached screenshot' });
    await expect(shot).toBeVisible();
    // Visible before its bytes arrive: wait until the image has loaded (the 1 x 1 PNG sent).
    await expect
      .poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1))
      .toBe(true);

    // An idea next: the newest comes first, and it is still there after a reload.
    await page.getByRole('radio', { name: 'Idea' }).check();
    await page.getByRole('textbox', { name: 'Your message' }).fill('Let me score with the keyboard.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(sent).toHaveCount(2);
    await page.reload();
    await expect(sent.first()).toContainText('Idea');
    await expect(sent.first()).toContainText('Let me score with the keyboard.');
    await expect(sent.nth(1)).toContainText('The sort arrows flicker on the overview.');
  });
});
