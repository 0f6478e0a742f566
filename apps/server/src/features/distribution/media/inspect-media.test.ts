// Database-independent: media files only (the PostgreSQL pass skips it; vitest.config.ts).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { inspectMedia } from '@music-review/core/media-inspect';
import { describe, expect, it } from 'vitest';
import { makePng } from '../../../platform/storage/test-media.ts';
import {
  chunkedStream,
  makeAiffPcm,
  makeFlac,
  makePcmWav,
  makeRgbJpeg,
  type ToneOptions,
  wavStream,
} from '../../../test/media-generators.ts';
import { inspectMediaStream } from './inspect-media.ts';

type Maker = (options: ToneOptions) => Buffer;

// Every reader and sample layout, each with the generators' cosine tone (its first sample is the
// peak) between stretches of digital silence, so the expected values are exact frame counts.
const FORMATS: Array<[string, Maker]> = [
  ['WAV 16-bit', (o) => makePcmWav({ ...o, bitDepth: 16 })],
  ['WAV 24-bit', (o) => makePcmWav({ ...o, bitDepth: 24 })],
  ['WAV 32-bit integer', (o) => makePcmWav({ ...o, bitDepth: 32 })],
  ['WAV 32-bit float', (o) => makePcmWav({ ...o, format: 'float' })],
  ['WAV 24-bit extensible', (o) => makePcmWav({ ...o, bitDepth: 24, extensible: true })],
  ['AIFF 16-bit', (o) => makeAiffPcm({ ...o, bitDepth: 16 })],
  ['AIFF 24-bit', (o) => makeAiffPcm({ ...o, bitDepth: 24 })],
  ["AIFF-C 'sowt' 16-bit", (o) => makeAiffPcm({ ...o, bitDepth: 16, compression: 'sowt' })],
  ['FLAC 16-bit', (o) => makeFlac({ ...o, bitDepth: 16 })],
  ['FLAC 24-bit', (o) => makeFlac({ ...o, bitDepth: 24 })],
];

const inspect = (bytes: Uint8Array, chunkSize = 64 * 1024, silenceDbfs?: number) =>
  inspectMediaStream(chunkedStream(bytes, chunkSize), silenceDbfs === undefined ? {} : { silenceDbfs });

describe('inspectMediaStream: silence of masters', () => {
  it.each(FORMATS)('%s: 3 s of tone after 0.5 s and before 12 s of silence', async (_name, make) => {
    const file = make({
      seconds: 15.5,
      sampleRate: 44_100,
      channels: 2,
      leadingSilence: 0.5,
      trailingSilence: 12,
    });
    const result = await inspect(file);
    expect(result.problem).toBeUndefined();
    // 15.5 s at 44.1 kHz is 683,550 frames: 22,050 silent, 132,300 of tone, 529,200 silent.
    expect(result.audio).toEqual({
      durationSeconds: 15.5,
      leadingSilenceSeconds: 0.5,
      trailingSilenceSeconds: 12,
      frames: 683_550,
    });
    expect(result.info).toMatchObject({ kind: 'audio', sampleRate: 44_100, channels: 2 });
  });

  it.each(FORMATS)('%s: a tone from the first to the last frame has no silence', async (_name, make) => {
    const result = await inspect(make({ seconds: 3, sampleRate: 48_000, channels: 2 }));
    expect(result.problem).toBeUndefined();
    expect(result.audio).toEqual({
      durationSeconds: 3,
      leadingSilenceSeconds: 0,
      trailingSilenceSeconds: 0,
      frames: 144_000,
    });
  });

  it.each(FORMATS)('%s: a fully silent file is silence from start to end', async (_name, make) => {
    const result = await inspect(make({ seconds: 4, sampleRate: 44_100, channels: 2, amplitude: 0 }));
    expect(result.problem).toBeUndefined();
    expect(result.audio).toEqual({
      durationSeconds: 4,
      leadingSilenceSeconds: 4,
      trailingSilenceSeconds: 4,
      frames: 176_400,
    });
  });

  it.each(FORMATS)('%s: the same values whatever the chunks the stream arrives in', async (_name, make) => {
    const file = make({
      seconds: 2,
      sampleRate: 8_000,
      channels: 2,
      leadingSilence: 0.25,
      trailingSilence: 0.5,
    });
    const whole = await inspect(file, file.length);
    // 7 and 1001 bytes cut headers, frames and samples at every kind of place.
    for (const size of [7, 1001]) expect(await inspect(file, size)).toEqual(whole);
    expect(whole.audio).toEqual({
      durationSeconds: 2,
      leadingSilenceSeconds: 0.25,
      trailingSilenceSeconds: 0.5,
      frames: 16_000,
    });
  });

  it('counts a frame as sound when any one channel is above the threshold', async () => {
    const file = makePcmWav({
      seconds: 3,
      channels: 2,
      leadingSilence: 1,
      trailingSilence: 1,
      toneChannel: 1,
    });
    const result = await inspect(file);
    expect(result.audio).toMatchObject({ leadingSilenceSeconds: 1, trailingSilenceSeconds: 1 });
  });

  it('uses -60 dBFS by default and the level asked for', async () => {
    // Peak 0.0005 of full scale (-66 dBFS): 16 in 16-bit, under -60 dBFS (32.8) but over -70 dBFS (10.4).
    const quiet = makePcmWav({ seconds: 2, amplitude: 0.0005 });
    expect((await inspect(quiet)).audio).toMatchObject({
      leadingSilenceSeconds: 2,
      trailingSilenceSeconds: 2,
    });
    expect((await inspect(quiet, 64 * 1024, -70)).audio).toMatchObject({
      leadingSilenceSeconds: 0,
      trailingSilenceSeconds: 0,
    });
  });
});

describe('inspectMediaStream: hashes and header info', () => {
  it.each([
    ['WAV', makePcmWav({ seconds: 1 })],
    ['FLAC', makeFlac({ seconds: 1 })],
    ['PNG', makePng(3000, 3000)],
    ['JPEG', makeRgbJpeg(3000, 3000)],
    ['text', Buffer.from('Track list\n1. Intro\n')],
    ['unknown bytes', Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])],
    ['an empty file', Buffer.alloc(0)],
  ])('%s: size, MD5 and SHA-256 of the whole file', async (_name, file) => {
    const result = await inspect(file, 1000);
    expect(result.bytes).toBe(file.length);
    expect(result.md5).toBe(createHash('md5').update(file).digest('hex'));
    expect(result.sha256).toBe(createHash('sha256').update(file).digest('hex'));
  });

  it('gives images their header info and no audio', async () => {
    const png = await inspect(makePng(3000, 3000));
    expect(png.info).toEqual({
      kind: 'image',
      format: 'png',
      width: 3000,
      height: 3000,
      colour: 'rgb',
      detail: 'rgb',
    });
    const jpeg = await inspect(makeRgbJpeg(3000, 3000));
    expect(jpeg.info).toMatchObject({
      kind: 'image',
      format: 'jpeg',
      width: 3000,
      height: 3000,
      colour: 'rgb',
    });
    expect(jpeg.audio).toBeUndefined();
    expect(jpeg.problem).toBeUndefined();
  });

  it('reads other files without a problem and without audio', async () => {
    expect(await inspect(Buffer.from('Track list\n1. Intro\n'))).toMatchObject({ info: { kind: 'text' } });
    const unknown = await inspect(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]));
    expect(unknown.info).toEqual({ kind: 'unknown' });
    expect(unknown.audio).toBeUndefined();
    expect(unknown.problem).toBeUndefined();
  });
});

describe('inspectMediaStream: broken files', () => {
  it('a WAV cut off in its audio says so and measures what arrived', async () => {
    const file = makePcmWav({ seconds: 10, sampleRate: 44_100, bitDepth: 24 });
    // 44-byte header, 6 bytes a frame: 4 s of audio and half a frame.
    const cut = file.subarray(0, 44 + 4 * 44_100 * 6 + 3);
    const result = await inspect(cut);
    expect(result.problem).toBe(
      'The WAV file ends early: it announces 10.0 s of audio but holds only 4.0 s. Export the file again from the original session and upload it.',
    );
    expect(result.audio).toMatchObject({ frames: 176_400, durationSeconds: 4 });
    expect(result.info).toMatchObject({ kind: 'audio', format: 'wav', bitDepth: 24 });
  });

  it('a WAV cut off inside its header gives a problem, not a crash', async () => {
    const result = await inspect(makePcmWav({ seconds: 1 }).subarray(0, 30));
    expect(result.problem).toMatch(/^The WAV fmt header is incomplete\. Export the file again/);
    expect(result.audio).toBeUndefined();
    expect(result.bytes).toBe(30);
  });

  it('an AIFF cut off in its audio says so', async () => {
    const file = makeAiffPcm({ seconds: 6, sampleRate: 48_000 });
    const result = await inspect(file.subarray(0, file.length / 2));
    expect(result.problem).toMatch(
      /^The AIFF file ends early: it announces 6\.0 s of audio but holds only 3\.0 s\./,
    );
  });

  it('a FLAC cut off in its audio says so and measures the frames before the cut', async () => {
    const file = makeFlac({ seconds: 10, sampleRate: 44_100 });
    const result = await inspect(file.subarray(0, Math.floor(file.length * 0.6)));
    expect(result.problem).toMatch(
      /^The FLAC file ends early or is damaged: it announces 10\.0 s of audio but only /,
    );
    // Whole 4096-sample blocks only: the cut one is not decoded.
    expect(result.audio!.frames % 4096).toBe(0);
    expect(result.audio!.durationSeconds).toBeGreaterThan(5);
    expect(result.audio!.durationSeconds).toBeLessThan(6.1);
  });

  it('a FLAC with damaged bytes in the middle says so', async () => {
    const file = Buffer.from(makeFlac({ seconds: 5, sampleRate: 44_100 }));
    const middle = Math.floor(file.length / 2);
    for (let i = 0; i < 64; i++) file[middle + i] = file[middle + i]! ^ 0x5a;
    const result = await inspect(file);
    expect(result.problem).toMatch(
      /^The FLAC file ends early or is damaged: it announces 5\.0 s of audio but only 4\.\d s/,
    );
    // The frames after the damage are still found and decoded.
    expect(result.audio!.durationSeconds).toBeGreaterThan(4.5);
  });

  it('a FLAC with an ID3v1 tag after its last frame reads clean; other trailing bytes are damage', async () => {
    const flac = makeFlac({ seconds: 3, leadingSilence: 1 });
    const tag = Buffer.alloc(128, 0x20);
    tag.write('TAG', 0, 'ascii');
    const tagged = await inspect(Buffer.concat([flac, tag]));
    expect(tagged.problem).toBeUndefined();
    expect(tagged.audio).toMatchObject({
      frames: 132_300,
      leadingSilenceSeconds: 1,
      trailingSilenceSeconds: 0,
    });
    const junk = await inspect(Buffer.concat([flac, Buffer.from('not audio at all')]));
    expect(junk.problem).toBe(
      'The FLAC file is damaged: 16 bytes are not part of any valid frame. Export the file again from the original session and upload it.',
    );
  });

  it('a FLAC cut inside its STREAMINFO gives a problem, not a crash', async () => {
    const result = await inspect(makeFlac({ seconds: 1 }).subarray(0, 20));
    expect(result.problem).toMatch(/^The FLAC STREAMINFO header is incomplete\./);
    expect(result.audio).toBeUndefined();
  });

  it('a compressed WAV is named, not measured', async () => {
    const file = Buffer.from(makePcmWav({ seconds: 1 }));
    file.writeUInt16LE(0x55, 20); // MPEG layer 3 inside RIFF
    const result = await inspect(file);
    expect(result.info).toMatchObject({ kind: 'audio', format: 'wav', encoding: 'format 0x55' });
    expect(result.problem).toBe(
      'The WAV file holds compressed audio (format 0x55), which cannot be checked. Export it as PCM WAV, FLAC or AIFF.',
    );
    expect(result.audio).toBeUndefined();
  });

  it('rejects when the stream itself fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(inspectMediaStream(failing)).rejects.toThrow('connection reset');
  });
});

describe('inspectMediaStream: large files', () => {
  it('streams a 300 s 48 kHz 24-bit stereo WAV (86 MB) with under 64 MB of memory growth', async () => {
    const options = {
      seconds: 300,
      sampleRate: 48_000,
      bitDepth: 24,
      channels: 2,
      leadingSilence: 2,
      trailingSilence: 3,
    } as const;
    const before = process.memoryUsage.rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 5);
    let result: Awaited<ReturnType<typeof inspectMediaStream>>;
    try {
      result = await inspectMediaStream(wavStream(options));
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    // 300 s x 48,000 frames x 6 bytes, and the 44-byte header.
    expect(result.bytes).toBe(86_400_044);
    expect(result.audio).toEqual({
      durationSeconds: 300,
      leadingSilenceSeconds: 2,
      trailingSilenceSeconds: 3,
      frames: 14_400_000,
    });
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    const sha256 = createHash('sha256');
    for await (const chunk of wavStream(options)) sha256.update(chunk);
    expect(result.sha256).toBe(sha256.digest('hex'));
  }, 120_000);
});

describe('media generators', () => {
  it('writes the MD5 of the audio into the FLAC STREAMINFO', () => {
    const tone = {
      seconds: 1.5,
      sampleRate: 44_100,
      channels: 2,
      leadingSilence: 0.2,
      bitDepth: 24,
    } as const;
    const flac = makeFlac(tone);
    // STREAMINFO's MD5 is over the interleaved little-endian samples: the WAV's data chunk.
    const wavData = makePcmWav(tone).subarray(44);
    expect(flac.subarray(8 + 18, 8 + 34).toString('hex')).toBe(
      createHash('md5').update(wavData).digest('hex'),
    );
    // Total samples: the low 36 bits of bytes 10-17 of STREAMINFO.
    expect(Number(flac.readBigUInt64BE(8 + 10) & 0xfffffffffn)).toBe(66_150);
  });

  it('makes a 3000 x 3000 RGB JPEG that core reads from its header', () => {
    expect(inspectMedia(makeRgbJpeg(3000, 3000))).toEqual({
      kind: 'image',
      format: 'jpeg',
      width: 3000,
      height: 3000,
      colour: 'rgb',
      detail: '3 components',
    });
  });
});
