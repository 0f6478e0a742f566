import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeMessage } from '../../features/messages/testing/factories';
import { makeSongChat, songChatRoutes } from '../../features/song-chat/testing/song-chat-routes';
import { makeClientSession, makeMe } from '../../test/factories';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { makeSignedSongOverview } from '../../test/signed-song-routes';

const chat = makeSongChat('song-1', { last_sequence: 1 });

const overview = makeSignedSongOverview({
  chips: [
    { key: 'contract', name: 'Contract', value: 'Signed', tone: 'done' },
    { key: 'metadata', name: 'Metadata', value: 'To review', tone: 'progress' },
    { key: 'label_copy', name: 'Label copy', value: 'Not started', tone: 'none' },
    { key: 'assets', name: 'Assets', value: 'Artwork missing', tone: 'progress' },
    { key: 'marketing', name: 'Marketing', value: 'Not started', tone: 'none' },
  ],
  blockers: [
    'The artist submitted the metadata: review and confirm it',
    'Artwork missing',
    'Label copy not final',
  ],
  counts: { contracts: 1, campaigns: 0, open_tasks: 0, assets: 1, project_files: 3 },
});

function serve() {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    'GET /api/v1/signed-songs/song-1': json(200, overview),
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

  it('heads the page with the song and opens on the Overview: progress, blockers and counts', async () => {
    serve();
    renderApp({ route: '/signed-songs/song-1', session: makeClientSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer Static' })).toBeTruthy();
    expect(screen.getByText('Nova Lane · Signed song')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Steps to release' });
    expect(within(steps).getByRole('link', { name: 'Contract signed (done)' }).getAttribute('href')).toBe(
      '/signed-songs/song-1/contracts',
    );
    const next = within(steps).getByRole('link', { name: 'Metadata confirmed (next step)' });
    expect(next.getAttribute('href')).toBe('/signed-songs/song-1/metadata');
    expect(next.closest('li')?.getAttribute('aria-current')).toBe('step');
    const blockers = screen.getByRole('list', { name: 'What is blocking release' });
    expect(
      within(blockers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(overview.blockers);
    expect(screen.getByRole('link', { name: /Project files\s*3/ }).getAttribute('href')).toBe(
      '/signed-songs/song-1/project-folder',
    );
  });

  it('says which tab the member moves to, and leaves the other tabs as they are', async () => {
    const user = userEvent.setup({ delay: null });
    const server = serve();
    renderApp({ route: '/signed-songs/song-1', session: makeClientSession() });
    await screen.findByRole('list', { name: 'Steps to release' });
    await user.click(screen.getByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Chat' })).toBeTruthy();
    await screen.findByText('Cover art is in');
    await expect
      .poll(() => server.requestsTo('PUT /api/v1/songs/song-1/viewers').map((r) => r.body))
      .toEqual([{ page: 'overview' }, { page: 'chat' }]);
    // Moving between the song's tabs is not leaving the song.
    expect(server.requestsTo('DELETE /api/v1/songs/song-1/viewers')).toHaveLength(0);
  });
});
