import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerProvider, usePlayer } from '../../../lib/audio/player-context';
import type { AudioTrack } from '../../../lib/audio/player-state';
import { makeClientSession } from '../../../test/factories';
import { mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { BottomPlayer, PLAYER_MINIMISED_KEY } from './bottom-player';
import { NOW_PLAYING_MINIMISED_KEY, NowPlayingStrip } from './now-playing-strip';

const track = (overrides: Partial<AudioTrack> = {}): AudioTrack => ({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: 'The Lights',
  url: 'https://cdn.test/demo.mp3',
  initialTime: 0,
  hasReviewed: false,
  autoPlay: false,
  ...overrides,
});

function Loader({ next }: { next: AudioTrack }) {
  const { setTrack } = usePlayer();
  return (
    <button type="button" onClick={() => setTrack(next)}>
      load
    </button>
  );
}

function renderBottomPlayer(next: AudioTrack, view = <BottomPlayer />) {
  mockFetch({});
  renderWithProviders(
    <PlayerProvider>
      <Loader next={next} />
      {view}
    </PlayerProvider>,
    { session: makeClientSession() },
  );
  fireEvent.click(screen.getByRole('button', { name: 'load' }));
  const audio = document.querySelector('audio') as HTMLAudioElement;
  Object.defineProperty(audio, 'readyState', { configurable: true, get: () => 4 });
  Object.defineProperty(audio, 'duration', { configurable: true, get: () => 125 });
  act(() => {
    audio.dispatchEvent(new Event('loadedmetadata'));
    audio.dispatchEvent(new Event('canplay'));
  });
  return audio;
}

beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

describe('BottomPlayer', () => {
  it('shows nothing before a track is chosen', () => {
    mockFetch({});
    renderWithProviders(
      <PlayerProvider>
        <BottomPlayer />
      </PlayerProvider>,
    );
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull();
  });

  it('shows the title, hides the artist before a review, and shows the clock and seek bar', () => {
    const audio = renderBottomPlayer(track());
    expect(screen.getByText('Midnight Drive')).toBeTruthy();
    expect(screen.queryByText('The Lights')).toBeNull();
    expect(screen.getByText('0:00')).toBeTruthy();
    expect(screen.getByText('2:05')).toBeTruthy();
    const seek = screen.getByRole('slider', { name: 'Seek' }) as HTMLInputElement;
    fireEvent.change(seek, { target: { value: '61' } });
    expect(audio.currentTime).toBe(61);
    expect(screen.getByText('1:01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Skip forward 10 seconds' }));
    expect(audio.currentTime).toBe(71);
    fireEvent.click(screen.getByRole('button', { name: 'Skip back 10 seconds' }));
    expect(audio.currentTime).toBe(61);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('shows the artist once the song is reviewed', () => {
    renderBottomPlayer(track({ hasReviewed: true }));
    expect(screen.getByText('The Lights')).toBeTruthy();
  });

  it('minimises to a pill and restores, remembered on the device', () => {
    renderBottomPlayer(track());
    fireEvent.click(screen.getByRole('button', { name: 'Minimise player' }));
    expect(screen.queryByRole('slider', { name: 'Seek' })).toBeNull();
    expect(localStorage.getItem(PLAYER_MINIMISED_KEY)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show player' }));
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeTruthy();
    expect(localStorage.getItem(PLAYER_MINIMISED_KEY)).toBe('false');
  });
});

describe('NowPlayingStrip (phones)', () => {
  it('shows the title, the artist once reviewed, the seek bar and the clock; minimises to one line, remembered', () => {
    const audio = renderBottomPlayer(track({ hasReviewed: true }), <NowPlayingStrip />);
    const strip = screen.getByRole('region', { name: 'Now playing' });
    expect(strip.textContent).toContain('Midnight Drive');
    expect(strip.textContent).toContain('The Lights');
    expect(screen.getByText('2:05')).toBeTruthy();
    fireEvent.change(screen.getByRole('slider', { name: 'Seek' }), { target: { value: '30' } });
    expect(audio.currentTime).toBe(30);

    fireEvent.click(screen.getByRole('button', { name: 'Minimise now playing' }));
    expect(screen.queryByRole('slider', { name: 'Seek' })).toBeNull();
    expect(screen.getByText('0:30 / 2:05')).toBeTruthy();
    expect(localStorage.getItem(NOW_PLAYING_MINIMISED_KEY)).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show now playing' }));
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeTruthy();
  });

  it('hides the artist before a review', () => {
    renderBottomPlayer(track(), <NowPlayingStrip />);
    expect(screen.getByRole('region', { name: 'Now playing' }).textContent).not.toContain('The Lights');
  });
});
