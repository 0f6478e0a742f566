import { describe, expect, it } from 'vitest';
import { generateWaveform } from './waveform.ts';
import { waveformDataSchema } from './waveform-schema.ts';

describe('waveformDataSchema (strict, for stored files)', () => {
  const good = {
    version: 1,
    sample_rate: 44100,
    samples_per_pixel: 4410,
    bits: 8,
    length: 2,
    data: [0, 255, 1, 2],
  };

  it('accepts our format, with or without channels: 1', () => {
    expect(waveformDataSchema.safeParse(good).success).toBe(true);
    expect(waveformDataSchema.safeParse({ ...good, channels: 1 }).success).toBe(true);
  });

  it.each([
    ['version 2', { version: 2 }],
    ['16 bits', { bits: 16 }],
    ['2 channels', { channels: 2 }],
    ['a value above 255', { data: [0, 256, 1, 2] }],
    ['a negative value', { data: [0, -1, 1, 2] }],
    ['a fraction', { data: [0, 1.5, 1, 2] }],
    ['length out of step with data', { length: 3 }],
    ['no pixels', { length: 0, data: [] }],
    ['a zero sample rate', { sample_rate: 0 }],
  ])('refuses %s', (_, change) => {
    expect(waveformDataSchema.safeParse({ ...good, ...change }).success).toBe(false);
  });
});

describe('waveformDataSchema and the generator', () => {
  it('accepts what generateWaveform writes', () => {
    const x = new Float32Array(44_100 * 3);
    for (let i = 0; i < x.length; i++) x[i] = Math.sin(i / 7) * 0.8;
    expect(waveformDataSchema.safeParse(generateWaveform([x, x], 44_100)).success).toBe(true);
  });
});
