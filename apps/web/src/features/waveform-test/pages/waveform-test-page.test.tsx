import { generateWaveform, samplesPerPixelFor } from '@music-review/core/waveform';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeClientSession, makeMe } from '../../../test/factories';
import { json, mockFetch } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';
import type { WaveformWorkerRequest } from '../../player/waveform.worker';

const SAMPLE_RATE = 8000;
const SECONDS = 10;

/** The first bytes of a WAV file: RIFF....WAVE, which is all the type check reads. */
function wavFile(name = 'tone.wav') {
  const bytes = new Uint8Array(64);
  bytes.set(
    [...'RIFF'].map((c) => c.charCodeAt(0)),
    0,
  );
  bytes.set(
    [...'WAVE'].map((c) => c.charCodeAt(0)),
    8,
  );
  return new File([bytes], name, { type: 'audio/wav' });
}

let decodedLength = SAMPLE_RATE * SECONDS;

/** jsdom has no Web Audio: a decoder that understands only WAV headers, and a 10 s sine. */
class FakeAudioContext {
  async decodeAudioData(buffer: ArrayBuffer) {
    const head = new TextDecoder().decode(new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength)));
    if (head !== 'RIFF') throw new DOMException('Unable to decode audio data', 'EncodingError');
    const samples = new Float32Array(decodedLength).map((_, i) => Math.sin(i / 10) * 0.5);
    return {
      numberOfChannels: decodedLength === 0 ? 0 : 1,
      sampleRate: SAMPLE_RATE,
      length: decodedLength,
      duration: decodedLength / SAMPLE_RATE,
      getChannelData: () => samples,
    };
  }
  close() {
    return Promise.resolve();
  }
}

/** jsdom has no workers: run the worker's job (the same core functions) on a later tick. */
class FakeWorker {
  static urls: string[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor(url: URL | string) {
    FakeWorker.urls.push(String(url));
  }
  postMessage({ channels, sampleRate }: WaveformWorkerRequest) {
    const duration = (channels[0]?.length ?? 0) / sampleRate;
    const waveform = generateWaveform(channels, sampleRate, {
      samplesPerPixel: samplesPerPixelFor(duration),
    });
    setTimeout(() => this.onmessage?.({ data: { ok: true, waveform } }));
  }
  terminate() {}
}

let fillRect: ReturnType<typeof vi.fn>;
let createObjectURL: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  await import('./waveform-test-page');
});

beforeEach(() => {
  decodedLength = SAMPLE_RATE * SECONDS;
  FakeWorker.urls = [];
  vi.stubGlobal('AudioContext', FakeAudioContext);
  vi.stubGlobal('Worker', FakeWorker);
  fillRect = vi.fn();
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({
    setTransform: vi.fn(),
    clearRect: vi.fn(),
    fillRect,
    fillStyle: '',
  })) as unknown as HTMLCanvasElement['getContext']);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(300);
  let n = 0;
  createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:local/${++n}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  mockFetch({ 'GET /api/v1/me': json(200, makeMe()) });
});

async function chooseFile(file: File) {
  const user = userEvent.setup({ delay: null });
  renderApp({ route: '/waveform-test', session: makeClientSession() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Waveform Test' })).toBeTruthy();
  await user.upload(screen.getByLabelText('Audio file'), file);
  return user;
}

function stat(label: string) {
  const term = within(document.querySelector('dl[aria-label="Results"]') as HTMLElement).getByText(label, {
    selector: 'dt',
  });
  return term.nextElementSibling?.textContent;
}

describe('Waveform Test', () => {
  it('decodes a file, generates its waveform in the worker, and shows the numbers', async () => {
    const user = await chooseFile(wavFile());

    expect(await screen.findByRole('img', { name: 'Waveform of tone.wav' })).toBeTruthy();
    expect(stat('File name')).toBe('tone.wav');
    expect(stat('Size')).toBe('64 bytes');
    expect(stat('Detected type')).toBe('WAV (audio/wav)');
    expect(stat('Duration')).toBe('0:10 (10.00 s)');
    expect(stat('Sample rate')).toBe('8000 Hz');
    expect(stat('Channels')).toBe('1 (mono)');
    // Spec section 9: under 30 s the default 4410 is halved.
    expect(stat('Samples per pixel')).toBe('2205 (halved: audio under 30 s)');
    expect(stat('Bars')).toBe(String(Math.ceil((SAMPLE_RATE * SECONDS) / 2205)));
    expect(stat('Decode time')).toMatch(/^\d+ ms$/);
    expect(stat('Generation time')).toMatch(/^\d+ ms$/);
    expect(FakeWorker.urls).toHaveLength(1);
    expect(FakeWorker.urls[0]).toMatch(/waveform\.worker\.ts/);
    await waitFor(() => expect(fillRect).toHaveBeenCalled());

    // Playback goes through the global player, from an object URL of the local file.
    await user.click(screen.getByRole('button', { name: 'Play' }));
    const fileUrl = createObjectURL.mock.results.at(-1)?.value;
    expect(fileUrl).toMatch(/^blob:local\//);
    await waitFor(() => expect(screen.getByTestId('global-audio').getAttribute('src')).toBe(fileUrl));
  });

  it('downloads the waveform as JSON named after the file', async () => {
    const user = await chooseFile(wavFile('demo take 3.wav'));
    await screen.findByRole('img', { name: 'Waveform of demo take 3.wav' });
    let downloaded: { name: string; href: string } | null = null;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = { name: this.download, href: this.getAttribute('href') ?? '' };
    });

    await user.click(screen.getByRole('button', { name: 'Download waveform JSON' }));
    expect(downloaded).toEqual({
      name: 'demo take 3.json',
      href: createObjectURL.mock.results.at(-1)?.value,
    });
    const blob = createObjectURL.mock.calls.at(-1)?.[0] as Blob;
    expect(blob.type).toBe('application/json');
    const waveform = JSON.parse(await blob.text());
    expect(waveform).toMatchObject({
      version: 1,
      bits: 8,
      sample_rate: SAMPLE_RATE,
      samples_per_pixel: 2205,
    });
    expect(waveform.data).toHaveLength(2 * waveform.length);
  });

  it('says in plain words when the file cannot be decoded', async () => {
    await chooseFile(
      new File([new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])], 'broken.mp3', { type: 'audio/mpeg' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('broken.mp3 could not be used.');
    expect(alert.textContent).toContain(
      'This browser could not decode the file as audio. Its first bytes match none of the audio formats',
    );
    expect(alert.textContent).toContain('Technical reason: Unable to decode audio data');
    expect(screen.queryByRole('button', { name: 'Download waveform JSON' })).toBeNull();
    expect(FakeWorker.urls).toHaveLength(0);
  });

  it('refuses an empty file and an HTML page saved as audio', async () => {
    const user = await chooseFile(new File([], 'empty.wav', { type: 'audio/wav' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file is empty (0 bytes), so there is no audio to draw.',
    );

    await user.upload(
      screen.getByLabelText('Audio file'),
      new File(['<!DOCTYPE html><html><body>Not found</body></html>'], 'song.mp3', { type: 'audio/mpeg' }),
    );
    expect(await screen.findByText(/This file is a web page \(HTML\), not audio/)).toBeTruthy();
  });

  it('says so when the audio decodes to nothing', async () => {
    decodedLength = 0;
    await chooseFile(wavFile('silence.wav'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The file decoded to no audio at all (0 samples).',
    );
  });
});
