import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PlayerProvider } from '../../../lib/audio/player-context';
import { makeClientSession } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { WaveformPlayer, type WaveformSong } from './waveform-player';

const song = (overrides: Partial<WaveformSong> = {}): WaveformSong => ({
  id: 'song-1',
  title: 'Midnight Drive',
  artist: null,
  audioFileKey: 'org-1/audio/song-1/demo.mp3',
  waveformFileKey: 'org-1/waveforms/song-1/demo.json',
  hasReviewed: false,
  ...overrides,
});

const signed = (url: string) =>
  json(200, { success: true, url, expiresAt: new Date(Date.now() + 3600_000).toISOString() });

let fillRect: ReturnType<typeof vi.fn>;
let getContext: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // jsdom has no canvas: a stub context records the drawing.
  fillRect = vi.fn();
  getContext = vi.fn(() => ({ setTransform: vi.fn(), clearRect: vi.fn(), fillRect, fillStyle: '' }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    getContext as unknown as HTMLCanvasElement['getContext'],
  );
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
});

function renderPlayer(props: Parameters<typeof WaveformPlayer>[0]) {
  return renderWithProviders(
    <PlayerProvider>
      <WaveformPlayer {...props} />
    </PlayerProvider>,
    { session: makeClientSession() },
  );
}

function signingRoutes(waveform: Response) {
  return {
    'POST /functions/v1/get-signed-url': (request: { body: unknown }) => {
      const { fileKey } = request.body as { fileKey: string };
      return signed(fileKey.endsWith('.json') ? 'https://cdn.test/demo.json' : 'https://cdn.test/demo.mp3');
    },
    'GET /demo.json': waveform,
  };
}

describe('WaveformPlayer', () => {
  it('shows the loading overlay, then draws the loaded waveform on a 128 px canvas', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    mockFetch(
      signingRoutes(
        json(200, {
          version: 1,
          sample_rate: 44100,
          samples_per_pixel: 4410,
          bits: 8,
          length: 2,
          data: [0, 255, 100, 150],
        }),
      ),
    );
    const { container } = renderPlayer({ song: song() });
    expect(screen.getByText('Loading waveform...')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Loading waveform...')).toBeNull());
    await waitFor(() => expect(fillRect).toHaveBeenCalled());
    const canvas = container.querySelector('canvas');
    expect(canvas?.style.height).toBe('128px');
    const slider = screen.getByRole('slider', { name: 'Seek Midnight Drive' });
    expect(slider.getAttribute('aria-valuemin')).toBe('0');
    expect(slider.getAttribute('aria-valuemax')).toBe('0');
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
  });

  it('uses a 96 px canvas below 768 px', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    mockFetch(signingRoutes(json(200, { data: [0, 255] })));
    const { container } = renderPlayer({ song: song() });
    await waitFor(() => expect(screen.queryByText('Loading waveform...')).toBeNull());
    expect(container.querySelector('canvas')?.style.height).toBe('96px');
  });

  it('does not draw on a canvas without width', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(0);
    mockFetch(signingRoutes(json(200, { data: [0, 255] })));
    renderPlayer({ song: song() });
    await waitFor(() => expect(screen.queryByText('Loading waveform...')).toBeNull());
    expect(getContext).not.toHaveBeenCalled();
    expect(fillRect).not.toHaveBeenCalled();
  });

  it('shows No Waveform Available with the reason', async () => {
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    mockFetch(signingRoutes(json(200, { data: [] })));
    renderPlayer({ song: song({ audioFileKey: null }) });
    expect(await screen.findByText('No Waveform Available')).toBeTruthy();
    expect(screen.getByText('Invalid waveform data format')).toBeTruthy();
    expect(fillRect).not.toHaveBeenCalled();
  });

  it('plays this track in the global player, and offers Mark as useless only with a handler', async () => {
    mockFetch(signingRoutes(json(200, { data: [0, 255] })));
    const onMarkUseless = vi.fn();
    const { unmount } = renderPlayer({ song: song() });
    expect(screen.queryByRole('button', { name: 'Mark as useless' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() =>
      expect((document.querySelector('audio') as HTMLAudioElement).getAttribute('src')).toBe(
        'https://cdn.test/demo.mp3',
      ),
    );
    unmount();

    renderPlayer({ song: song(), onMarkUseless });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as useless' }));
    expect(onMarkUseless).toHaveBeenCalledTimes(1);
  });
});
