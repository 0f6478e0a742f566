import type { ReviewerDto } from '@music-review/core/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe, makeReviewer, makeSong } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { NewChatDialog } from './new-chat-dialog';

const SONGS_PATH = '/api/v1/songs?include_signed=true&limit=50';

// 50 songs, newest first; three of them have "Blue" in the title or the artist.
const songs = Array.from({ length: 50 }, (_, i) =>
  makeSong({
    id: `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
    title: i === 12 ? 'Blue Monday' : i === 30 ? 'Feeling blue' : `Song ${i + 1}`,
    artist: i === 44 ? 'The Blue Notes' : null,
  }),
);
const members: ReviewerDto[] = [
  makeReviewer(),
  makeReviewer({
    id: '00000000-0000-4000-8000-000000000002',
    name: 'Grace Hopper',
    email: 'grace@label.test',
  }),
  makeReviewer({ id: '00000000-0000-4000-8000-000000000003', name: 'Alan Turing', email: 'alan@label.test' }),
];
const conversation = (overrides: Record<string, unknown>) => ({
  id: 'conversation-9',
  type: 'dm',
  user1_id: null,
  user2_id: null,
  song_id: null,
  last_message_at: null,
  last_message_preview: null,
  last_message_sender_id: null,
  created_at: '2025-03-14T12:00:00.000Z',
  ...overrides,
});

function open(routes: Parameters<typeof mockFetch>[0] = {}) {
  const server = mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    [`GET ${SONGS_PATH}`]: json(200, { songs, next_cursor: 'more' }),
    'GET /api/v1/reviewers': json(200, members),
    ...routes,
  });
  const onOpenChange = vi.fn();
  const onOpened = vi.fn();
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<NewChatDialog open onOpenChange={onOpenChange} onOpened={onOpened} />, {
    session: makeClientSession(),
  });
  const dialog = screen.getByRole('dialog', { name: 'New chat' });
  const songList = () => within(dialog).getByRole('list', { name: 'Song chats' });
  const memberList = () => within(dialog).getByRole('list', { name: 'Direct messages' });
  return { server, user, dialog, songList, memberList, onOpenChange, onOpened };
}

describe('new-chat dialog', () => {
  it('fetches the latest 50 songs, shows 10, and narrows them with the search box', async () => {
    const { server, user, dialog, songList } = open();
    await within(dialog).findByRole('list', { name: 'Song chats' });
    expect(server.requestsTo(`GET ${SONGS_PATH}`)).toHaveLength(1);
    const titles = () =>
      within(songList())
        .getAllByRole('button')
        .map((b) => b.textContent);
    expect(titles()).toEqual(songs.slice(0, 10).map((s) => s.title));

    // The search box has the focus; songs beyond the first 10 are found too, by title or artist.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('searchbox', { name: 'Search songs and members' }),
    );
    await user.keyboard('BLUE');
    expect(titles()).toEqual(['Blue Monday', 'Feeling blue', 'Song 45The Blue Notes']);

    await user.clear(within(dialog).getByRole('searchbox'));
    await user.type(within(dialog).getByRole('searchbox'), 'nothing like this');
    expect(within(dialog).getByText('No songs match your search')).toBeTruthy();
  });

  it('lists the other members and opens a direct message with the one chosen', async () => {
    const { server, user, memberList, onOpened, onOpenChange } = open({
      'POST /api/v1/conversations': json(201, conversation({ id: 'conversation-dm' })),
    });
    await waitFor(() => expect(within(memberList()).getAllByRole('button')).toHaveLength(2));
    expect(within(memberList()).queryByText('Ada Lovelace')).toBeNull();

    await user.click(within(memberList()).getByRole('button', { name: /Grace Hopper/ }));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith('conversation-dm'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(server.requestsTo('POST /api/v1/conversations')[0]?.body).toEqual({
      type: 'dm',
      user_id: '00000000-0000-4000-8000-000000000002',
    });
  });

  it('finds members by email too, and opens a song chat for a song', async () => {
    const { server, user, dialog, songList, memberList, onOpened } = open({
      'POST /api/v1/conversations': json(200, conversation({ id: 'conversation-song', type: 'song_chat' })),
    });
    await within(dialog).findByRole('list', { name: 'Song chats' });
    await user.type(within(dialog).getByRole('searchbox'), 'alan@');
    expect(
      within(memberList())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['ATAlan Turingalan@label.test']);

    await user.clear(within(dialog).getByRole('searchbox'));
    await user.click(within(songList()).getByRole('button', { name: 'Song 2' }));
    await waitFor(() => expect(onOpened).toHaveBeenCalledWith('conversation-song'));
    expect(server.requestsTo('POST /api/v1/conversations')[0]?.body).toEqual({
      type: 'song_chat',
      song_id: songs[1]!.id,
    });
  });

  it('keeps the dialog open with the reason when the chat cannot be opened', async () => {
    const { user, memberList, onOpened } = open({
      'POST /api/v1/conversations': apiError(404, 'not_found', 'Team member not found'),
    });
    await waitFor(() => expect(within(memberList()).getAllByRole('button')).toHaveLength(2));
    await user.click(within(memberList()).getByRole('button', { name: /Alan Turing/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('Team member not found');
    expect(onOpened).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New chat' })).toBeTruthy();
  });
});
