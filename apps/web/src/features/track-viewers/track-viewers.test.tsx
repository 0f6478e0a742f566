import type { RealtimeChange } from '@music-review/core/realtime';
import type { TrackViewerDto, TrackViewerPage } from '@music-review/core/track-viewers';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider } from '../../lib/realtime-context';
import { makeClientSession, makeMe } from '../../test/factories';
import { json, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { TrackViewers } from './components/track-viewers';
import { REANNOUNCE_DELAY_MS, useTrackViewing } from './use-track-viewing';

const SONG = 'song-1';
const VIEWERS = `/api/v1/songs/${SONG}/viewers`;

/**
 * A WebSocket that speaks the realtime protocol just enough: it opens, accepts any token, confirms
 * subscriptions, and lets the test push changes to the topics subscribed.
 */
class ProtocolWebSocket extends EventTarget {
  static instances: ProtocolWebSocket[] = [];
  readyState = 0;
  readonly topics = new Set<string>();

  constructor(readonly url: string) {
    super();
    ProtocolWebSocket.instances.push(this);
    setTimeout(() => {
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
    }, 0);
  }

  private reply(message: object) {
    setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) })), 0);
  }

  send(data: string) {
    const message = JSON.parse(data) as { type: string; topic?: string; ref?: string };
    if (message.type === 'auth')
      this.reply({ type: 'auth_ok', reviewer_id: 'reviewer-1', organization_id: 'org-1' });
    if (message.type === 'subscribe' && message.topic) {
      this.topics.add(message.topic);
      this.reply({ type: 'subscribed', topic: message.topic, ref: message.ref });
    }
    if (message.type === 'ping') this.reply({ type: 'pong', ref: message.ref });
  }

  close() {
    this.readyState = 3;
  }

  /** Sends a change to every socket subscribed to its table topic. */
  static emit(change: Omit<RealtimeChange, 'organization_id'>) {
    const topic = `table:${change.table}`;
    for (const socket of ProtocolWebSocket.instances) {
      if (socket.readyState === 1 && socket.topics.has(topic)) {
        socket.dispatchEvent(
          new MessageEvent('message', {
            data: JSON.stringify({ type: 'change', topic, organization_id: 'org-1', ...change }),
          }),
        );
      }
    }
  }

  static subscribedTo(topic: string) {
    return ProtocolWebSocket.instances.some((s) => s.readyState === 1 && s.topics.has(topic));
  }
}

function viewer(overrides: Partial<TrackViewerDto> = {}): TrackViewerDto {
  return {
    reviewer_id: 'reviewer-2',
    name: 'Grace Hopper',
    avatar_url: null,
    avatar_key: null,
    page: 'marketing',
    last_activity: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const signedIn = { session: makeClientSession() };
const me = () => json(200, makeMe());

beforeEach(() => {
  ProtocolWebSocket.instances = [];
  vi.stubGlobal('WebSocket', ProtocolWebSocket);
});

afterEach(() => {
  ProtocolWebSocket.instances = [];
});

describe('TrackViewers', () => {
  it('shows the others on the song with their page, not the member themself', async () => {
    mockFetch({
      'GET /api/v1/me': me(),
      [`GET ${VIEWERS}`]: json(200, [
        viewer(),
        viewer({ reviewer_id: 'reviewer-1', name: 'Ada Lovelace', page: 'overview' }),
        viewer({ reviewer_id: 'reviewer-3', name: 'Alan Turing', page: 'review' }),
      ]),
    });
    renderWithProviders(<TrackViewers songId={SONG} />, signedIn);
    const group = await screen.findByRole('list', { name: 'Also viewing' });
    const people = within(group).getAllByRole('img');
    expect(people.map((p) => p.getAttribute('aria-label'))).toEqual([
      'Grace Hopper (Marketing)',
      'Alan Turing (Review)',
    ]);
  });

  it('sums up viewers past the fourth as +n', async () => {
    const many = Array.from({ length: 6 }, (_, i) =>
      viewer({ reviewer_id: `reviewer-${i + 2}`, name: `Member ${i + 2}`, page: 'chat' }),
    );
    mockFetch({ 'GET /api/v1/me': me(), [`GET ${VIEWERS}`]: json(200, many) });
    renderWithProviders(<TrackViewers songId={SONG} />, signedIn);
    const group = await screen.findByRole('list', { name: 'Also viewing' });
    expect(within(group).getAllByRole('img')).toHaveLength(4);
    expect(within(group).getByText('+2')).toBeTruthy();
    expect(within(group).getByText('and 2 more: Member 6 (Chat), Member 7 (Chat)')).toBeTruthy();
  });

  it('shows nothing while the member is alone, and the newcomer when their viewing is announced', async () => {
    const { requestsTo } = mockFetch({
      'GET /api/v1/me': me(),
      [`GET ${VIEWERS}`]: [
        json(200, [viewer({ reviewer_id: 'reviewer-1', name: 'Ada Lovelace' })]),
        json(200, [viewer()]),
      ],
    });
    renderWithProviders(
      <RealtimeProvider>
        <TrackViewers songId={SONG} />
      </RealtimeProvider>,
      signedIn,
    );
    await waitFor(() => expect(requestsTo(`GET ${VIEWERS}`)).toHaveLength(1));
    expect(screen.queryByRole('list', { name: 'Also viewing' })).toBeNull();
    await waitFor(() => expect(ProtocolWebSocket.subscribedTo('table:track_viewers')).toBe(true));

    // Another song's change is not ours.
    act(() =>
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'INSERT',
        song_id: 'song-2',
        reviewer_id: 'reviewer-2',
      }),
    );
    act(() =>
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'INSERT',
        song_id: SONG,
        reviewer_id: 'reviewer-2',
      }),
    );
    expect(await screen.findByRole('img', { name: 'Grace Hopper (Marketing)' })).toBeTruthy();
    expect(requestsTo(`GET ${VIEWERS}`)).toHaveLength(2);
  });
});

function Viewing({ songId, page }: { songId: string; page: TrackViewerPage }) {
  useTrackViewing(songId, page);
  return null;
}

/** A song page whose tab and song the test changes, as the router would. */
function Navigating() {
  const [where, setWhere] = useState<{ songId: string; page: TrackViewerPage }>({
    songId: SONG,
    page: 'overview',
  });
  return (
    <>
      <Viewing {...where} />
      <button type="button" onClick={() => setWhere({ songId: SONG, page: 'chat' })}>
        Chat tab
      </button>
      <button type="button" onClick={() => setWhere({ songId: 'song-2', page: 'chat' })}>
        Another song
      </button>
    </>
  );
}

describe('useTrackViewing', () => {
  it('announces the page at once and every 15 s, and leaves when unmounted', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { requestsTo } = mockFetch({
      'GET /api/v1/me': me(),
      [`PUT ${VIEWERS}`]: json(204, null),
      [`DELETE ${VIEWERS}`]: json(204, null),
    });
    const { unmount } = renderWithProviders(<Viewing songId={SONG} page="contracts" />, signedIn);
    await waitFor(() => expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(1));
    expect(requestsTo(`PUT ${VIEWERS}`)[0]!.body).toEqual({ page: 'contracts' });
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(3);
    expect(requestsTo(`DELETE ${VIEWERS}`)).toHaveLength(0);
    unmount();
    await waitFor(() => expect(requestsTo(`DELETE ${VIEWERS}`)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(3);
  });

  it('switching tabs of the song announces the new page without leaving; another song leaves the first', async () => {
    const other = '/api/v1/songs/song-2/viewers';
    const { requestsTo } = mockFetch({
      'GET /api/v1/me': me(),
      [`PUT ${VIEWERS}`]: json(204, null),
      [`DELETE ${VIEWERS}`]: json(204, null),
      [`PUT ${other}`]: json(204, null),
      [`DELETE ${other}`]: json(204, null),
    });
    renderWithProviders(<Navigating />, signedIn);
    await waitFor(() => expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Chat tab' }));
    await waitFor(() => expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(2));
    expect(requestsTo(`PUT ${VIEWERS}`)[1]!.body).toEqual({ page: 'chat' });
    expect(requestsTo(`DELETE ${VIEWERS}`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Another song' }));
    await waitFor(() => expect(requestsTo(`DELETE ${VIEWERS}`)).toHaveLength(1));
    expect(requestsTo(`PUT ${other}`)).toHaveLength(1);
  });

  it('announces again when its viewing is removed while the member is still on the song', async () => {
    const { requestsTo } = mockFetch({
      'GET /api/v1/me': me(),
      [`PUT ${VIEWERS}`]: json(204, null),
      [`DELETE ${VIEWERS}`]: json(204, null),
    });
    renderWithProviders(
      <RealtimeProvider>
        <Viewing songId={SONG} page="review" />
      </RealtimeProvider>,
      signedIn,
    );
    await waitFor(() => expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(1));
    await waitFor(() => expect(ProtocolWebSocket.subscribedTo('table:track_viewers')).toBe(true));
    // Someone else leaving, or our viewing of another song, changes nothing.
    act(() =>
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'DELETE',
        song_id: SONG,
        reviewer_id: 'reviewer-2',
      }),
    );
    act(() =>
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'DELETE',
        song_id: 'song-2',
        reviewer_id: 'reviewer-1',
      }),
    );
    // Ours removed (twice at once): one announcement.
    act(() => {
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'DELETE',
        song_id: SONG,
        reviewer_id: 'reviewer-1',
      });
      ProtocolWebSocket.emit({
        table: 'track_viewers',
        event: 'DELETE',
        song_id: SONG,
        reviewer_id: 'reviewer-1',
      });
    });
    await waitFor(() => expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(2));
    await new Promise((r) => setTimeout(r, REANNOUNCE_DELAY_MS * 2));
    expect(requestsTo(`PUT ${VIEWERS}`)).toHaveLength(2);
    expect(requestsTo(`PUT ${VIEWERS}`)[1]!.body).toEqual({ page: 'review' });
  });
});
