import { apiSignIn, createAccount, createLabelViaApi, expect, signInThroughUi, test } from './fixtures.ts';

test.describe('onboarding', () => {
  test('start a new label: every rule, the counter, Back clears, then the creator lands in the shell', async ({
    page,
    request,
  }) => {
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await expect(page).toHaveURL(/\/organization-setup$/);
    await expect(page.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible();

    await page.getByRole('button', { name: 'Start a New Label' }).click();
    const name = page.getByLabel('Label Name');
    await expect(name).toHaveAttribute('maxlength', '50');
    await page.getByRole('button', { name: 'Create Label' }).click();
    await expect(page.getByText('Please enter a label name')).toBeVisible();
    await name.fill('A');
    await page.getByRole('button', { name: 'Create Label' }).click();
    await expect(page.getByText('Label name must be at least 2 characters long')).toBeVisible();
    await name.fill('Bad/Name');
    await page.getByRole('button', { name: 'Create Label' }).click();
    await expect(
      page.getByText('Label name can only contain letters, numbers, spaces, and basic punctuation'),
    ).toBeVisible();
    await expect(page.getByText('8/50')).toBeVisible();

    // Leaving the sub-form clears its input and its error.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Start a New Label' }).click();
    await expect(page.getByLabel('Label Name')).toHaveValue('');
    await expect(page.getByText('Label name can only contain letters')).toHaveCount(0);

    await page.getByLabel('Label Name').fill('Night Drive Records');
    await page.getByRole('button', { name: 'Create Label' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Night Drive Records').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
  });

  test('join an existing label: empty and invalid codes, then success as a member', async ({
    page,
    request,
  }) => {
    const { inviteCode } = await createLabelViaApi(request, 'Join Me Records');
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await page.getByRole('button', { name: 'Join Existing Label' }).click();
    await page.getByRole('button', { name: 'Join Label' }).click();
    await expect(page.getByText('Please enter an invitation code')).toBeVisible();
    await page.getByLabel('Invitation Code').fill('NOPE-NOPE');
    await page.getByRole('button', { name: 'Join Label' }).click();
    await expect(page.getByText('Invalid invitation code. Please check and try again.')).toBeVisible();
    await expect(page.getByLabel('Invitation Code')).toHaveValue('NOPE-NOPE');

    await page.getByLabel('Invitation Code').fill(` ${inviteCode.toLowerCase()} `);
    await page.getByRole('button', { name: 'Join Label' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Join Me Records').first()).toBeVisible();
  });

  test('a full Starter label refuses the fourth person with the spec text', async ({ page, request }) => {
    const { inviteCode } = await createLabelViaApi(request, 'Full House');
    for (let i = 0; i < 2; i++) {
      const member = await createAccount(request);
      const token = await apiSignIn(request, member.email);
      const res = await request.post('/api/v1/organizations/join', {
        data: { invite_code: inviteCode },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status()).toBe(200);
    }
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await page.getByRole('button', { name: 'Join Existing Label' }).click();
    await page.getByLabel('Invitation Code').fill(inviteCode);
    await page.getByRole('button', { name: 'Join Label' }).click();
    await expect(
      page.getByText(
        'This organization has reached its user limit (3 users). Please contact the organization admin to upgrade their plan.',
      ),
    ).toBeVisible();
  });

  test('logout asks for confirmation', async ({ page, request }) => {
    const { email } = await createAccount(request);
    await signInThroughUi(page, email);
    await page.getByRole('button', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to log out?')).toBeVisible();
    await dialog.getByRole('button', { name: /cancel/i }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /log ?out/i })
      .click();
    await expect(page.getByRole('heading', { name: 'Welcome to the product' })).toBeVisible();
  });
});
