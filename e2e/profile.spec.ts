import { apiSignIn, createLabelViaApi, expect, signInAndWait, test } from './fixtures.ts';

// A real 1x1 PNG: the server checks the bytes, not only the declared type.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test.describe('profile', () => {
  test('a user changes their name and sees it in the user menu', async ({ page, request }) => {
    const { owner } = await createLabelViaApi(request, 'Name Change Records');
    await signInAndWait(page, owner.email);
    await page.goto('/profile');

    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toHaveValue(owner.name);
    await name.fill('Jordan Vale');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Name saved')).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menu').getByText('Jordan Vale')).toBeVisible();
    // Kept: a reload shows the saved name.
    await page.reload();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Jordan Vale');
  });

  test('a user uploads a photo and it replaces the initials in the user menu button', async ({
    page,
    request,
  }) => {
    const { owner } = await createLabelViaApi(request, 'Photo Records');
    await signInAndWait(page, owner.email);
    await page.goto('/profile');

    const menuButton = page.getByRole('button', { name: 'User menu' });
    await expect(menuButton.locator('img')).toHaveCount(0);
    await page.getByLabel('Upload photo').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG_1X1,
    });
    await expect(page.getByText('Photo updated')).toBeVisible();
    await expect(menuButton.locator('img')).toHaveAttribute('src', /\/storage\/v1\/object\//);
    await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
  });

  test('a user signs out another session from the list', async ({ page, request }) => {
    const { owner } = await createLabelViaApi(request, 'Session Records');
    const otherToken = await apiSignIn(request, owner.email);
    await signInAndWait(page, owner.email);
    await page.goto('/profile');

    const sessions = page.getByRole('list', { name: 'Sessions' });
    const thisDevice = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(thisDevice).toContainText(/Chrome on \w+/);
    const others = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
    // The API sign-in, and the one the email confirmation opened.
    await expect(others).not.toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    await expect(page.getByText('Signed out of all other sessions')).toBeVisible();
    await expect(others).toHaveCount(0);

    const me = await request.get('/api/v1/me', { headers: { authorization: `Bearer ${otherToken}` } });
    expect(me.status()).toBe(401);
    // This device goes on.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  });
});
