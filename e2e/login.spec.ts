import {
  createAccount,
  expect,
  latestMail,
  linkIn,
  PASSWORD,
  signInThroughUi,
  test,
  uniqueEmail,
} from './fixtures.ts';

test.describe('login screen', () => {
  test('shows the spec texts and refuses empty fields without a request', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(page.getByText('Need help? Contact us!')).toBeVisible();
    let tokenCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/token')) tokenCalls += 1;
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your email and password')).toBeVisible();
    await page.getByLabel('Email').fill('someone@e2e.test');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter your email and password')).toBeVisible();
    expect(tokenCalls).toBe(0);
  });

  test('wrong credentials show the fallback text and keep what was typed', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await signInThroughUi(page, email, 'wrong-password-1');
    await expect(page.getByText('Invalid email or password.')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password')).toHaveValue('wrong-password-1');
  });

  test('demo admin signs in, lands on / in the shell, and stays signed in after a reload', async ({
    page,
  }) => {
    await signInThroughUi(page, 'admin@demo.test', 'demo-password');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByText('Demo Records').first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toHaveCount(0);
  });

  test('sign out from the user menu returns to the login screen', async ({ page }) => {
    await signInThroughUi(page, 'alex@demo.test', 'demo-password');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
  });
});

test.describe('verify email', () => {
  test('an unconfirmed account sees the verify view, can resend once a minute, and go back', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request, { confirmed: false });
    await signInThroughUi(page, email);
    const resend = page.getByRole('button', { name: /Resend verification email/ });
    await expect(resend).toBeVisible();
    await resend.click();
    await expect(page.getByText('Verification email sent! Please check your inbox.')).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend/ })).toBeDisabled();
    await page.getByRole('button', { name: 'Back to Login' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    await expect(page.getByText('Verification email sent! Please check your inbox.')).toHaveCount(0);
  });

  test('a used or bogus confirmation link shows a clear message on the login screen', async ({ page }) => {
    await page.goto('/auth/v1/verify?type=signup&token=not-a-real-token');
    await expect(
      page.getByText('This link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
  });
});

test.describe('sign-up', () => {
  test('a new person signs up, confirms from the mailbox and reaches onboarding', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('signup');
    await page.goto('/');
    await page
      .getByRole('button', { name: 'Create an account' })
      .or(page.getByRole('link', { name: 'Create an account' }))
      .click();
    await page.getByLabel('Full name').fill('Jordan Vale');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(email).first()).toBeVisible();
    const link = linkIn(await latestMail(request, email));
    await page.goto(link);
    await expect(page).toHaveURL(/\/organization-setup$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible();
  });
});
