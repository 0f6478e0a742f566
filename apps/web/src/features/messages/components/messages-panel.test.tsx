import type { ReviewerDto } from '@music-review/core/api';
import type { MessagePageDto } from '@music-review/core/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeReviewer } from '../../../test/factories';
import { json, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import { renderApp, waitForShell } from '../../../test/render';
import { ALAN, GRACE, ME, makeConversation, makeMessage, makePage, makeRead } from '../testing/factories';
import { ScriptedSocket } from '../testing/scripted-socket';

const me = makeMe();
const members: ReviewerDto[] = [
  makeReviewer(),
  makeReviewer({ id: GRACE.id, user_id: 'user-2', name: GRACE.name, email: GRACE.email }),
  makeReviewer({ id: ALAN.id, user_id: 'user-3', name: ALAN.name, email: ALAN.email }),
  ...['Barbara Liskov', 'Katherine Johnson', 'Radia Perlman', 'Edsger Dijkstra'].map((name, i) =>
    makeReviewer({
      id: `member-${i}`,
      user_id: `user-x${i}`,
      name,
      email: `${name.split(' ')[0]!.toLowerCase()}@label.test`,
    }),
  ),
];

const dm = makeConversation({ unread_count: 2, last_sequence: 3 });
const songChat = makeConversation({
  id: 'conv-2',
  type: 'song_chat',
  user1_id: null,
  user2_id: null,
  song_id: 'song-1',
  title: 'Midnight Drive',
  other_member: null,
  song: { id: 'song-1', title: 'Midnight Drive' },
  last_message_at: '2025-01-01T13:00:00.000Z',
  last_message_preview: 'Love the chorus',
  unread_count: 12,
});

type Routes = Parameters<typeof mockFetch>[0];

function messagesRoute(pages: { latest: MessagePageDto; after?: (after: number) => MessagePageDto }) {
  return (request: RecordedRequest) => {
    const query = new URL(request.path, 'http://localhost').searchParams;
    const after = query.get('after');
    if (after !== null && pages.after) return json(200, pages.after(Number(after)));
    return json(200, pages.latest);
  };
}

const threadMessages = [
  makeMessage({ sequence: 1, message_text: 'Hi Ada' }),
  makeMessage({ sequence: 2, sender_id: ME.id, sender_name: ME.name, message_text: 'Hello Grace' }),
  makeMessage({ sequence: 3, message_text: 'Did you hear the new mix?' }),
];

function baseRoutes(overrides: Routes = {}): Routes {
  return {
    'GET /api/v1/me': json(200, me),
    'GET /api/v1/organization': json(200, me.organization),
    'GET /api/v1/conversations': json(200, [dm, songChat]),
    'GET /api/v1/conversations/conv-1': json(200, dm),
    'GET /api/v1/conversations/conv-1/messages': messagesRoute({ latest: makePage(threadMessages) }),
    'GET /api/v1/conversations/conv-1/reads': json(200, []),
    'GET /api/v1/conversations/conv-1/typing': json(200, []),
    'POST /api/v1/conversations/conv-1/read': json(200, { unread_count: 0 }),
    'PUT /api/v1/conversations/conv-1/typing': json(204, null),
    'DELETE /api/v1/conversations/conv-1/typing': json(204, null),
    'GET /api/v1/reviewers': json(200, members),
    ...overrides,
  };
}

async function openApp(routes: Routes = {}, route = '/home') {
  const server = mockFetch(baseRoutes(routes));
  const user = userEvent.setup({ delay: null });
  const utils = renderApp({ route, session: makeClientSession() });
  await waitForShell();
  return { user, server, ...utils };
}

async function openThread(routes: Routes = {}) {
  const app = await openApp(routes);
  await app.user.click(screen.getByRole('button', { name: 'Messages' }));
  const panel = screen.getByRole('dialog', { name: 'Messages' });
  await app.user.click(await within(panel).findByRole('button', { name: /Grace Hopper/ }));
  const list = await within(panel).findByRole('list', { name: 'Messages' });
  return { ...app, panel, list };
}

const texts = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.whitespace-pre-wrap')?.textContent);

afterEach(() => ScriptedSocket.reset());

// The whole app renders around the panel: slow on a busy machine.
describe('the messages panel', { timeout: 15_000 }, () => {
  it('opens from the Messages button with the conversations, newest first, and closes with Escape', async () => {
    const { user } = await openApp();
    const button = screen.getByRole('button', { name: 'Messages' });
    await user.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    expect(button.getAttribute('aria-expanded')).toBe('true');

    const rows = await within(panel).findAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      expect.stringContaining('Midnight Drive'),
      expect.stringContaining('Grace Hopper'),
    ]);
    const [song, grace] = rows as [HTMLElement, HTMLElement];
    expect(song.textContent).toContain('Love the chorus');
    expect(within(song).getByTestId('conversation-unread').textContent).toBe('9+ unread messages');
    expect(within(grace).getByTestId('conversation-unread').textContent).toBe('2 unread messages');
    expect(grace.querySelector('time')?.getAttribute('datetime')).toBe(dm.last_message_at);
    expect(within(panel).getByRole('button', { name: 'New chat' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Messages' })).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says so when there is no conversation yet', async () => {
    const { user } = await openApp({ 'GET /api/v1/conversations': json(200, []) });
    await user.click(screen.getByRole('button', { name: 'Messages' }));
    expect(await screen.findByText('No conversations yet. Start one with New chat.')).toBeTruthy();
  });

  it('opens on the conversation named by ?chat= and takes the parameter out of the address', async () => {
    const { location } = await openApp({}, '/home?chat=conv-1&tab=x');
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(panel).findByText('Did you hear the new mix?')).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/home?tab=x'));
  });
});

describe('a thread', { timeout: 15_000 }, () => {
  it('shows the messages in order with sender and time, the own ones as "You", and marks them read', async () => {
    const { list, server, panel } = await openThread();
    expect(texts(list)).toEqual(['Hi Ada', 'Hello Grace', 'Did you hear the new mix?']);
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Grace Hopper');
    expect(items[1]!.textContent).toContain('You');
    expect(items[1]!.querySelector('time')?.getAttribute('datetime')).toBe(threadMessages[1]!.created_at);
    // Grace's messages are in view (jsdom has no IntersectionObserver: shown counts as seen).
    await waitFor(() => expect(server.requestsTo('POST /api/v1/conversations/conv-1/read')).toHaveLength(1));
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/read')[0]!.body).toEqual({
      up_to_sequence: 3,
    });
    // The top bar's badge asks again.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/v1/messages/unread-count').length).toBeGreaterThan(1),
    );
    // Back to the list.
    await userEvent.click(within(panel).getByRole('button', { name: 'Back to conversations' }));
    expect(await within(panel).findByRole('list', { name: 'Conversations' })).toBeTruthy();
  });

  it('shows a form link as a card that opens it', async () => {
    const attachment = makeMessage({
      sequence: 4,
      message_text: 'Here is the form',
      attachment_type: 'metadata_form',
      metadata_form_link: '/signed-songs/song-1/metadata',
      metadata_song_title: 'Midnight Drive',
    });
    const { list } = await openThread({
      'GET /api/v1/conversations/conv-1/messages': json(200, makePage([...threadMessages, attachment])),
    });
    const card = within(list).getByRole('link', { name: 'Metadata form: Midnight Drive' });
    expect(card.getAttribute('href')).toBe('/signed-songs/song-1/metadata');
  });

  it('shows a video call link as "Join call"', async () => {
    const call = makeMessage({
      sequence: 4,
      message_text:
        'Started a video call: http://localhost:3000/video-call/0b9f6f7e-3c1a-4d2b-9f1e-2a6c5d4e3f21',
    });
    const { list } = await openThread({
      'GET /api/v1/conversations/conv-1/messages': json(200, makePage([...threadMessages, call])),
    });
    const join = within(list).getByRole('link', { name: 'Join call' });
    expect(join.getAttribute('href')).toBe('/video-call/0b9f6f7e-3c1a-4d2b-9f1e-2a6c5d4e3f21');
    // The address itself is not shown: the button stands for it.
    expect(texts(list).at(-1)).toBe('Started a video callJoin call');
  });

  it('deletes my own message after a confirmation, and offers no delete on the messages of others', async () => {
    const { user, list, server } = await openThread({
      'DELETE /api/v1/messages/message-2': json(204, null),
    });
    // Only my message ("Hello Grace") can be deleted: I am not an admin.
    const deletes = within(list).getAllByRole('button', { name: 'Delete message' });
    expect(deletes).toHaveLength(1);
    await user.click(deletes[0]!);
    await user.click(within(list).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(texts(list)).toEqual(['Hi Ada', 'Did you hear the new mix?']));
    expect(server.requestsTo('DELETE /api/v1/messages/message-2')).toHaveLength(1);
  });

  it('applies pushed messages by sequence: appends, ignores duplicates, fetches a gap, drops deletions', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const missed = [
      makeMessage({ sequence: 5, message_text: 'Five' }),
      makeMessage({ sequence: 6, message_text: 'Six' }),
    ];
    const { list, server } = await openThread({
      'GET /api/v1/conversations/conv-1/messages': messagesRoute({
        latest: makePage(threadMessages),
        after: (after) =>
          makePage(
            [4, 5, 6]
              .filter((s) => s > after)
              .map((s) =>
                makeMessage({ sequence: s, message_text: s === 4 ? 'Four' : s === 5 ? 'Five' : 'Six' }),
              ),
          ),
      }),
    });
    const topic = 'conversation:conv-1';
    await waitFor(() => expect(ScriptedSocket.latest().topics()).toContain(topic));
    const socket = ScriptedSocket.latest();
    const push = (event: 'INSERT' | 'UPDATE', message: ReturnType<typeof makeMessage>) =>
      socket.change({
        topic,
        table: 'messages',
        event,
        id: message.id,
        conversation_id: 'conv-1',
        sequence: message.sequence,
        message,
      });

    push('INSERT', makeMessage({ sequence: 4, message_text: 'Four' }));
    await waitFor(() => expect(texts(list).at(-1)).toBe('Four'));
    push('INSERT', makeMessage({ sequence: 4, message_text: 'Four' }));
    expect(texts(list).filter((t) => t === 'Four')).toHaveLength(1);

    // 5 never came: 6 reveals the gap, and the thread asks for what follows 4.
    push('INSERT', missed[1]!);
    await waitFor(() => expect(texts(list).slice(-3)).toEqual(['Four', 'Five', 'Six']));
    expect(server.requestsTo('GET /api/v1/conversations/conv-1/messages').map((r) => r.path)).toContain(
      '/api/v1/conversations/conv-1/messages?after=4&limit=100',
    );

    push('UPDATE', makeMessage({ sequence: 5, message_text: '', is_deleted: true }));
    await waitFor(() => expect(texts(list)).not.toContain('Five'));
    expect(texts(list)).toEqual(['Hi Ada', 'Hello Grace', 'Did you hear the new mix?', 'Four', 'Six']);
  });

  it('refetches the latest page when the conversation is subscribed again, merging without duplicates', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const later = [
      ...threadMessages.filter((m) => m.sequence !== 1),
      makeMessage({ sequence: 4, message_text: 'While away' }),
    ];
    const { list, server } = await openThread({
      'GET /api/v1/conversations/conv-1/messages': [
        json(200, makePage(threadMessages)),
        json(200, makePage(threadMessages)),
        json(200, makePage(later)),
      ],
    });
    const topic = 'conversation:conv-1';
    await waitFor(() => expect(ScriptedSocket.latest().topics()).toContain(topic));
    // The first confirmation came while the first page was on its way: it was read again.
    await waitFor(() =>
      expect(server.requestsTo('GET /api/v1/conversations/conv-1/messages')).toHaveLength(2),
    );
    expect(texts(list)).toHaveLength(3);
    // After a reconnect the topic is confirmed again.
    ScriptedSocket.latest().resubscribed(topic);
    // Message 1 was deleted meanwhile, 4 arrived.
    await waitFor(() =>
      expect(texts(list)).toEqual(['Hello Grace', 'Did you hear the new mix?', 'While away']),
    );
  });

  it('shows "Seen by" under my latest message with up to 3 avatars, then +n', async () => {
    const readers = [GRACE, ALAN, ...members.slice(3, 6)].map((m) =>
      makeRead({ reviewer_id: m.id, name: m.name, last_read_sequence: 3 }),
    );
    const { list } = await openThread({
      'GET /api/v1/conversations/conv-1/reads': json(200, [
        ...readers,
        // Someone who has not got that far, and my own read mark: not listed.
        makeRead({ reviewer_id: 'member-3', name: 'Edsger Dijkstra', last_read_sequence: 1 }),
        makeRead({ reviewer_id: ME.id, name: ME.name, last_read_sequence: 3 }),
      ]),
    });
    const mine = within(list).getAllByRole('listitem')[1]!;
    await within(mine).findByText('Seen by');
    expect(within(mine).getByText('+2')).toBeTruthy();
    expect(mine.querySelectorAll('[aria-hidden="true"] > span')).toHaveLength(3);
    expect(
      within(mine).getByText('Grace Hopper, Alan Turing, Barbara Liskov, Katherine Johnson, Radia Perlman'),
    ).toBeTruthy();
    // Only under the latest of mine.
    expect(within(list).getAllByText('Seen by')).toHaveLength(1);
  });

  it('shows who is typing, and stops when the socket says so', async () => {
    vi.stubGlobal('WebSocket', ScriptedSocket);
    const { panel } = await openThread({
      'GET /api/v1/conversations/conv-1/typing': [
        json(200, [{ reviewer_id: GRACE.id, name: GRACE.name }]),
        json(200, []),
      ],
    });
    expect(await within(panel).findByText('Grace Hopper is typing...')).toBeTruthy();
    const topic = 'conversation:conv-1';
    await waitFor(() => expect(ScriptedSocket.latest().topics()).toContain(topic));
    ScriptedSocket.latest().change({
      topic,
      table: 'typing_indicators',
      event: 'DELETE',
      reviewer_id: GRACE.id,
      conversation_id: 'conv-1',
    });
    await waitFor(() => expect(within(panel).queryByText('Grace Hopper is typing...')).toBeNull());
    ScriptedSocket.latest().change({
      topic,
      table: 'typing_indicators',
      event: 'INSERT',
      reviewer_id: ALAN.id,
      conversation_id: 'conv-1',
    });
    expect(await within(panel).findByText('Alan Turing is typing...')).toBeTruthy();
  });
});

describe('the composer', { timeout: 15_000 }, () => {
  const sent = (n: number, text: string, mentioned: string[] = []) =>
    makeMessage({
      sequence: n,
      sender_id: ME.id,
      sender_name: ME.name,
      message_text: text,
      mentioned_user_ids: mentioned,
    });

  it('sends with Enter, keeps Shift+Enter as a new line, and reports typing', async () => {
    const { user, server, list } = await openThread({
      'POST /api/v1/conversations/conv-1/messages': json(201, sent(4, 'Line one\nLine two')),
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect((box as HTMLTextAreaElement).value).toBe('Line one\nLine two');
    expect(server.requestsTo('PUT /api/v1/conversations/conv-1/typing').length).toBeGreaterThanOrEqual(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(texts(list).at(-1)).toBe('Line one\nLine two'));
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/messages')[0]!.body).toEqual({
      message_text: 'Line one\nLine two',
    });
    expect((box as HTMLTextAreaElement).value).toBe('');
    // Sending ends the typing state.
    expect(server.requestsTo('DELETE /api/v1/conversations/conv-1/typing')).toHaveLength(1);
  });

  it('does not send empty or whitespace-only text', async () => {
    const { user, server } = await openThread();
    const box = screen.getByRole('textbox', { name: 'Message' });
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(box, '   {Enter}');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/messages')).toHaveLength(0);
  });

  it('sends one message at a time', async () => {
    let release: () => void = () => {};
    const { user, server } = await openThread({
      'POST /api/v1/conversations/conv-1/messages': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(201, sent(4, 'First')));
        }),
    });
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'First{Enter}');
    await user.type(box, 'Second{Enter}');
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/messages')).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => release());
    expect((box as HTMLTextAreaElement).value).toBe('Second');
  });

  it('puts the text and its mentions back when the send fails, and says why', async () => {
    const { user, server } = await openThread({
      'GET /api/v1/conversations/conv-1': json(200, { ...dm }),
      'POST /api/v1/conversations/conv-1/messages': [
        json(500, { error: { code: 'internal', message: 'The server had a problem.' } }),
        json(201, sent(4, '@Grace Hopper again', [GRACE.id])),
      ],
    });
    const box = screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
    await user.type(box, '@gr');
    await user.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    await user.type(box, 'again{Enter}');
    expect(await screen.findByText('Message not sent. The server had a problem.')).toBeTruthy();
    expect(box.value).toBe('@Grace Hopper again');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/conversations/conv-1/messages')).toHaveLength(2),
    );
    expect(server.requestsTo('POST /api/v1/conversations/conv-1/messages')[1]!.body).toEqual({
      message_text: '@Grace Hopper again',
      mentioned_user_ids: [GRACE.id],
    });
  });
});

describe('mentions', { timeout: 15_000 }, () => {
  const songRoutes: Routes = {
    'GET /api/v1/conversations/conv-2': json(200, songChat),
    'GET /api/v1/conversations/conv-2/messages': json(200, makePage([])),
    'GET /api/v1/conversations/conv-2/reads': json(200, []),
    'GET /api/v1/conversations/conv-2/typing': json(200, []),
    'PUT /api/v1/conversations/conv-2/typing': json(204, null),
    'DELETE /api/v1/conversations/conv-2/typing': json(204, null),
  };

  async function openSongChat(routes: Routes = {}) {
    const app = await openApp({ ...songRoutes, ...routes }, '/home?chat=conv-2');
    const panel = await screen.findByRole('dialog', { name: 'Messages' });
    await within(panel).findByText('No messages yet. Say hello!');
    return {
      ...app,
      panel,
      box: within(panel).getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement,
    };
  }

  const options = () => screen.queryAllByRole('option').map((o) => o.querySelector('span')?.textContent);

  it("suggests at most 5 members other than me after '@', matched on name or email", async () => {
    const { user, box } = await openSongChat();
    await user.type(box, '@');
    await waitFor(() => expect(options()).toHaveLength(5));
    expect(options()).not.toContain(ME.name);
    await user.type(box, 'RADIA');
    expect(options()).toEqual(['Radia Perlman']);
    await user.clear(box);
    await user.type(box, 'ping @kath');
    expect(options()).toEqual(['Katherine Johnson']);
    await user.type(box, ' ');
    expect(options()).toEqual([]);
  });

  it("ignores '@' inside a word", async () => {
    const { user, box } = await openSongChat();
    await user.type(box, 'mail grace@label');
    expect(options()).toEqual([]);
  });

  it('moves with the arrows, chooses with Enter and sends the mention', async () => {
    const { user, box, server } = await openSongChat({
      'POST /api/v1/conversations/conv-2/messages': json(
        201,
        makeMessage({
          sequence: 1,
          conversation_id: 'conv-2',
          sender_id: ME.id,
          sender_name: ME.name,
          message_text: 'hi @Alan Turing',
          mentioned_user_ids: [ALAN.id],
        }),
      ),
    });
    await user.type(box, 'hi @a');
    // Alan's name begins with the term: first; then the others whose name or email has an 'a'.
    expect(options()[0]).toBe('Alan Turing');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box.value).toBe('hi @Alan Turing ');
    expect(options()).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(server.requestsTo('POST /api/v1/conversations/conv-2/messages')).toHaveLength(1),
    );
    expect(server.requestsTo('POST /api/v1/conversations/conv-2/messages')[0]!.body).toEqual({
      message_text: 'hi @Alan Turing',
      mentioned_user_ids: [ALAN.id],
    });
  });

  it('closes the suggestions with Escape, leaving the panel open', async () => {
    const { user, box, panel } = await openSongChat();
    await user.type(box, '@gr');
    expect(options()).toEqual(['Grace Hopper']);
    await user.keyboard('{Escape}');
    expect(options()).toEqual([]);
    expect(panel.isConnected).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Messages' })).toBe(panel);
  });

  it('offers only the other member in a direct message', async () => {
    const { user } = await openThread();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '@');
    await waitFor(() => expect(options()).toEqual(['Grace Hopper']));
  });
});
