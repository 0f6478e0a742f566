import { emptyMetadataDraft, type PublicMetadataFormDto } from '@music-review/core/metadata-forms';
import { MUSIC_CODE_MESSAGES } from '@music-review/core/music-codes';
import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const TOKEN = 'tok-meta';
const base = `/api/v1/public/metadata-forms/${TOKEN}`;
const open = () => renderApp({ route: `/metadata/${TOKEN}`, session: null });

const form = (overrides: Partial<PublicMetadataFormDto> = {}): PublicMetadataFormDto => ({
  label_name: 'Dome Records',
  song_title: 'Summer Static',
  song_artist: 'Nova Lane',
  status: 'draft',
  data: emptyMetadataDraft({ title: 'Summer Static', artist: 'Nova Lane' }),
  submitted_at: null,
  expires_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  audio_file_key: null,
  waveform_file_key: null,
  ...overrides,
});

beforeAll(async () => {
  await import('./metadata-form-page');
});

describe('metadata form page', () => {
  it('saves the draft as typed, signed out, and shows Saved', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, form()),
      [`PUT ${base}/draft`]: json(200, { saved_at: '2026-01-01T00:00:01.000Z' }),
    });
    open();
    const isrc = await screen.findByLabelText('ISRC');
    await user.type(isrc, 'gb-dmr-26-0007');
    expect(screen.getByText(MUSIC_CODE_MESSAGES.isrcLength)).toBeTruthy();
    await user.type(isrc, '7');
    expect(screen.getByText('Valid ISRC: GB-DMR-26-00077')).toBeTruthy();

    await waitFor(() => expect(screen.getByRole('status', { name: '' }).textContent).toMatch(/Saved/), {
      timeout: 3000,
    });
    const saves = server.requestsTo(`PUT ${base}/draft`);
    expect(saves.at(-1)?.body).toMatchObject({ data: { isrc: 'gb-dmr-26-00077', title: 'Summer Static' } });
    expect(saves.at(-1)?.headers.get('authorization')).toBeNull();
  });

  it('shows each field’s error beside it, the live share total, and does not submit', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, form()),
      [`PUT ${base}/draft`]: json(200, { saved_at: '2026-01-01T00:00:01.000Z' }),
      [`POST ${base}/submit`]: json(200, form({ status: 'submitted' })),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Add writer' }));
    await user.type(screen.getByLabelText('Writer 1 Name'), 'Nova Lane');
    await user.type(screen.getByLabelText('Writer 1 Share %'), '60');
    await user.click(screen.getByRole('button', { name: 'Add writer' }));
    await user.type(screen.getByLabelText('Writer 2 Share %'), '30');
    expect(screen.getByText(/Total: 90%/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Submit metadata' }));
    expect(await screen.findByText("Enter the writer's name")).toBeTruthy();
    expect(screen.getByText(MUSIC_CODE_MESSAGES.sharesTotal(90))).toBeTruthy();
    expect(screen.getByText(MUSIC_CODE_MESSAGES.isrcEmpty)).toBeTruthy();
    expect(screen.getByText('Enter the genre')).toBeTruthy();
    expect(screen.getByLabelText('ISRC').getAttribute('aria-invalid')).toBe('true');
    expect(server.requestsTo(`POST ${base}/submit`)).toHaveLength(0);
    // What was typed stays.
    expect((screen.getByLabelText('Writer 1 Name') as HTMLInputElement).value).toBe('Nova Lane');
  });

  it('shows the problems the server finds beside their fields, and keeps what was typed', async () => {
    const user = userEvent.setup({ delay: null });
    const draft = {
      ...emptyMetadataDraft({ title: 'Summer Static', artist: 'Nova Lane' }),
      writers: [{ name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '', share: '100' }],
      isrc: 'GB-ABC-26-00001',
      genre: 'Synth-pop',
      language: 'en',
    };
    const server = mockFetch({
      [`GET ${base}`]: json(200, form({ data: draft })),
      [`PUT ${base}/draft`]: json(200, { saved_at: '2026-01-01T00:00:01.000Z' }),
      [`POST ${base}/submit`]: apiError(
        400,
        'validation_failed',
        'isrc: This ISRC is already on another song; genre: Choose a genre from the list',
        {},
        { isrc: 'This ISRC is already on another song', genre: 'Choose a genre from the list' },
      ),
    });
    open();
    await user.click(await screen.findByRole('button', { name: 'Submit metadata' }));

    await expect.poll(() => screen.getByLabelText('ISRC').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This ISRC is already on another song')).toBeTruthy();
    expect(screen.getByLabelText('Genre').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Choose a genre from the list')).toBeTruthy();
    expect(server.requestsTo(`POST ${base}/submit`)).toHaveLength(1);
    expect((screen.getByLabelText('ISRC') as HTMLInputElement).value).toBe('GB-ABC-26-00001');
  });

  it('shows a submitted form read-only, and a withdrawn link its own page', async () => {
    mockFetch({
      [`GET ${base}`]: json(200, form({ status: 'submitted', submitted_at: '2026-01-02T00:00:00.000Z' })),
    });
    const first = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Metadata submitted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit metadata' })).toBeNull();
    first.unmount();

    mockFetch({ [`GET ${base}`]: apiError(410, 'link_revoked', PUBLIC_LINK_MESSAGES.revoked) });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.getByText(PUBLIC_LINK_MESSAGES.revoked)).toBeTruthy();
  });

  it("plays the song's waveform, signing its files with the link's token instead of a session", async () => {
    const user = userEvent.setup({ delay: null });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
    const fillRect = vi.fn();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({
      setTransform: vi.fn(),
      clearRect: vi.fn(),
      fillRect,
      fillStyle: '',
    })) as unknown as HTMLCanvasElement['getContext']);
    vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
    const server = mockFetch({
      [`GET ${base}`]: json(
        200,
        form({ audio_file_key: 'org-1/audio/s/demo.wav', waveform_file_key: 'org-1/waveforms/s/demo.json' }),
      ),
      'POST /functions/v1/get-signed-url': (request) => {
        const { fileKey } = request.body as { fileKey: string };
        return json(200, {
          success: true,
          url: fileKey.endsWith('.json') ? 'https://cdn.test/demo.json' : 'https://cdn.test/demo.wav',
          expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        });
      },
      'GET /demo.json': json(200, {
        version: 2,
        channels: 1,
        sample_rate: 8000,
        samples_per_pixel: 800,
        bits: 8,
        length: 4,
        data: [-10, 10, -60, 60, -30, 30, -5, 5],
      }),
    });
    open();
    const player = await screen.findByRole('region', { name: 'Player for Summer Static' });
    await waitFor(() => expect(fillRect).toHaveBeenCalled());
    await user.click(within(player).getByRole('button', { name: 'Play' }));
    const audio = document.querySelector('audio') as HTMLAudioElement;
    await waitFor(() => expect(audio.getAttribute('src')).toBe('https://cdn.test/demo.wav'));

    const signs = server.requestsTo('POST /functions/v1/get-signed-url');
    expect(signs.map((r) => (r.body as { fileKey: string }).fileKey)).toEqual([
      'org-1/waveforms/s/demo.json',
      'org-1/audio/s/demo.wav',
    ]);
    for (const sign of signs) {
      expect(sign.headers.get('x-metadata-form-token')).toBe(TOKEN);
      expect(sign.headers.get('authorization')).toBeNull();
    }
  });

  it('shows no player for a song without audio', async () => {
    mockFetch({ [`GET ${base}`]: json(200, form()) });
    open();
    await screen.findByLabelText('ISRC');
    expect(screen.queryByRole('region', { name: /^Player for/ })).toBeNull();
  });
});
