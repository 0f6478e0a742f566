import type { Browser } from '@playwright/test';
import { createLabelWithMembers, expect, signInAndWait, test } from './fixtures.ts';

const DEMO_PASSWORD = 'demo-password';
/** The demo seed's support staff account (listed in SUPPORT_EMAILS in development and tests). */
const SUPPORT_EMAIL = 'support@demo.test';
const NO_PLAN = 'Please upgrade to a plan with chat functionality to access support chat.';

async function signedInPage(browser: Browser, email: string, password?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAndWait(page, email, password);
  return { context, page };
}

test.describe('support chat', () => {
  test('a member of a label whose plan has chat asks support; the staff answer from the inbox', async ({
    page,
    browser,
  }) => {
    const question = `Where do I find my contracts? ${Date.now().toString(36)}`;
    const answer = `Under Signed Songs, tab Contracts. ${Date.now().toString(36)}`;

    // The demo label is on the Label plan, which has chat (no API sets a label's plan).
    await signInAndWait(page, 'alex@demo.test', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Contact Support' }).click();
    // The messages panel opens on the support conversation.
    await expect(page.getByRole('heading', { name: 'Support', exact: true })).toBeVisible();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.fill(question);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByText(question)).toBeVisible();

    // Support staff: the inbox is in their user menu, with the label's name on the conversation.
    const staff = await signedInPage(browser, SUPPORT_EMAIL, DEMO_PASSWORD);
    await staff.page.getByRole('button', { name: 'User menu' }).click();
    await staff.page.getByRole('menuitem', { name: /Support Inbox/ }).click();
    await expect(staff.page.getByRole('heading', { level: 1, name: 'Support Inbox' })).toBeVisible();
    const inbox = staff.page.getByRole('navigation', { name: 'Support conversations' });
    const row = inbox.getByRole('link').filter({ hasText: 'Demo Records' }).filter({ hasText: question });
    await row.click();
    const thread = staff.page.getByRole('region', { name: 'Support conversation with Demo Records' });
    await expect(thread.getByText(question)).toBeVisible();
    await thread.getByRole('textbox', { name: 'Message' }).fill(answer);
    await thread.getByRole('button', { name: 'Send' }).click();
    await expect(thread.getByText(answer)).toBeVisible();

    // The member sees the answer arrive without a reload.
    await expect(page.getByText(answer)).toBeVisible({ timeout: 15_000 });
    await staff.context.close();
  });

  test('members other than staff are not shown the inbox', async ({ page }) => {
    await signInAndWait(page, 'sam@demo.test', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'View Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: /Support Inbox/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/support-inbox');
    await expect(page.getByRole('heading', { name: 'Not available' })).toBeVisible();
  });

  test('a Starter label gets the plan toast once its one-time trial is spent', async ({ page, request }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const member = label.members[0]!;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });

    // The first support chat of a Starter label is its trial; it stays usable afterwards.
    const trial = await request.post('/api/v1/conversations', {
      data: { type: 'support' },
      headers: auth(member.token),
    });
    expect(trial.status(), await trial.text()).toBe(201);
    const again = await request.post('/api/v1/conversations', {
      data: { type: 'support' },
      headers: auth(member.token),
    });
    expect(again.status(), await again.text()).toBe(200);

    // Anyone else of the label asking for a new one now gets the upgrade toast.
    await signInAndWait(page, label.admin.email);
    const button = page.getByRole('button', { name: /Contact Support/ });
    await expect(button.getByText('Pro')).toBeVisible();
    await button.click();
    await expect(page.getByText(NO_PLAN)).toBeVisible();
    expect(page.url()).not.toContain('chat=');
  });
});
