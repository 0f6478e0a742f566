import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe } from '../../../test/factories';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { makeMessage } from '../../messages/testing/factories';
import { makeSongChat, songChatRoutes } from '../testing/song-chat-routes';
import { SongChatPanel } from './song-chat-panel';

const SONG_ID = '00000000-0000-4000-8000-0000000005a1';
const chat = makeSongChat(SONG_ID, { last_sequence: 2 });

function stubViewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/\(min-width:\s*(\d+)px\)/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= min,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
  });
}

function serve(routes: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/v1/me': json(200, makeMe()),
    ...songChatRoutes(SONG_ID, chat),
    [`GET /api/v1/conversations/${chat.id}/messages`]: json(200, {
      messages: [
        makeMessage({ sequence: 1, conversation_id: chat.id, message_text: 'Love the bridge' }),
        makeMessage({ sequence: 2, conversation_id: chat.id, message_text: 'The intro is long' }),
      ],
      last_sequence: 2,
      has_more_before: false,
    }),
    ...routes,
  });
}

const render = () =>
  renderWithProviders(<SongChatPanel songId={SONG_ID} />, { session: makeClientSession() });

describe('song chat panel', () => {
  it('creates or gets the song’s chat and shows its thread beside the review on a wide screen', async () => {
    stubViewport(1440);
    const server = serve();
    render();
    const panel = screen.getByRole('region', { name: 'Song chat' });
    // Nothing to fold there.
    expect(within(panel).queryByRole('button', { name: 'Song chat' })).toBeNull();
    const messages = await within(panel).findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Love the bridge'), expect.stringContaining('The intro is long')]);
    expect(within(panel).getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(server.requestsTo('POST /api/v1/conversations').map((r) => r.body)).toEqual([
      { type: 'song_chat', song_id: SONG_ID },
    ]);
  });

  it('is folded on a phone until opened', async () => {
    stubViewport(390);
    const server = serve();
    const user = userEvent.setup({ delay: null });
    render();
    const toggle = screen.getByRole('button', { name: 'Song chat' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(server.requestsTo('POST /api/v1/conversations')).toHaveLength(0);

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Love the bridge')).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByText('Love the bridge')).toBeNull();
  });

  it('is folded below the review on a narrower desktop too', async () => {
    stubViewport(1024);
    const server = serve();
    render();
    expect(screen.getByRole('button', { name: 'Song chat' }).getAttribute('aria-expanded')).toBe('false');
    expect(server.requestsTo('POST /api/v1/conversations')).toHaveLength(0);
  });

  it('says why when the chat cannot be opened', async () => {
    stubViewport(1440);
    serve({ 'POST /api/v1/conversations': apiError(404, 'not_found', 'Song not found') });
    render();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Song not found'));
  });
});
