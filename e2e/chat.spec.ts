import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  createLabelWithMembers,
  createSongViaApi,
  expect,
  type LabelMember,
  signInAndWait,
  test,
} from './fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Resolves once the page's realtime socket confirmed a subscription to the topic. */
function subscribed(page: Page, topic: string) {
  return new Promise<void>((resolve) => {
    const watch = (socket: import('@playwright/test').WebSocket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.includes('"subscribed"') && text.includes(`"${topic}"`)) resolve();
      });
    page.on('websocket', watch);
  });
}

/** A second browser (its own cookies and storage), not signed in yet. */
async function newBrowserPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  return { context, page };
}

async function reviewerId(request: APIRequestContext, token: string, email: string) {
  const res = await request.get('/api/v1/reviewers', { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const members = (await res.json()) as { id: string; email: string }[];
  const found = members.find((m) => m.email === email);
  if (!found) throw new Error(`no member ${email}`);
  return found.id;
}

async function openConversation(request: APIRequestContext, member: LabelMember, data: object) {
  const res = await request.post('/api/v1/conversations', { data, headers: bearer(member.token) });
  expect([200, 201], await res.text()).toContain(res.status());
  return ((await res.json()) as { id: string }).id;
}

const panelOf = (page: Page) => page.getByRole('dialog', { name: 'Messages' });
const messagesIn = (page: Page) => panelOf(page).getByRole('list', { name: 'Messages' });

test.describe('chat between two members', () => {
  test('a direct message arrives without a reload, typing first; the badge counts; reading clears it and shows "Seen by"', async ({
    page,
    browser,
    request,
  }) => {
    const label = await createLabelWithMembers(request, { members: 1 });
    const admin = label.admin;
    const member = label.members[0]!;
    const memberId = await reviewerId(request, admin.token, member.email);
    const dmId = await openConversation(request, admin, { type: 'dm', user_id: memberId });

    // The member opens the direct message in the panel (another browser).
    const other = await newBrowserPage(browser);
    const memberThreadReady = subscribed(other.page, `conversation:${dmId}`);
    await signInAndWait(other.page, member.email);
    await other.page.getByRole('button', { name: 'Messages' }).click();
    await panelOf(other.page)
      .getByRole('button', { name: new RegExp(admin.name) })
      .click();
    await expect(panelOf(other.page).getByRole('heading', { name: admin.name })).toBeVisible();
    await memberThreadReady;

    // The admin opens it through a link, as a mention notification does.
    const adminThreadReady = subscribed(page, `conversation:${dmId}`);
    await signInAndWait(page, admin.email);
    await page.goto(`/?chat=${dmId}`);
    await expect(panelOf(page).getByRole('heading', { name: member.name })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await adminThreadReady;

    // Typing shows on the other side first, then the message, without a reload.
    const box = panelOf(page).getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Hello from the admin', { delay: 20 });
    await expect(panelOf(other.page).getByText(`${admin.name} is typing...`)).toBeVisible({
      timeout: 10_000,
    });
    await box.press('Enter');
    await expect(box).toHaveValue('');
    await expect(messagesIn(other.page).getByText('Hello from the admin')).toBeVisible();
    // Sending ended the typing state.
    await expect(panelOf(other.page).getByText(`${admin.name} is typing...`)).toBeHidden({ timeout: 10_000 });
    // The member has the thread open: it is read at once, and the admin sees it.
    const adminMessages = messagesIn(page);
    await expect(
      adminMessages.getByRole('listitem').filter({ hasText: 'Hello from the admin' }),
    ).toContainText('Seen by', { timeout: 10_000 });

    // The member closes the panel; two more messages count on the badge.
    const memberBadgeReady = other.page.getByTestId('messages-badge');
    await panelOf(other.page).getByRole('button', { name: 'Close messages' }).click();
    await expect(panelOf(other.page)).toBeHidden();
    for (const text of ['Are you there?', 'Second ping']) {
      await box.fill(text);
      await panelOf(page).getByRole('button', { name: 'Send' }).click();
      await expect(adminMessages.getByText(text)).toBeVisible();
    }
    await expect(memberBadgeReady).toHaveText('2');
    // Not seen yet: "Seen by" stays under the first message... which is no longer the latest of mine.
    await expect(adminMessages.getByText('Seen by')).toHaveCount(0);

    // Opening the panel shows the conversation with 2 unread; opening it reads them.
    await other.page.getByRole('button', { name: 'Messages' }).click();
    const row = panelOf(other.page).getByRole('button', { name: new RegExp(admin.name) });
    await expect(row).toContainText('Second ping');
    await expect(row.getByTestId('conversation-unread')).toHaveText('2 unread messages');
    await row.click();
    await expect(messagesIn(other.page).getByText('Second ping')).toBeVisible();
    await expect(memberBadgeReady).toBeHidden();
    await expect(adminMessages.getByRole('listitem').filter({ hasText: 'Second ping' })).toContainText(
      'Seen by',
    );

    // A reply from the member arrives for the admin, in order.
    const reply = panelOf(other.page).getByRole('textbox', { name: 'Message' });
    await reply.fill('Yes, here!');
    await reply.press('Enter');
    await expect(adminMessages.getByRole('listitem').last()).toContainText('Yes, here!');
    await expect(adminMessages.getByRole('listitem')).toHaveCount(4);
    await other.context.close();
  });

  test('a mention suggests the member and notifies them', async ({ page, browser, request }) => {
    const label = await createLabelWithMembers(request, { members: 2 });
    const admin = label.admin;
    const [first, second] = label.members as [LabelMember, LabelMember];
    const song = await createSongViaApi(request, admin.token, { title: 'Harbour Lights', artist: 'Nova' });
    const chatId = await openConversation(request, admin, { type: 'song_chat', song_id: song.id });

    // The second member waits with the bell (realtime).
    const other = await newBrowserPage(browser);
    const bellReady = subscribed(other.page, 'table:notifications');
    const bellLoaded = other.page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/api/v1/notifications' && r.ok(),
    );
    await signInAndWait(other.page, second.email);
    await bellReady;
    // The new song's own notification may already be there: count from what the bell loaded.
    const before = ((await (await bellLoaded).json()) as { unread_count: number }).unread_count;
    const badge = other.page.getByTestId('notifications-badge');
    const badgeCount = async () => ((await badge.count()) ? Number(await badge.textContent()) : 0);

    await signInAndWait(page, admin.email);
    await page.goto(`/?chat=${chatId}`);
    const panel = panelOf(page);
    await expect(panel.getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
    const box = panel.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Thoughts on the mix, @mem');
    const suggestions = page.getByRole('listbox', { name: 'Mention suggestions' });
    await expect(suggestions.getByRole('option')).toHaveText([
      new RegExp(first.name),
      new RegExp(second.name),
    ]);
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(box).toHaveValue(`Thoughts on the mix, @${second.name} `);
    await box.pressSequentially('?');
    await box.press('Enter');
    await expect(messagesIn(page).getByText(`Thoughts on the mix, @${second.name} ?`)).toBeVisible();

    // The mentioned member's bell shows it at once; its click opens the conversation.
    await expect.poll(badgeCount).toBe(before + 1);
    await other.page.getByRole('button', { name: 'Notifications' }).click();
    const item = other.page
      .getByRole('menu', { name: 'Notifications' })
      .getByRole('menuitem', { name: /mentioned you/ });
    await expect(item).toContainText(admin.name);
    await item.click();
    await expect(panelOf(other.page).getByRole('heading', { name: 'Harbour Lights' })).toBeVisible();
    await expect(messagesIn(other.page).getByText(`@${second.name}`)).toBeVisible();

    // The other member was not notified.
    const res = await request.get('/api/v1/notifications', { headers: bearer(first.token) });
    const body = (await res.json()) as { notifications: { type: string }[] };
    expect(body.notifications.filter((n) => n.type === 'mention')).toEqual([]);
    await other.context.close();
  });
});
