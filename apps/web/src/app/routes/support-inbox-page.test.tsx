import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeConversation, makeMessage } from '../../features/messages/testing/factories';
import { threadRoutes } from '../../features/song-chat/testing/thread-routes';
import { makeClientSession, makeMe } from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';

const support = (id: string, organization: string, preview: string, unread = 0) =>
  makeConversation({
    id,
    type: 'support',
    user1_id: null,
    user2_id: null,
    title: 'Support',
    other_member: null,
    organization_name: organization,
    last_message_preview: preview,
    unread_count: unread,
  });

const fromMidnight = support(
  '00000000-0000-4000-8000-00000000c001',
  'Midnight Records',
  'Where are my contracts?',
  2,
);
const fromSunrise = support('00000000-0000-4000-8000-00000000c002', 'Sunrise Music', 'Thanks!');
const staffMe = makeMe({ organization: { ...makeMe().organization!, name: 'Music Review Support' } });

beforeAll(async () => {
  await import('./support-inbox-page');
});

describe('support inbox', () => {
  it('tells an account that is not support staff that the inbox is not available', async () => {
    mockFetch({ 'GET /api/v1/me': json(200, makeMe()) });
    renderApp({ route: '/support-inbox', session: makeClientSession() });
    expect(await screen.findByRole('heading', { name: 'Not available' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Support conversations' })).toBeNull();
  });

  it('lists every label’s support conversations with the label’s name and opens one', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/v1/me': json(200, staffMe),
      'GET /api/v1/support/conversations': json(200, [fromMidnight, fromSunrise]),
      ...threadRoutes(fromMidnight, [
        makeMessage({
          sequence: 1,
          conversation_id: fromMidnight.id,
          message_text: 'Where are my contracts?',
          sender_name: 'Grace Hopper',
        }),
      ]),
    });
    renderApp({ route: '/support-inbox', session: makeClientSession() });

    const inbox = await screen.findByRole('navigation', { name: 'Support conversations' });
    const rows = within(inbox).getAllByRole('link');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Midnight Records.*Where are my contracts\?2 unread$/),
      expect.stringMatching(/^Sunrise Music.*Thanks!$/),
    ]);

    await user.click(rows[0]!);
    const thread = await screen.findByRole('region', { name: 'Support conversation with Midnight Records' });
    expect(await within(thread).findByText('Where are my contracts?')).toBeTruthy();
    expect(within(thread).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(rows[0]!.getAttribute('aria-current')).toBe('true');
  });

  it('is offered in the user menu to support staff only', async () => {
    const user = userEvent.setup({ delay: null });
    mockFetch({
      'GET /api/v1/me': json(200, staffMe),
      'GET /api/v1/support/conversations': json(200, [fromMidnight]),
    });
    renderApp({ route: '/home', session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: /User menu$/ }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    const link = await within(menu).findByRole('menuitem', { name: /Support Inbox/ });
    expect(link.getAttribute('href')).toBe('/support-inbox');
    expect(link.textContent).toBe('Support Inbox2 unread');
  });

  it('is not in the user menu of a label member', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      'GET /api/v1/me': json(200, makeMe()),
      'GET /api/v1/support/conversations': apiError(404, 'not_found', 'Not found'),
    });
    renderApp({ route: '/home', session: makeClientSession() });
    await user.click(await screen.findByRole('button', { name: /User menu$/ }));
    const menu = screen.getByRole('menu', { name: 'User menu' });
    await within(menu).findByRole('menuitem', { name: 'Settings' });
    await expect.poll(() => server.requestsTo('GET /api/v1/support/conversations').length).toBe(1);
    expect(within(menu).queryByRole('menuitem', { name: /Support Inbox/ })).toBeNull();
  });
});
