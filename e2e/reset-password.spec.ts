import {
  apiSignIn,
  createAccount,
  expect,
  latestMail,
  linkIn,
  signInThroughUi,
  test,
  uniqueEmail,
} from './fixtures.ts';

test.describe('forgot password', () => {
  test('shows every message of the reset form', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('No account found with this email address')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset instructions have been sent to your email')).toBeVisible();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
  });

  test('the emailed link sets a new password that then signs in', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await page.goto('/');
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password reset instructions have been sent to your email')).toBeVisible();

    const link = linkIn(await latestMail(request, email, /reset/i));
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password$/);
    await page.getByLabel('New Password').fill('brand-new-pass-1');
    await page.getByLabel('Confirm Password').fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();

    // The old password no longer works; the new one does.
    const old = await request.post('/auth/v1/token?grant_type=password', {
      data: { email, password: 'correct-horse-9' },
    });
    expect(old.status()).toBe(400);
    expect(await apiSignIn(request, email, 'brand-new-pass-1')).toBeTruthy();
  });

  test('/reset-password without a valid link says so and offers the way back', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(
      page.getByText('This link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
  });

  test('signing in after a reset uses the new password through the login screen', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request);
    const rec = await request.post('/auth/v1/recover', { data: { email } });
    expect(rec.status()).toBe(200);
    await page.goto(linkIn(await latestMail(request, email, /reset/i)));
    await page.getByLabel('New Password').fill('another-pass-77');
    await page.getByLabel('Confirm Password').fill('another-pass-77');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated')).toBeVisible();
    await page.context().clearCookies();
    await signInThroughUi(page, email, 'another-pass-77');
    await expect(page).toHaveURL(/\/organization-setup$/);
  });
});
