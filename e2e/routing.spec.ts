import { createAccount, expect, signInThroughUi, test } from './fixtures.ts';

test.describe('redirects and guards', () => {
  test('signed out, any private route shows the login screen and keeps its address', async ({ page }) => {
    await page.goto('/review-dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(page).toHaveURL(/\/review-dashboard$/);
  });

  test('public routes render without a session', async ({ page }) => {
    for (const path of ['/metadata/abc', '/contracts/123', '/artist/deny-signing/xyz', '/label-copy/t1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toHaveCount(0);
      await expect(page.getByRole('heading').first()).toBeVisible();
    }
  });

  test('signed in without a label goes to /organization-setup', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/organization-setup$/);
    await page.goto('/review-dashboard');
    await expect(page).toHaveURL(/\/organization-setup$/);
  });

  test('signed in with a label: /dashboard and unknown paths go to /', async ({ page }) => {
    await signInThroughUi(page, 'sam@demo.test', 'demo-password');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/organization-setup');
    await expect(page).toHaveURL(/\/$/);
  });

  test('signed in with a label: the old artist pages go to /artists-writers; the dashboard has its title', async ({
    page,
  }) => {
    await signInThroughUi(page, 'sam@demo.test', 'demo-password');
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await page.goto('/manage-artists');
    await expect(page).toHaveURL(/\/artists-writers$/);
    await page.goto('/manage-writers');
    await expect(page).toHaveURL(/\/artists-writers$/);
    await page.goto('/review-dashboard');
    await expect(page.getByRole('heading', { name: 'Review Dashboard' })).toBeVisible();
    await expect(page.getByText('Manage and track song reviews for your organization')).toBeVisible();
  });
});

test.describe('theme', () => {
  test('dark by default, toggled and remembered under "theme"', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/dark/);
  });
});
