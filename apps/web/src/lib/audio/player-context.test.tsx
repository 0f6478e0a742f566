import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession } from '../../test/factories';
import { apiError, json, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { AUDIO_TIMEOUT_MESSAGE, PlayerProvider, usePlayer } from './player-context';
import type { AudioTrack } from './player-state';

const track = (overrides: Partial<AudioTrack> = {}): AudioTrack => ({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: null,
  url: 'https://cdn.test/demo.mp3',
  initialTime: 0,
  hasReviewed: false,
  autoPlay: false,
  ...overrides,
});

function Probe({ next = track() }: { next?: AudioTrack }) {
  const player = usePlayer();
  return (
    <div>
      <output data-testid="state">
        {JSON.stringify({ ...player.state, currentTrack: player.state.currentTrack?.id ?? null })}
      </output>
      <output data-testid="error">{player.error ?? ''}</output>
      <button type="button" onClick={() => player.setTrack(next)}>
        load
      </button>
      <button type="button" onClick={() => player.toggle()}>
        toggle
      </button>
      <input aria-label="Notes" />
    </div>
  );
}

function Orphan() {
  usePlayer();
  return null;
}

const state = () => JSON.parse(screen.getByTestId('state').textContent ?? '{}');
const audio = () => screen.getByTestId('global-audio') as HTMLAudioElement;

let playMock: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  playMock = vi.fn<() => Promise<void>>(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => playMock());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
});
afterEach(() => vi.useRealTimers());

/** The element reports it has data, then fires the loading events in order. */
function finishLoading(element: HTMLAudioElement, duration = 180) {
  Object.defineProperty(element, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(element, 'duration', { configurable: true, get: () => duration });
  act(() => {
    element.dispatchEvent(new Event('loadedmetadata'));
    element.dispatchEvent(new Event('canplay'));
  });
}

function renderPlayer(next?: AudioTrack) {
  return renderWithProviders(
    <PlayerProvider>
      <Probe next={next} />
    </PlayerProvider>,
    { session: makeClientSession() },
  );
}

describe('PlayerProvider', () => {
  it('throws when used outside its provider', () => {
    // React reports the thrown render error on console.error; that is the expected outcome here.
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('usePlayer must be used inside <PlayerProvider>');
  });

  it('renders exactly one audio element and starts an autoPlay track once it can play', async () => {
    mockFetch({});
    renderPlayer(track({ autoPlay: true }));
    expect(document.querySelectorAll('audio')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    expect(state()).toMatchObject({ currentTrack: 'song-1', isPlaying: false, isReady: false });
    expect(audio().getAttribute('src')).toBe('https://cdn.test/demo.mp3');
    expect(playMock).not.toHaveBeenCalled();
    finishLoading(audio());
    expect(playMock).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(state()).toMatchObject({ isPlaying: true, isReady: true, duration: 180 }));
  });

  it('returns to paused when play fails, but ignores an aborted play', async () => {
    mockFetch({});
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    finishLoading(audio());

    playMock.mockImplementationOnce(() => Promise.reject(new DOMException('interrupted', 'AbortError')));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await act(async () => {});
    expect(state().isPlaying).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    expect(state().isPlaying).toBe(false);
    playMock.mockImplementationOnce(() => Promise.reject(new DOMException('no gesture', 'NotAllowedError')));
    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(state().isPlaying).toBe(false));
  });

  it('resolves the URL from the file key through get-signed-url', async () => {
    const server = mockFetch({
      'POST /functions/v1/get-signed-url': json(200, {
        success: true,
        url: 'https://cdn.test/signed.mp3',
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      }),
    });
    renderPlayer(track({ url: null, audioFileKey: 'org-1/audio/song-1/demo.mp3' }));
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(audio().getAttribute('src')).toBe('https://cdn.test/signed.mp3'));
    expect(server.requestsTo('POST /functions/v1/get-signed-url')[0]?.body).toEqual({
      fileKey: 'org-1/audio/song-1/demo.mp3',
      expiresIn: 3600,
    });
  });

  it("says 'Failed to get presigned URL for image or audio' with the status when signing fails", async () => {
    mockFetch({ 'POST /functions/v1/get-signed-url': apiError(403, 'forbidden', 'Not a member') });
    renderPlayer(track({ url: null, audioFileKey: 'org-1/audio/song-1/demo.mp3', autoPlay: true }));
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() =>
      expect(screen.getByTestId('error').textContent).toBe(
        'Failed to get presigned URL for image or audio: 403',
      ),
    );
    expect(state().isPlaying).toBe(false);
  });

  it('refreshes a URL that expires within 5 minutes before playing, keeping the position', async () => {
    const server = mockFetch({
      'POST /functions/v1/get-signed-url': [
        json(200, {
          success: true,
          url: 'https://cdn.test/old.mp3',
          expiresAt: new Date(Date.now() + 60_000).toISOString(),
        }),
        json(200, {
          success: true,
          url: 'https://cdn.test/new.mp3',
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        }),
      ],
    });
    renderPlayer(track({ url: null, audioFileKey: 'org-1/audio/song-1/demo.mp3' }));
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    await waitFor(() => expect(audio().getAttribute('src')).toBe('https://cdn.test/old.mp3'));
    finishLoading(audio());
    audio().currentTime = 95;

    fireEvent.click(screen.getByRole('button', { name: 'toggle' }));
    await waitFor(() => expect(audio().getAttribute('src')).toBe('https://cdn.test/new.mp3'));
    expect(server.requestsTo('POST /functions/v1/get-signed-url')).toHaveLength(2);
    audio().currentTime = 0;
    finishLoading(audio());
    expect(audio().currentTime).toBe(95);
    expect(playMock).toHaveBeenCalled();
  });

  it('gives up after 10 s without audio, with a clear error', () => {
    vi.useFakeTimers();
    mockFetch({});
    renderPlayer(track({ autoPlay: true }));
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    act(() => vi.advanceTimersByTime(9_999));
    expect(screen.getByTestId('error').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('error').textContent).toBe(AUDIO_TIMEOUT_MESSAGE);
    expect(state().isPlaying).toBe(false);
    // Shown as a toast too (the mobile bar has no room for it).
    expect(screen.getAllByText(AUDIO_TIMEOUT_MESSAGE)).toHaveLength(2);
  });

  it('plays and pauses on space and seeks 10 s on the arrows, but not while typing', async () => {
    mockFetch({});
    renderPlayer();
    fireEvent.click(screen.getByRole('button', { name: 'load' }));
    finishLoading(audio());
    audio().currentTime = 30;

    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await waitFor(() => expect(state().isPlaying).toBe(true));
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(audio().currentTime).toBe(40);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(audio().currentTime).toBe(20);

    const notes = screen.getByRole('textbox', { name: 'Notes' });
    fireEvent.keyDown(notes, { key: ' ', code: 'Space' });
    fireEvent.keyDown(notes, { key: 'ArrowLeft' });
    expect(state().isPlaying).toBe(true);
    expect(audio().currentTime).toBe(20);

    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    expect(state().isPlaying).toBe(false);
  });
});
