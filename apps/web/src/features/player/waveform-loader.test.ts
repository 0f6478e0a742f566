import type { WaveformData } from '@music-review/core/waveform';
import { describe, expect, it, vi } from 'vitest';
import {
  loadWaveform,
  planWaveformSources,
  WaveformFetchError,
  type WaveformLoaderDeps,
} from './waveform-loader';

const generated: WaveformData = {
  version: 1,
  sample_rate: 44100,
  samples_per_pixel: 2205,
  bits: 8,
  length: 2,
  data: [100, 150, 90, 170],
};
const stored = { version: 1, data: [0, 255] };

/** Deps that serve `files` (by signed URL) and record every call in order. */
function fakeDeps(files: Record<string, unknown | number>, overrides: Partial<WaveformLoaderDeps> = {}) {
  const calls: string[] = [];
  const deps: WaveformLoaderDeps = {
    signUrl: vi.fn(async (key: string) => {
      calls.push(`sign ${key}`);
      return `https://signed/${key}`;
    }),
    fetchJson: vi.fn(async (url: string) => {
      calls.push(`fetch ${url}`);
      const file = files[url];
      if (file === undefined) throw new WaveformFetchError(404);
      if (typeof file === 'number') throw new WaveformFetchError(file);
      return file;
    }),
    generate: vi.fn(async (audioKey: string) => {
      calls.push(`generate ${audioKey}`);
      return generated;
    }),
    upload: vi.fn(async (key: string) => {
      calls.push(`upload ${key}`);
      return 'org-1/waveforms/song-1/demo.json';
    }),
    storeKey: vi.fn(async (songId: string, key: string) => {
      calls.push(`store ${songId} ${key}`);
    }),
    ...overrides,
  };
  return { deps, calls };
}

const input = {
  songId: 'song-1',
  audioFileKey: 'org-1/audio/song-1/demo.mp3',
  waveformFileKey: 'org-1/waveforms/song-1/stored.json',
  waveformUrl: 'https://public/stored.json',
};

describe('planWaveformSources (spec section 4 order)', () => {
  it('tries the stored key, then the stored URL, then the derived key', () => {
    expect(planWaveformSources(input)).toEqual([
      { kind: 'storedKey', key: 'org-1/waveforms/song-1/stored.json' },
      { kind: 'storedUrl', url: 'https://public/stored.json' },
      { kind: 'derivedKey', key: 'org-1/audio/song-1/demo.json' },
    ]);
  });

  it('skips what the song does not have', () => {
    expect(planWaveformSources({ ...input, waveformFileKey: null, waveformUrl: null })).toEqual([
      { kind: 'derivedKey', key: 'org-1/audio/song-1/demo.json' },
    ]);
    expect(planWaveformSources({ songId: 's', audioFileKey: null, waveformFileKey: null })).toEqual([]);
  });
});

describe('loadWaveform', () => {
  it('uses the stored key first and stops there', async () => {
    const { deps, calls } = fakeDeps({ 'https://signed/org-1/waveforms/song-1/stored.json': stored });
    const result = await loadWaveform(input, deps);
    expect(result).toEqual({ waveform: { version: 1, data: [0, 255] }, source: 'storedKey' });
    expect(calls).toEqual([
      'sign org-1/waveforms/song-1/stored.json',
      'fetch https://signed/org-1/waveforms/song-1/stored.json',
    ]);
  });

  it('falls back to the stored URL (unsigned), then the derived key', async () => {
    const { deps, calls } = fakeDeps({
      'https://signed/org-1/waveforms/song-1/stored.json': 500,
      'https://public/stored.json': 403,
      'https://signed/org-1/audio/song-1/demo.json': stored,
    });
    const result = await loadWaveform(input, deps);
    expect(result.source).toBe('derivedKey');
    expect(calls).toEqual([
      'sign org-1/waveforms/song-1/stored.json',
      'fetch https://signed/org-1/waveforms/song-1/stored.json',
      'fetch https://public/stored.json',
      'sign org-1/audio/song-1/demo.json',
      'fetch https://signed/org-1/audio/song-1/demo.json',
    ]);
  });

  it('generates on a 404 of the derived file, uploads it (4 parts) and stores the key on the song', async () => {
    const { deps, calls } = fakeDeps({});
    const result = await loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, deps);
    expect(result).toEqual({ waveform: generated, source: 'generated' });
    expect(calls).toEqual([
      'sign org-1/audio/song-1/demo.json',
      'fetch https://signed/org-1/audio/song-1/demo.json',
      'generate org-1/audio/song-1/demo.mp3',
      'upload org-1/audio/song-1/demo.json',
      'store song-1 org-1/waveforms/song-1/demo.json',
    ]);
  });

  it('also generates when get-signed-url itself answers 404 for the derived key', async () => {
    const notFound = Object.assign(new Error('File not found'), { status: 404 });
    const { deps, calls } = fakeDeps(
      {},
      {
        signUrl: vi.fn(async (key: string) => {
          if (key.endsWith('.json')) throw notFound;
          return `https://signed/${key}`;
        }),
      },
    );
    const result = await loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, deps);
    expect(result.source).toBe('generated');
    expect(calls).toEqual([
      'generate org-1/audio/song-1/demo.mp3',
      'upload org-1/audio/song-1/demo.json',
      'store song-1 org-1/waveforms/song-1/demo.json',
    ]);
  });

  it('generates but does not upload when the derived key has fewer than 4 path parts', async () => {
    const { deps, calls } = fakeDeps({});
    const result = await loadWaveform(
      { songId: 'song-1', audioFileKey: 'audio/demo.mp3', waveformFileKey: null },
      deps,
    );
    expect(result.source).toBe('generated');
    expect(calls).toContain('generate audio/demo.mp3');
    expect(deps.upload).not.toHaveBeenCalled();
    expect(deps.storeKey).not.toHaveBeenCalled();
  });

  it('does not generate when the derived file fails with another status', async () => {
    const { deps } = fakeDeps({ 'https://signed/org-1/audio/song-1/demo.json': 500 });
    await expect(loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, deps)).rejects.toThrow(
      'Failed to load waveform data: 500',
    );
    expect(deps.generate).not.toHaveBeenCalled();
  });

  it('rejects invalid data with the spec message', async () => {
    const { deps } = fakeDeps({ 'https://signed/org-1/audio/song-1/demo.json': { data: [] } });
    await expect(loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, deps)).rejects.toThrow(
      'Invalid waveform data format',
    );
  });

  it('reports a failed generation with its reason, and still shows a waveform whose upload failed', async () => {
    const failing = fakeDeps({}, { generate: vi.fn().mockRejectedValue(new Error('decode error')) });
    await expect(
      loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, failing.deps),
    ).rejects.toThrow('Waveform generation failed: decode error');
    const noUpload = fakeDeps({}, { upload: vi.fn().mockRejectedValue(new Error('403')) });
    const result = await loadWaveform({ ...input, waveformFileKey: null, waveformUrl: null }, noUpload.deps);
    expect(result.source).toBe('generated');
    expect(noUpload.deps.storeKey).not.toHaveBeenCalled();
  });

  it('explains a song without any source', async () => {
    const { deps } = fakeDeps({});
    await expect(
      loadWaveform({ songId: 's', audioFileKey: null, waveformFileKey: null }, deps),
    ).rejects.toThrow('Could not determine audio filename');
    await expect(
      loadWaveform({ songId: 's', audioFileKey: 'org/audio/s/', waveformFileKey: null }, deps),
    ).rejects.toThrow('Could not determine waveform JSON key');
  });
});
