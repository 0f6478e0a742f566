import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeClientSession, makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import { makeMessage } from '../../messages/testing/factories';
import { makeSongChat, songChatRoutes } from '../../song-chat/testing/song-chat-routes';

const chat = makeSongChat('song-1', { last_sequence: 1 });

function serve() {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'PUT /api/v1/songs/song-1/viewers': json(204, null),
    'DELETE /api/v1/songs/song-1/viewers': json(204, null),
    'GET /api/v1/songs/song-1/viewers': json(200, [
      {
        reviewer_id: 'reviewer-2',
        name: 'Grace Hopper',
        avatar_url: null,
        avatar_key: null,
        page: 'chat',
        last_activity: '2025-03-14T12:00:00.000Z',
      },
    ]),
    ...songChatRoutes('song-1', chat),
    [`GET /api/v1/conversations/${chat.id}/messages`]: json(200, {
      messages: [makeMessage({ sequence: 1, conversation_id: chat.id, message_text: 'Cover art is in' })],
      last_sequence: 1,
      has_more_before: false,
    }),
  });
}

beforeAll(async () => {
  await import('./signed-song-page');
});

describe('signed song page', () => {
  it('shows the song’s chat on the Chat tab, and who else is on the song', async () => {
    const server = serve();
    renderApp({ route: '/signed-songs/song-1/chat', session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Chat' })).toBeTruthy();
    expect(await screen.findByText('Cover art is in')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/conversations')[0]?.body).toEqual({
      type: 'song_chat',
      song_id: 'song-1',
    });

    const viewers = await screen.findByRole('list', { name: 'Also viewing' });
    expect(within(viewers).getByRole('img', { name: 'Grace Hopper (Chat)' })).toBeTruthy();
    expect(server.requestsTo('PUT /api/v1/songs/song-1/viewers')[0]?.body).toEqual({ page: 'chat' });
  });

  it('says which tab the member moves to, and leaves the other tabs as they are', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve();
    renderApp({ route: '/signed-songs/song-1/chat', session: makeClientSession() });
    await screen.findByText('Cover art is in');
    await user.click(screen.getByRole('link', { name: 'Marketing' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Marketing' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Not available yet' })).toBeTruthy();
    await expect
      .poll(() => server.requestsTo('PUT /api/v1/songs/song-1/viewers').map((r) => r.body))
      .toEqual([{ page: 'chat' }, { page: 'marketing' }]);
    // Moving between the song's tabs is not leaving the song.
    expect(server.requestsTo('DELETE /api/v1/songs/song-1/viewers')).toHaveLength(0);
  });
});
