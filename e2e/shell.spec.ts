import { apiSignIn, createAccount, createLabelViaApi, expect, signInThroughUi, test } from './fixtures.ts';

test.describe('application shell', () => {
  test('desktop: the sidebar collapses and remembers it on this device', async ({ page }) => {
    await signInThroughUi(page, 'admin@demo.test', 'demo-password');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('desktop: top bar and user menu', async ({ page }) => {
    await signInThroughUi(page, 'admin@demo.test', 'demo-password');
    await expect(page.getByPlaceholder('Search songs, artists, contracts, or metadata...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('admin@demo.test')).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/profile#settings$/);
  });

  test('mobile: top bar and the bottom bar with the spec items, no sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 780 });
    await signInThroughUi(page, 'admin@demo.test', 'demo-password');
    await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Messages' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeHidden();
    const bar = page.getByRole('navigation', { name: /mobile/i });
    for (const name of [
      'Add',
      'Review',
      'Overview',
      'Signed',
      'Analytics',
      'Finance',
      'Distribution',
      'Label Hub',
    ]) {
      await expect(bar.getByRole('link', { name, exact: true })).toBeAttached();
    }
    for (const name of ['Skip back 10 seconds', 'Play', 'Skip forward 10 seconds']) {
      await expect(bar.getByRole('button', { name })).toBeAttached();
    }
    await bar.getByRole('link', { name: 'Review', exact: true }).click();
    await expect(page).toHaveURL(/\/review-dashboard$/);
  });
});

test.describe('live updates', () => {
  test('the label hub counts a new member the moment they join, without a reload', async ({
    page,
    request,
  }) => {
    const { owner, inviteCode } = await createLabelViaApi(request, 'Live Wire');
    await signInThroughUi(page, owner.email);
    const members = page.getByRole('group', { name: 'Members' });
    await expect(members).toContainText('1');
    await expect(members).toContainText('of 3 seats on your plan');

    const joiner = await createAccount(request);
    const token = await apiSignIn(request, joiner.email);
    const res = await request.post('/api/v1/organizations/join', {
      data: { invite_code: inviteCode },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
    await expect(members).toContainText('2');
  });
});
