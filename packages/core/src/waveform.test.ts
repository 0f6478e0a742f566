import { describe, expect, it } from 'vitest';
import {
  audioFilename,
  canUploadDerivedWaveform,
  generateWaveform,
  samplesPerPixelFor,
  toAudiowaveform,
  toByte,
  validateWaveformData,
  waveformErrorMessages,
  waveformKeyForAudio,
} from './waveform.ts';

const RATE = 44_100;

/** n samples from f(i). */
function signal(n: number, f: (i: number) => number): Float32Array {
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = f(i);
  return out;
}

/** The (min, max) pairs of a waveform, as [min, max] tuples. */
function pairs(data: number[]): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < data.length; i += 2) out.push([data[i]!, data[i + 1]!]);
  return out;
}

const repeat = <T>(n: number, value: T): T[] => Array.from({ length: n }, () => value);

describe('samplesPerPixelFor (spec section 9)', () => {
  it.each([
    [0, 2205],
    [1, 2205],
    [29.9, 2205],
    [29.999, 2205],
    [30, 4410],
    [120, 4410],
    [300, 4410],
    [300.0001, 8820],
    [300.1, 8820],
    [3600, 8820],
    [Number.POSITIVE_INFINITY, 8820],
  ])('%d s -> %i samples per pixel', (seconds, spp) => {
    expect(samplesPerPixelFor(seconds)).toBe(spp);
  });

  it('keeps the halved value at 1000 or more and the doubled one at 10000 or less', () => {
    expect(samplesPerPixelFor(10, 1500)).toBe(1000);
    expect(samplesPerPixelFor(10, 2000)).toBe(1000);
    expect(samplesPerPixelFor(10, 2002)).toBe(1001);
    expect(samplesPerPixelFor(400, 6000)).toBe(10000);
    expect(samplesPerPixelFor(400, 5000)).toBe(10000);
    expect(samplesPerPixelFor(400, 4999)).toBe(9998);
    expect(samplesPerPixelFor(100, 6000)).toBe(6000);
  });

  it('refuses a negative or NaN duration', () => {
    expect(() => samplesPerPixelFor(-1)).toThrow(RangeError);
    expect(() => samplesPerPixelFor(Number.NaN)).toThrow(RangeError);
  });
});

describe('toByte (the 8-bit mapping)', () => {
  it.each([
    [-1, 0],
    [1, 255],
    [0, 128], // 127.5 rounds up: silence is 128
    [0.5, 191], // 191.25
    [-0.5, 64], // 63.75
    [0.25, 159], // 159.375
    [-2, 0], // clamped
    [3, 255], // clamped
    [Number.NaN, 128],
    [Number.NEGATIVE_INFINITY, 0],
    [-0.99, 1], // 1.275
    [0.004, 128], // 128.01
    [-0.004, 127], // 126.99
  ])('%d -> %i', (v, byte) => {
    expect(toByte(v)).toBe(byte);
  });
});

describe('generateWaveform', () => {
  it('describes itself as version 1, 8 bits, with the sample rate and samples per pixel', () => {
    const w = generateWaveform([new Float32Array(10)], 48_000, { samplesPerPixel: 4 });
    expect(w).toEqual({
      version: 1,
      sample_rate: 48_000,
      samples_per_pixel: 4,
      bits: 8,
      length: 3,
      data: repeat(6, 128),
    });
  });

  it('draws silence as 128/128 in every pixel, normalised or not', () => {
    const silence = new Float32Array(RATE * 2);
    for (const normalize of [true, false]) {
      const w = generateWaveform([silence, silence], RATE, { normalize });
      expect(w.samples_per_pixel).toBe(2205);
      expect(w.length).toBe(40);
      expect(w.data).toEqual(repeat(80, 128));
    }
  });

  it('maps a constant DC signal to one value, or to full scale when normalised', () => {
    const dc = signal(1000, () => 0.25);
    expect(generateWaveform([dc], RATE, { samplesPerPixel: 100, normalize: false }).data).toEqual(
      repeat(20, 159),
    );
    expect(generateWaveform([dc], RATE, { samplesPerPixel: 100 }).data).toEqual(repeat(20, 255));
    const negative = signal(1000, () => -0.25);
    expect(generateWaveform([negative], RATE, { samplesPerPixel: 100 }).data).toEqual(repeat(20, 0));
  });

  it('gives 0 and 255 in every block of a full-scale square wave', () => {
    const square = signal(4410 * 3, (i) => (Math.floor(i / 50) % 2 === 0 ? 1 : -1));
    const w = generateWaveform([square], RATE, { samplesPerPixel: 4410, normalize: false });
    expect(w.length).toBe(3);
    expect(pairs(w.data)).toEqual(repeat(3, [0, 255]));
  });

  it('draws a sine of amplitude 0.5 at 64/191 raw and 0/255 normalised', () => {
    // Period 8 samples: sin(2 pi i / 8) is exactly +-1 at i = 2 and 6, so the peaks are +-0.5.
    const sine = signal(800, (i) => 0.5 * Math.sin((2 * Math.PI * i) / 8));
    const raw = generateWaveform([sine], RATE, { samplesPerPixel: 80, normalize: false });
    expect(pairs(raw.data)).toEqual(repeat(10, [64, 191]));
    const normalised = generateWaveform([sine], RATE, { samplesPerPixel: 80 });
    expect(pairs(normalised.data)).toEqual(repeat(10, [0, 255]));
  });

  it('scales to the peak of the whole track, not each block', () => {
    // First block peaks at 0.25, second at 0.5: normalised, the first reads half height.
    const x = signal(200, (i) => (i < 100 ? (i % 2 ? 0.25 : -0.25) : i % 2 ? 0.5 : -0.5));
    const w = generateWaveform([x], RATE, { samplesPerPixel: 100 });
    expect(pairs(w.data)).toEqual([
      [64, 191],
      [0, 255],
    ]);
  });

  it('does not amplify audio quieter than -60 dBFS', () => {
    const hiss = signal(1000, (i) => (i % 2 ? 0.0005 : -0.0005));
    const w = generateWaveform([hiss], RATE, { samplesPerPixel: 1000 });
    // Unscaled: -0.0005 -> 127.44 -> 127, +0.0005 -> 127.56 -> 128. Normalised it would be 0/255.
    expect(w.data).toEqual([127, 128]);
    const justLoudEnough = signal(1000, (i) => (i % 2 ? 0.001 : -0.001));
    expect(generateWaveform([justLoudEnough], RATE, { samplesPerPixel: 1000 }).data).toEqual([0, 255]);
  });

  it('scales a clipping track (samples beyond +-1) down to fit', () => {
    const loud = signal(100, (i) => (i % 2 ? 2 : -1));
    expect(generateWaveform([loud], RATE, { samplesPerPixel: 100 }).data).toEqual([64, 255]);
    expect(generateWaveform([loud], RATE, { samplesPerPixel: 100, normalize: false }).data).toEqual([0, 255]);
  });

  it('mixes stereo by averaging: opposite channels cancel to silence', () => {
    const left = signal(RATE, (i) => Math.sin(i / 10));
    const right = signal(RATE, (i) => -Math.sin(i / 10));
    const w = generateWaveform([left, right], RATE);
    expect(w.length).toBe(20);
    expect(w.data).toEqual(repeat(40, 128));
  });

  it('averages, not sums: full-scale left with silent right is half scale', () => {
    const left = signal(100, (i) => (i % 2 ? 1 : -1));
    const right = new Float32Array(100);
    const w = generateWaveform([left, right], RATE, { samplesPerPixel: 100, normalize: false });
    expect(w.data).toEqual([64, 191]);
  });

  it('mixes three or more channels by averaging too', () => {
    const a = signal(30, () => 0.9);
    const b = signal(30, () => 0.3);
    const c = signal(30, (i) => (i < 15 ? -0.6 : 0.3));
    const w = generateWaveform([a, b, c], RATE, { samplesPerPixel: 10, normalize: false });
    // Means: 0.2 for samples 0-14, 0.5 for 15-29. toByte(0.2) = 153, toByte(0.5) = 191.
    expect(pairs(w.data)).toEqual([
      [153, 153],
      [153, 191],
      [191, 191],
    ]);
  });

  it('keeps the last, partial block: length is ceil(samples / samples per pixel)', () => {
    // Blocks of 4410: 0.5 in the first, -0.5 in the second, the partial third holds 1 and -1.
    const n = 2 * 4410 + 3;
    const x = signal(n, (i) => (i < 4410 ? 0.5 : i < 8820 ? -0.5 : i === n - 1 ? 1 : -1));
    const w = generateWaveform([x], RATE, { samplesPerPixel: 4410, normalize: false });
    expect(w.length).toBe(3);
    expect(w.data).toHaveLength(6);
    expect(pairs(w.data)).toEqual([
      [191, 191],
      [64, 64],
      [0, 255],
    ]);
  });

  it.each([
    [1, 1],
    [4409, 1],
    [4410, 1],
    [4411, 2],
    [8820, 2],
    [8821, 3],
  ])('%i samples at 4410 per pixel make %i pixels', (n, length) => {
    const w = generateWaveform([new Float32Array(n)], RATE, { samplesPerPixel: 4410 });
    expect(w.length).toBe(length);
    expect(w.data).toHaveLength(2 * length);
  });

  it('picks samples per pixel from the duration: 29.9 s, 30 s, 300 s, 300.1 s', () => {
    const rate = 1000; // keeps the arrays small; the rule is on seconds
    const cases: [number, number][] = [
      [29_900, 2205],
      [30_000, 4410],
      [300_000, 4410],
      [300_100, 8820],
    ];
    for (const [n, spp] of cases) {
      const w = generateWaveform([new Float32Array(n)], rate);
      expect([n, w.samples_per_pixel, w.length]).toEqual([n, spp, Math.ceil(n / spp)]);
    }
  });

  it('draws a NaN-only block as silence and skips NaN samples elsewhere', () => {
    const x = signal(20, (i) => (i < 10 ? Number.NaN : i === 15 ? Number.NaN : 0.5));
    const w = generateWaveform([x], RATE, { samplesPerPixel: 10, normalize: false });
    expect(pairs(w.data)).toEqual([
      [128, 128],
      [191, 191],
    ]);
  });

  it('clamps an infinite sample to full scale without flattening the rest', () => {
    const x = signal(30, (i) => (i === 5 ? Number.POSITIVE_INFINITY : i < 10 ? 0 : i % 2 ? 0.5 : -0.5));
    const w = generateWaveform([x], RATE, { samplesPerPixel: 10 });
    expect(pairs(w.data)).toEqual([
      [128, 255],
      [0, 255],
      [0, 255],
    ]);
  });

  it('refuses input it cannot draw', () => {
    expect(() => generateWaveform([], RATE)).toThrow('Audio has no channels');
    expect(() => generateWaveform([new Float32Array(0)], RATE)).toThrow('Audio has no samples');
    expect(() => generateWaveform([new Float32Array(3), new Float32Array(4)], RATE)).toThrow(
      'Audio channels differ in length',
    );
    expect(() => generateWaveform([new Float32Array(3)], 0)).toThrow(RangeError);
    expect(() => generateWaveform([new Float32Array(3)], Number.NaN)).toThrow(RangeError);
    expect(() => generateWaveform([new Float32Array(3)], RATE, { samplesPerPixel: 0 })).toThrow(RangeError);
    expect(() => generateWaveform([new Float32Array(3)], RATE, { samplesPerPixel: 2.5 })).toThrow(RangeError);
  });

  it('passes the loader check after a JSON round trip', () => {
    const x = signal(RATE * 3, (i) => Math.sin(i / 7) * 0.8);
    const w = generateWaveform([x, x], RATE);
    expect(validateWaveformData(JSON.parse(JSON.stringify(w)))).toEqual(w);
  });
});

describe('validateWaveformData', () => {
  it.each([
    null,
    undefined,
    42,
    'data',
    [],
    [1, 2],
    {},
    { data: [] },
    { data: 'x' },
    { data: { 0: 1 } },
    { data: [1, '2'] },
    { data: [1, null] },
    { data: [1, Number.NaN] },
  ])('refuses %j with the spec text', (value) => {
    expect(() => validateWaveformData(value)).toThrow(new Error('Invalid waveform data format'));
  });

  it('accepts any non-empty numeric data and keeps the numeric header fields', () => {
    expect(validateWaveformData({ data: [0, 255] })).toEqual({ data: [0, 255] });
    expect(
      validateWaveformData({
        version: 2,
        channels: 1,
        sample_rate: 48000,
        samples_per_pixel: 'x',
        bits: 8,
        length: 1,
        data: [-3, 4],
      }),
    ).toEqual({ version: 2, sample_rate: 48000, bits: 8, length: 1, data: [-3, 4] });
  });
});

describe('waveformErrorMessages', () => {
  it('has the spec texts', () => {
    expect(waveformErrorMessages.loadFailed(404)).toBe('Failed to load waveform data: 404');
    expect(waveformErrorMessages.invalidFormat).toBe('Invalid waveform data format');
    expect(waveformErrorMessages.noAudioFilename).toBe('Could not determine audio filename');
    expect(waveformErrorMessages.noWaveformKey).toBe('Could not determine waveform JSON key');
    expect(waveformErrorMessages.generationFailed('decode error')).toBe(
      'Waveform generation failed: decode error',
    );
  });
});

describe('waveformKeyForAudio', () => {
  it.each([
    ['demo-label/audio/123/demo.mp3', 'demo-label/audio/123/demo.json'],
    ['demo-label/audio/123/demo.final.WAV', 'demo-label/audio/123/demo.final.json'],
    ['demo-label/audio/123/demo', 'demo-label/audio/123/demo.json'],
    ['demo-label/audio.v2/123/demo', 'demo-label/audio.v2/123/demo.json'],
    ['demo-label/audio/123/.mp3', 'demo-label/audio/123/.mp3.json'],
    ['demo.flac', 'demo.json'],
    ['demo.', 'demo.json'],
  ])('%j -> %j', (audio, waveform) => {
    expect(waveformKeyForAudio(audio)).toBe(waveform);
  });

  it.each(['', 'demo-label/audio/123/', '/', 'a/..', 'a/b/c/waveform.json', 'x.JSON'])(
    '%j has no derived key',
    (audio) => {
      expect(waveformKeyForAudio(audio)).toBeNull();
    },
  );
});

describe('audioFilename', () => {
  it.each([
    ['demo-label/audio/123/demo.mp3', 'demo.mp3'],
    ['https://cdn.example/demo-label/audio/123/My%20Song.mp3?X-Sig=abc#t=3', 'My Song.mp3'],
    ['demo.mp3', 'demo.mp3'],
    ['a/b/100%.mp3', '100%.mp3'],
  ])('%j -> %j', (input, name) => {
    expect(audioFilename(input)).toBe(name);
  });

  it.each(['', 'a/b/', 'https://cdn.example/a/?x=1', 'a/..'])('%j has none', (input) => {
    expect(audioFilename(input)).toBeNull();
  });
});

describe('canUploadDerivedWaveform', () => {
  it.each([
    ['demo-label/audio/123/demo.json', true],
    ['demo-label/audio/123/sub/demo.json', true],
    ['demo-label/audio/123/DEMO.JSON', true],
    ['audio/123/demo.json', false],
    ['demo.json', false],
    ['demo-label//123/demo.json', false],
    ['/audio/123/demo.json', false],
    ['demo-label/audio/../demo.json', false],
    ['demo-label/audio/./demo.json', false],
    ['demo-label/audio/123/demo.mp3', false],
    ['demo-label/audio/123/', false],
  ])('%j -> %s', (key, allowed) => {
    expect(canUploadDerivedWaveform(key)).toBe(allowed);
  });

  it('accepts every key derived from a well-formed audio key', () => {
    const key = waveformKeyForAudio('demo-label/audio/123/demo.mp3');
    expect(key && canUploadDerivedWaveform(key)).toBe(true);
  });
});

describe('toAudiowaveform (BBC audiowaveform JSON, for peaks.js and waveform-data)', () => {
  it('turns our 0-255 values into signed bytes: silence 0, full scale -128 and 127', () => {
    const ours = {
      version: 1 as const,
      sample_rate: 44_100,
      samples_per_pixel: 4410,
      bits: 8 as const,
      length: 3,
      data: [128, 128, 0, 255, 100, 200],
    };
    expect(toAudiowaveform(ours)).toEqual({
      version: 2,
      channels: 1,
      sample_rate: 44_100,
      samples_per_pixel: 4410,
      bits: 8,
      length: 3,
      data: [0, 0, -128, 127, -28, 72],
    });
  });

  it('keeps min <= max for every pixel the generator writes', () => {
    const w = generateWaveform([signal(RATE, (i) => Math.sin(i / 7) * (1 - i / RATE))], RATE);
    const bbc = toAudiowaveform(w);
    for (const [min, max] of pairs(bbc.data)) {
      expect(min).toBeLessThanOrEqual(max);
      expect(min).toBeGreaterThanOrEqual(-128);
      expect(max).toBeLessThanOrEqual(127);
    }
  });
});
