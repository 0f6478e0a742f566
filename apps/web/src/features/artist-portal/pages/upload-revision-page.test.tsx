import { PUBLIC_LINK_MESSAGES } from '@music-review/core/public-links';
import type { WaveformData } from '@music-review/core/waveform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRevisionUpload } from '../../../test/factories';
import { FakeXhr } from '../../../test/fake-xhr';
import { apiError, json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

const waveform: WaveformData = {
  version: 1,
  sample_rate: 44100,
  samples_per_pixel: 4410,
  bits: 8,
  length: 2,
  data: [100, 150, 90, 160],
};

/** jsdom can neither decode audio nor run a Web Worker: a decoder for any bytes, and a worker that answers `waveform`. */
function installAudioDecoding() {
  class FakeAudioContext {
    async decodeAudioData() {
      const samples = new Float32Array(8820);
      return { numberOfChannels: 1, sampleRate: 44100, duration: 0.2, getChannelData: () => samples };
    }
    close() {
      return Promise.resolve();
    }
  }
  class FakeWorker {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    onerror: (() => void) | null = null;
    postMessage() {
      setTimeout(() => this.onmessage?.({ data: { ok: true, waveform } }), 0);
    }
    terminate() {}
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Worker', FakeWorker);
}

/** A browser without Web Audio: no waveform can be made, and the upload goes ahead without one. */
const withoutAudioDecoding = () => vi.stubGlobal('AudioContext', undefined);

/** The n-th upload once the page has sent it. */
async function xhr(n: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(n));
  return FakeXhr.sent[n]!;
}

/** The first bytes of a WAV file: what the page checks before sending anything. */
function wavFile(name = 'new-mix.wav') {
  const header = new Uint8Array(44);
  header.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  header.set(
    [...'WAVEfmt '].map((c) => c.charCodeAt(0)),
    8,
  );
  return new File([header], name, { type: 'audio/wav' });
}

const TOKEN = 'tok-123';
const base = `/api/v1/public/revision-uploads/${TOKEN}`;
const open = () => renderApp({ route: `/artist/upload-revision/${TOKEN}`, session: null });
const fileInput = () => screen.getByLabelText(/^Choose (a|another) file$/) as HTMLInputElement;

beforeAll(async () => {
  await import('./upload-revision-page');
});

beforeEach(() => {
  FakeXhr.install({ isManual: true });
  installAudioDecoding();
});

describe('upload revision page', () => {
  it('shows the label, the song title, the message and the expiry, signed out', async () => {
    const server = mockFetch({
      [`GET ${base}`]: json(200, makeRevisionUpload({ message: 'Shorter intro, please.' })),
    });
    open();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Upload a new version of “Midnight Drive”' }),
    ).toBeTruthy();
    expect(screen.getByText('Midnight Records')).toBeTruthy();
    expect(screen.getByText('Shorter intro, please.')).toBeTruthy();
    expect(screen.getByText(/This will be version 2\. The link works once and expires on/)).toBeTruthy();
    expect(fileInput().accept).toContain('audio/*');
    expect(screen.getByRole('button', { name: 'Upload version 2' })).toHaveProperty('disabled', true);
    // A public page: no session, so no Authorization header either.
    expect(server.requestsTo(`GET ${base}`)[0]?.headers.get('authorization')).toBeNull();
  });

  it('shows a used link’s message and no upload form', async () => {
    mockFetch({
      [`GET ${base}`]: apiError(410, 'gone', PUBLIC_LINK_MESSAGES.used),
    });
    open();

    expect((await screen.findByRole('alert')).textContent).toBe(PUBLIC_LINK_MESSAGES.used);
    expect(screen.getByRole('heading', { level: 1, name: 'This link can’t be used' })).toBeTruthy();
    expect(screen.queryByLabelText(/Choose (a|another) file/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
  });

  it('uploads: upload URL, PUT with progress, the waveform, then complete, and thanks', async () => {
    const user = userEvent.setup({ delay: null });
    const server = mockFetch({
      [`GET ${base}`]: json(200, makeRevisionUpload()),
      [`POST ${base}/upload-url`]: (request) =>
        (request.body as { kind: string }).kind === 'audio'
          ? json(200, {
              presigned_url: '/storage/v1/object/audio-put',
              key: 'org-1/revisions/r1/new-mix.wav',
            })
          : json(200, {
              presigned_url: '/storage/v1/object/wave-put',
              key: 'org-1/revisions/r1/new-mix.json',
            }),
      [`POST ${base}/complete`]: json(200, { song_title: 'Midnight Drive', version_number: 2 }),
    });
    open();

    const file = wavFile();
    await user.upload(await waitFor(fileInput), file);
    expect(await screen.findByText('new-mix.wav')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Upload version 2' }));

    const audioPut = await xhr(0);
    expect(audioPut.method).toBe('PUT');
    expect(audioPut.url).toBe('/storage/v1/object/audio-put');
    expect(audioPut.headers['content-type']).toBe('audio/wav');
    expect(audioPut.body).toBe(file);
    audioPut.progress(0.5);
    const bar = await screen.findByRole('progressbar', { name: 'Upload progress' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    audioPut.respond(200);

    const wavePut = await xhr(1);
    expect(wavePut.url).toBe('/storage/v1/object/wave-put');
    expect(wavePut.headers['content-type']).toBe('application/json');
    expect(JSON.parse(await (wavePut.body as Blob).text())).toEqual(waveform);
    wavePut.respond(200);

    expect(
      await screen.findByText('Thank you! Version 2 of “Midnight Drive” has been sent to Midnight Records.'),
    ).toBeTruthy();
    expect(server.requestsTo(`POST ${base}/upload-url`).map((r) => r.body)).toEqual([
      { kind: 'audio', filename: 'new-mix.wav', content_type: 'audio/wav' },
      { kind: 'waveform', filename: 'new-mix.json', content_type: 'application/json' },
    ]);
    expect(server.requestsTo(`POST ${base}/complete`)[0]?.body).toEqual({
      audio_file_key: 'org-1/revisions/r1/new-mix.wav',
      waveform_file_key: 'org-1/revisions/r1/new-mix.json',
    });
    expect(server.requests.every((r) => r.headers.get('authorization') === null)).toBe(true);
  });

  it('keeps the file after a network failure and tries again; no waveform, no waveform upload', async () => {
    const user = userEvent.setup({ delay: null });
    withoutAudioDecoding();
    const server = mockFetch({
      [`GET ${base}`]: json(200, makeRevisionUpload()),
      [`POST ${base}/upload-url`]: json(200, {
        presigned_url: '/storage/v1/object/audio-put',
        key: 'org-1/revisions/r1/new-mix.wav',
      }),
      [`POST ${base}/complete`]: json(200, { song_title: 'Midnight Drive', version_number: 2 }),
    });
    open();

    await user.upload(await waitFor(fileInput), wavFile());
    await user.click(await screen.findByRole('button', { name: 'Upload version 2' }));
    (await xhr(0)).failNetwork();

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The upload was interrupted. Check your connection and try again.',
    );
    expect(screen.getByText('new-mix.wav')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    (await xhr(1)).respond(200);

    expect(
      await screen.findByText('Thank you! Version 2 of “Midnight Drive” has been sent to Midnight Records.'),
    ).toBeTruthy();
    expect(server.requestsTo(`POST ${base}/upload-url`)).toHaveLength(2);
    expect(server.requestsTo(`POST ${base}/complete`)[0]?.body).toEqual({
      audio_file_key: 'org-1/revisions/r1/new-mix.wav',
    });
  });

  it('refuses a file that is not audio or is over 300 MB, before sending anything', async () => {
    const user = userEvent.setup({ delay: null, applyAccept: false });
    const server = mockFetch({ [`GET ${base}`]: json(200, makeRevisionUpload()) });
    open();

    await user.upload(await waitFor(fileInput), new File(['<!doctype html><p>hi'], 'song.mp3'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is not an audio file we can take. Please choose a WAV, AIFF, FLAC, MP3, AAC, M4A or OGG file.',
    );

    const huge = wavFile('huge.wav');
    Object.defineProperty(huge, 'size', { value: 301 * 1024 * 1024 });
    await user.upload(fileInput(), huge);
    expect(
      await screen.findByText('This file is larger than 300 MB. Please choose a smaller file.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload version 2' })).toHaveProperty('disabled', true);
    expect(server.requests).toHaveLength(1);
  });

  it('shows the server’s message when the link expires before the upload completes', async () => {
    const user = userEvent.setup({ delay: null });
    withoutAudioDecoding();
    mockFetch({
      [`GET ${base}`]: json(200, makeRevisionUpload()),
      [`POST ${base}/upload-url`]: apiError(410, 'gone', PUBLIC_LINK_MESSAGES.expired),
    });
    open();

    await user.upload(await waitFor(fileInput), wavFile());
    await user.click(await screen.findByRole('button', { name: 'Upload version 2' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PUBLIC_LINK_MESSAGES.expired);
    expect(screen.queryByLabelText(/Choose (a|another) file/)).toBeNull();
  });
});
