import { expect, signInThroughUi, test } from './fixtures.ts';

// Uses the demo catalogue (songs with synthesised audio seeded at start). Only this test reviews
// as alex, so the other tests' expectations of the demo data hold.
test.describe('demo review', () => {
  test('review a pending song: blind until reviewed, then under My Reviews with the artist and averages', async ({
    page,
  }) => {
    await signInThroughUi(page, 'alex@demo.test', 'demo-password');
    // Signed in (the session cookie is set) before leaving the page.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.goto('/review-dashboard');
    await expect(page.getByRole('tab', { name: /Pending Reviews/ })).toHaveAttribute('aria-selected', 'true');

    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Neon Harbour' }) });
    await expect(card).toBeVisible();
    await expect(card.getByText('7 days left')).toBeVisible();
    await expect(card.getByText('Lumen Vale')).toHaveCount(0);
    // Expired and signed songs are not pending.
    await expect(page.getByRole('heading', { name: 'Quiet Engines' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Summer Static' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Review This Song' }).click();
    await expect(page).toHaveURL(/\/review\/[0-9a-f-]{36}$/);
    await page.getByLabel('Musical score').fill('8');
    await page.getByLabel('Artist score').fill('7');
    await page.getByLabel('Overall score').fill('9');
    await page.getByLabel('Comment').fill('Big chorus, tighten the intro.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect(page.getByText('Review submitted')).toBeVisible();

    await page.goto('/review-dashboard');
    await page.getByRole('tab', { name: /My Reviews/ }).click();
    const reviewed = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: 'Neon Harbour' }) });
    await expect(reviewed.getByText('Lumen Vale')).toBeVisible();
    await expect(reviewed.getByText('Reviewed', { exact: true })).toBeVisible();
    await expect(reviewed).toContainText('8.0');
    await expect(reviewed).toContainText('9.0');
  });

  test('the player keeps playing across pages', async ({ page }) => {
    await signInThroughUi(page, 'sam@demo.test', 'demo-password');
    // Signed in (the session cookie is set) before leaving the page.
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.goto('/review-dashboard');
    const player = page
      .getByRole('region', { name: 'Player for Slow Tide' })
      .or(page.locator('section[aria-label="Player for Slow Tide"]'));
    await player.getByRole('button', { name: 'Play' }).click();
    const bottom = page
      .getByRole('region', { name: 'Audio player' })
      .or(page.locator('[aria-label="Audio player"]'));
    await expect(bottom.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(bottom).toContainText('Slow Tide');

    await page.getByRole('link', { name: 'Overview' }).first().click();
    await expect(page).toHaveURL(/\/overview$/);
    await expect(bottom.getByRole('button', { name: 'Pause' })).toBeVisible();
    const position = () => page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0);
    const before = await position();
    await expect.poll(position, { timeout: 10_000 }).toBeGreaterThan(before + 0.5);
  });
});
