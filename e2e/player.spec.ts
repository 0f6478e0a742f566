import type { Locator, Page } from '@playwright/test';
import {
  createLabelWithMembers,
  createSongViaApi,
  expect,
  reviewViaApi,
  signInAndWait,
  test,
} from './fixtures.ts';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  expect(found, 'element is laid out').not.toBeNull();
  return found!;
};

/** Starts the reviewed song from its card under My Reviews. */
async function playFromMyReviews(page: Page, title: string) {
  await page.goto('/review-dashboard');
  await page.getByRole('tab', { name: 'My Reviews' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: title }) });
  await card
    .getByRole('region', { name: `Player for ${title}` })
    .getByRole('button', { name: 'Play' })
    .click();
  await expect.poll(() => page.evaluate(() => document.querySelector('audio')?.paused)).toBe(false);
}

test.describe('bottom player layout (issue 12)', () => {
  test('desktop: the seek bar keeps at least 160 px and the end time clears the minimise button, sidebar open or collapsed', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    const song = await createSongViaApi(request, admin.token, {
      title: 'A Rather Long Song Title For The Player',
      artist: 'Wide Artist',
      seconds: 95,
    });
    await reviewViaApi(request, admin.token, song.id, { musical: 7, artist: 8, overall: 7 });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAndWait(page, admin.email);
    await playFromMyReviews(page, song.title);

    const player = page.getByRole('region', { name: 'Audio player' });
    await expect(player.getByText(song.title)).toBeVisible();
    await expect(player.getByText('Wide Artist')).toBeVisible();
    await expect(player.getByText('1:35', { exact: true })).toBeVisible();

    for (const collapsed of [false, true]) {
      const toggle = page.getByRole('button', { name: collapsed ? 'Collapse sidebar' : 'Expand sidebar' });
      if (await toggle.isVisible()) await toggle.click();
      await expect(
        page.getByRole('button', { name: collapsed ? 'Expand sidebar' : 'Collapse sidebar' }),
      ).toBeVisible();
      for (const width of [768, 900, 1024, 1280]) {
        const where = `${width} px, sidebar ${collapsed ? 'collapsed' : 'open'}`;
        await page.setViewportSize({ width, height: 800 });
        const seek = player.getByRole('slider', { name: 'Seek' });
        await expect(seek).toBeVisible();
        await expect.poll(async () => (await box(seek)).width, where).toBeGreaterThanOrEqual(160);
        const end = await box(player.getByText('1:35', { exact: true }));
        const minimise = await box(player.getByRole('button', { name: 'Minimise player' }));
        expect(overlaps(end, minimise), `${where}: end time and minimise button overlap`).toBe(false);
        // Nothing in the player runs past the window.
        const right = await player.evaluate((el) =>
          Math.max(...[...el.querySelectorAll('*')].map((child) => child.getBoundingClientRect().right)),
        );
        expect(right, where).toBeLessThanOrEqual(width);
        for (const control of ['Skip back 10 seconds', 'Pause', 'Skip forward 10 seconds']) {
          await expect(player.getByRole('button', { name: control }), where).toBeInViewport({ ratio: 1 });
        }
      }
    }
  });

  test('phone at 375 px: a now-playing strip above the bottom bar with title, artist, seek bar and times, which can be minimised', async ({
    page,
    request,
  }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    const song = await createSongViaApi(request, admin.token, {
      title: 'Pocket Anthem',
      artist: 'Small Screen',
      seconds: 95,
    });
    await reviewViaApi(request, admin.token, song.id, { musical: 6, artist: 6, overall: 6 });
    await page.setViewportSize({ width: 375, height: 740 });
    await signInAndWait(page, admin.email);
    await playFromMyReviews(page, song.title);

    const strip = page.getByRole('region', { name: 'Now playing' });
    const bar = page.getByRole('navigation', { name: 'Mobile navigation' });
    await expect(strip).toBeInViewport({ ratio: 1 });
    await expect(strip.getByText(song.title)).toBeVisible();
    await expect(strip.getByText('Small Screen')).toBeVisible();
    const seek = strip.getByRole('slider', { name: 'Seek' });
    await expect(seek).toBeVisible();
    expect((await box(seek)).width).toBeGreaterThanOrEqual(160);
    await expect(strip.getByText('1:35', { exact: true })).toBeVisible();
    await expect(strip.getByText(/^0:0\d$/)).toBeVisible();
    // Above the bar, not over it, and the page is padded so its end can scroll clear of both.
    const stripBox = await box(strip);
    const barBox = await box(bar);
    expect(stripBox.y + stripBox.height).toBeLessThanOrEqual(barBox.y + 1);
    const padding = await page
      .locator('main')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(padding).toBeGreaterThanOrEqual(740 - stripBox.y);
    // Seeking from the strip moves the one audio element.
    await seek.fill('60');
    await expect
      .poll(() => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0))
      .toBeGreaterThanOrEqual(59);

    await strip.getByRole('button', { name: 'Minimise now playing' }).click();
    await expect(strip.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    await expect(strip.getByText(song.title)).toBeVisible();
    const small = await box(strip);
    expect(small.height).toBeLessThan(stripBox.height);
    // Remembered on the device.
    await page.reload();
    await playFromMyReviews(page, song.title);
    await expect(strip.getByRole('slider', { name: 'Seek' })).toHaveCount(0);
    await strip.getByRole('button', { name: 'Show now playing' }).click();
    await expect(strip.getByRole('slider', { name: 'Seek' })).toBeVisible();

    // The messages panel opens over the strip, not under it.
    await page.getByRole('banner').getByRole('button', { name: 'Messages', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Messages' });
    await expect(panel).toBeVisible();
    const covered = await strip.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top ? !el.contains(top) : false;
    });
    expect(covered).toBe(true);
  });
});
