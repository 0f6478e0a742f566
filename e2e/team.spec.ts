import {
  apiSignIn,
  createAccount,
  createLabelWithMembers,
  expect,
  latestMail,
  signInAndWait,
  test,
  uniqueEmail,
} from './fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

test.describe('team administration', () => {
  test('an admin promotes a member and regenerates the invitation code', async ({ page, request }) => {
    const { admin, members } = await createLabelWithMembers(request, { members: 1 });
    const member = members[0]!;
    const meOf = async (token: string) =>
      (await (await request.get('/api/v1/me', { headers: bearer(token) })).json()) as {
        reviewer: { is_admin: boolean };
        organization: { invite_code?: string } | null;
      };
    const oldCode = (await meOf(admin.token)).organization!.invite_code!;

    await signInAndWait(page, admin.email);
    await page.goto('/profile#settings');
    const team = page.locator('#team');
    await expect(team.getByRole('heading', { name: 'Team' })).toBeVisible();
    await expect(team.getByText('2 of 3')).toBeVisible();

    const role = team.getByLabel('Role of Member 1');
    await expect(role).toHaveValue('member');
    await role.selectOption('Admin');
    await expect(page.getByText('Member 1 is now an Admin')).toBeVisible();
    await expect(role).toHaveValue('admin');
    expect((await meOf(member.token)).reviewer.is_admin).toBe(true);

    await expect(team.getByText(oldCode)).toBeVisible();
    await team.getByRole('button', { name: 'Regenerate code' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the invitation code?' });
    await dialog.getByRole('button', { name: 'Regenerate code' }).click();
    await expect(page.getByText('New invitation code created. The old code no longer works.')).toBeVisible();
    await expect(team.getByText(oldCode)).toHaveCount(0);
    const newCode = (await meOf(admin.token)).organization!.invite_code!;
    expect(newCode).not.toBe(oldCode);
    await expect(team.getByText(newCode)).toBeVisible();

    // The old code no longer joins; the new one does.
    const joiner = await createAccount(request, { name: 'Late Joiner' });
    const joinerToken = await apiSignIn(request, joiner.email);
    const withOld = await request.post('/api/v1/organizations/join', {
      data: { invite_code: oldCode },
      headers: bearer(joinerToken),
    });
    expect(withOld.status()).toBe(404);
    const withNew = await request.post('/api/v1/organizations/join', {
      data: { invite_code: newCode },
      headers: bearer(joinerToken),
    });
    expect(withNew.status()).toBe(200);
    await expect(team.getByLabel('Role of Late Joiner')).toHaveValue('member');
  });

  test('a removed member loses access at once and lands on onboarding', async ({
    page,
    browser,
    request,
  }) => {
    const { admin, members } = await createLabelWithMembers(request, { members: 1 });
    const member = members[0]!;

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    try {
      await signInAndWait(memberPage, member.email);
      // On a page of the label, with its realtime connection.
      await expect(memberPage.getByRole('heading', { level: 1 })).toBeVisible();

      await signInAndWait(page, admin.email);
      await page.goto('/profile#settings');
      await page.getByRole('button', { name: 'Remove Member 1' }).click();
      await page
        .getByRole('dialog', { name: 'Remove Member 1?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(page.getByText('Member 1 was removed from the label')).toBeVisible();
      await expect(page.getByLabel('Role of Member 1')).toHaveCount(0);

      await expect(memberPage.getByRole('heading', { name: 'Welcome to Music Review' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(memberPage).toHaveURL(/\/organization-setup$/);
    } finally {
      await memberContext.close();
    }
  });

  test('an admin invites by email: the mail has the code and a join link', async ({ page, request }) => {
    const { admin } = await createLabelWithMembers(request, { members: 0 });
    await signInAndWait(page, admin.email);
    await page.goto('/profile#settings');

    const email = uniqueEmail('invitee');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    const code = await page.locator('#team code').textContent();
    const mail = await latestMail(request, email, /^Join /);
    expect(mail.text).toContain(`Your invitation code is ${code}.`);
    expect(mail.text).toMatch(new RegExp(`/organization-setup\\?invite_code=${code}`));
  });

  test('a member sees no team administration', async ({ page, request }) => {
    const { members } = await createLabelWithMembers(request, { members: 1 });
    await signInAndWait(page, members[0]!.email);
    await page.goto('/profile#settings');
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Appearance' })).toBeVisible();
    await expect(page.locator('#team')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Regenerate code' })).toHaveCount(0);
  });
});
