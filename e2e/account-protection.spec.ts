import { createAccount, expect, latestMail, signInThroughUi, test, uniqueEmail } from './fixtures.ts';

test.describe('account protection (issue 12)', () => {
  test('a signed-out visit asks nothing about a session and logs no failed request', async ({ page }) => {
    const tokenCalls: string[] = [];
    const failures: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/token')) tokenCalls.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') failures.push(m.text());
    });

    for (const path of ['/auth', '/', '/reset-password']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
    expect(tokenCalls).toEqual([]);
    expect(failures).toEqual([]);
  });

  test('a signed-in reload restores the session from the cookie', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await expect(page.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible();
  });

  test('sign-up shows a strength meter, refuses a common password, and answers a taken address like a new one', async ({
    page,
    request,
  }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill('Robin Meter');
    const email = uniqueEmail('meter');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('password');
    await expect(page.getByText(/^Strength: Very weak/)).toBeVisible();
    await expect(page.getByRole('meter', { name: 'Strength' })).toHaveAttribute(
      'aria-valuetext',
      'Very weak',
    );
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('This is a heavily used password.', { exact: false }).last()).toBeVisible();

    await page.getByLabel('Password').fill('quiet-lantern-harbor-62');
    await expect(page.getByText('Strength: Strong')).toBeVisible();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();

    // The same address again: the same screen, and its owner hears of it.
    const taken = await createAccount(request);
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Full name').fill('Someone Else');
    await page.getByLabel('Email').fill(taken.email);
    await page.getByLabel('Password').fill('violet-harbor-canyon-71');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
    const notice = await latestMail(request, taken.email, /Someone tried to sign up/);
    expect(notice.text).toContain('Someone tried to create a Music Review account with this email address');
  });
});
