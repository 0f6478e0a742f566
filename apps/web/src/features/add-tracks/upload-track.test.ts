import type { WaveformData } from '@music-review/core/waveform';
import { describe, expect, it, vi } from 'vitest';
import { MAX_WAVEFORM_SOURCE_BYTES } from '../../lib/upload/audio-file';
import { makeSong } from '../../test/factories';
import {
  runWithConcurrency,
  type TrackUploadDeps,
  type TrackUploadEvent,
  type TrackUploadInput,
  uploadTrack,
} from './upload-track';

const waveform: WaveformData = {
  version: 1,
  sample_rate: 8000,
  samples_per_pixel: 1000,
  bits: 8,
  length: 2,
  data: [100, 150, 90, 170],
};

const input = (overrides: Partial<TrackUploadInput> = {}): TrackUploadInput => ({
  songId: 'song-1',
  file: new File([new Uint8Array(64)], 'demo.wav', { type: 'audio/wav' }),
  contentType: 'audio/wav',
  orgName: 'Midnight Records',
  details: { title: 'Demo', artist: 'The Lights', submission_source: '' },
  ...overrides,
});

/** Deps that record every call in order; `overrides` replace single steps. */
function fakeDeps(overrides: Partial<TrackUploadDeps> = {}) {
  const calls: string[] = [];
  const deps: TrackUploadDeps = {
    requestUploadUrl: vi.fn(async (req) => {
      calls.push(`presign ${req.type} ${req.id}/${req.filename} ${req.contentType}`);
      return {
        presignedUrl: `https://store/${req.type}/${req.filename}`,
        key: `org-1/${req.type}/${req.id}/${req.filename}`,
      };
    }),
    putFile: vi.fn(async (url, _body, contentType, onProgress) => {
      calls.push(`put ${url} ${contentType}`);
      onProgress(0.5);
      onProgress(1);
    }),
    generateWaveform: vi.fn(async () => {
      calls.push('generate');
      return { waveform, durationSeconds: 12.5 };
    }),
    createSong: vi.fn(async (body) => {
      calls.push(`create ${body.id}`);
      return makeSong({ id: body.id, title: body.title });
    }),
    ...overrides,
  };
  return { deps, calls };
}

describe('uploadTrack', () => {
  it('uploads the audio and the generated waveform under the song id, then creates the song with both keys', async () => {
    const { deps, calls } = fakeDeps();
    const events: TrackUploadEvent[] = [];
    const result = await uploadTrack(input(), deps, (e) => events.push(e), new AbortController().signal);

    expect(result.hasWaveform).toBe(true);
    expect(deps.createSong).toHaveBeenCalledWith(
      {
        id: 'song-1',
        title: 'Demo',
        artist: 'The Lights',
        submission_source: '',
        audio_file_key: 'org-1/audio/song-1/demo.wav',
        waveform_file_key: 'org-1/waveforms/song-1/demo.json',
      },
      expect.any(AbortSignal),
    );
    expect(calls).toEqual(
      expect.arrayContaining([
        'presign audio song-1/demo.wav audio/wav',
        'put https://store/audio/demo.wav audio/wav',
        'generate',
        'presign waveforms song-1/demo.json application/json',
        'put https://store/waveforms/demo.json application/json',
      ]),
    );
    expect(calls.at(-1)).toBe('create song-1');
    expect(events).toContainEqual({ kind: 'progress', fraction: 0.5 });
    expect(events).toContainEqual({ kind: 'audioUploaded', key: 'org-1/audio/song-1/demo.wav' });
    expect(events).toContainEqual({
      kind: 'waveform',
      key: 'org-1/waveforms/song-1/demo.json',
      durationSeconds: 12.5,
    });
    expect(events.at(-1)).toEqual({ kind: 'saving' });
  });

  it('generates the waveform while the audio uploads', async () => {
    let finishAudio: () => void = () => {};
    const { deps } = fakeDeps({
      putFile: vi.fn(
        (_url, _body, contentType: string) =>
          new Promise<void>((resolve) => {
            if (contentType === 'application/json') resolve();
            else finishAudio = resolve;
          }),
      ),
    });
    const done = uploadTrack(input(), deps, () => {}, new AbortController().signal);
    await vi.waitFor(() => expect(deps.generateWaveform).toHaveBeenCalled());
    expect(deps.createSong).not.toHaveBeenCalled();
    finishAudio();
    await done;
    expect(deps.createSong).toHaveBeenCalled();
  });

  it('adds the track without a waveform when the file cannot be decoded, or the waveform upload fails', async () => {
    const undecodable = fakeDeps({ generateWaveform: vi.fn().mockRejectedValue(new Error('EncodingError')) });
    const events: TrackUploadEvent[] = [];
    const result = await uploadTrack(
      input(),
      undecodable.deps,
      (e) => events.push(e),
      new AbortController().signal,
    );
    expect(result.hasWaveform).toBe(false);
    expect(undecodable.deps.createSong).toHaveBeenCalledWith(
      expect.not.objectContaining({ waveform_file_key: expect.anything() }),
      expect.any(AbortSignal),
    );
    expect(events).toContainEqual({ kind: 'waveform', key: null, durationSeconds: null });

    const refused = fakeDeps();
    refused.deps.putFile = vi.fn(async (_url: string, _body: Blob, contentType: string) => {
      if (contentType === 'application/json') throw new Error('403');
    });
    expect(
      (await uploadTrack(input(), refused.deps, () => {}, new AbortController().signal)).hasWaveform,
    ).toBe(false);
  });

  it('does not decode files above the waveform size cap', async () => {
    const big = new File([new Uint8Array(8)], 'big.wav');
    Object.defineProperty(big, 'size', { value: MAX_WAVEFORM_SOURCE_BYTES + 1 });
    const { deps } = fakeDeps();
    const result = await uploadTrack(input({ file: big }), deps, () => {}, new AbortController().signal);
    expect(deps.generateWaveform).not.toHaveBeenCalled();
    expect(result.hasWaveform).toBe(false);
  });

  it('fails with the audio step’s error and does not create the song', async () => {
    const { deps } = fakeDeps({ putFile: vi.fn().mockRejectedValue(new Error('The upload failed (500).')) });
    await expect(uploadTrack(input(), deps, () => {}, new AbortController().signal)).rejects.toThrow(
      'The upload failed (500).',
    );
    expect(deps.createSong).not.toHaveBeenCalled();
  });

  it('reuses what an earlier attempt uploaded', async () => {
    const { deps, calls } = fakeDeps();
    await uploadTrack(
      input({ done: { audioKey: 'org-1/audio/song-1/demo.wav', waveformKey: null } }),
      deps,
      () => {},
      new AbortController().signal,
    );
    expect(calls).toEqual(['create song-1']);
    expect(deps.createSong).toHaveBeenCalledWith(
      expect.objectContaining({ audio_file_key: 'org-1/audio/song-1/demo.wav' }),
      expect.any(AbortSignal),
    );
  });

  it('stops with an AbortError and reports nothing more once aborted', async () => {
    const controller = new AbortController();
    const { deps } = fakeDeps({
      putFile: vi.fn(async (_url, _body, contentType: string) => {
        if (contentType !== 'application/json') controller.abort();
      }),
    });
    const events: TrackUploadEvent[] = [];
    await expect(uploadTrack(input(), deps, (e) => events.push(e), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(deps.createSong).not.toHaveBeenCalled();
    expect(events.some((e) => e.kind === 'saving')).toBe(false);
  });
});

describe('runWithConcurrency', () => {
  it('runs at most `limit` at once, in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await runWithConcurrency([1, 2, 3, 4, 5], 2, async (n) => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n === 1 ? 10 : 1));
      running--;
    });
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts nothing more once told to stop', async () => {
    let isStopped = false;
    const started: number[] = [];
    await runWithConcurrency(
      [1, 2, 3, 4],
      2,
      async (n) => {
        started.push(n);
        if (n === 2) isStopped = true;
      },
      () => isStopped,
    );
    expect(started).toEqual([1, 2]);
  });
});
