import { describe, expect, it } from 'vitest';
import { checkArtwork, checkAsset, checkMasterAudio, formatSampleRate } from './assets.ts';
import { inspectMedia, MediaHeaderError, readExtended80 } from './media-inspect.ts';

const hex = (s: string) => Uint8Array.from(Buffer.from(s.replace(/\s+/g, ''), 'hex'));
const cat = (...parts: Uint8Array[]) => Uint8Array.from(Buffer.concat(parts.map((p) => Buffer.from(p))));
const u32be = (n: number) => hex(n.toString(16).padStart(8, '0'));

/** PNG signature + IHDR chunk (CRC not checked by the parser, zeros here). */
function pngHeader(width: number, height: number, colourType: number) {
  return cat(
    hex('89504e470d0a1a0a 0000000d 49484452'),
    u32be(width),
    u32be(height),
    hex(`08 ${colourType.toString(16).padStart(2, '0')} 00 00 00 00000000`),
  );
}

function jpeg(width: number, height: number, components: number, sof = 'c0', withApp = true) {
  const w = width.toString(16).padStart(4, '0');
  const h = height.toString(16).padStart(4, '0');
  const comps = Array.from({ length: components }, (_, i) => `0${i + 1}1100`).join('');
  const sofLength = (8 + components * 3).toString(16).padStart(4, '0');
  return hex(
    `ffd8${withApp ? 'ffe0 0010 4a46494600 0101 00 0001 0001 0000 ffe1 0008 457869660000' : ''}` +
      `ffdb 0004 0000 ff ff${sof} ${sofLength} 08 ${h} ${w} 0${components} ${comps} ffd9`,
  );
}

describe('inspectMedia: images', () => {
  it('reads a PNG IHDR: size and colour type (RGB, RGBA and palette are RGB; greyscale is not)', () => {
    expect(inspectMedia(pngHeader(3000, 3000, 2))).toMatchObject({
      format: 'png',
      width: 3000,
      height: 3000,
      colour: 'rgb',
    });
    expect(inspectMedia(pngHeader(3000, 2000, 6))).toMatchObject({
      width: 3000,
      height: 2000,
      colour: 'rgb',
      detail: 'rgba',
    });
    expect(inspectMedia(pngHeader(10, 10, 3))).toMatchObject({ colour: 'rgb', detail: 'palette' });
    expect(inspectMedia(pngHeader(10, 10, 0))).toMatchObject({ colour: 'greyscale' });
    expect(inspectMedia(pngHeader(10, 10, 4))).toMatchObject({ colour: 'greyscale' });
  });

  it('reads a JPEG SOF0 and SOF2 behind APP0/APP1 segments, and without them', () => {
    expect(inspectMedia(jpeg(3000, 3000, 3))).toMatchObject({
      format: 'jpeg',
      width: 3000,
      height: 3000,
      colour: 'rgb',
    });
    expect(inspectMedia(jpeg(4000, 3000, 3, 'c2'))).toMatchObject({
      width: 4000,
      height: 3000,
      colour: 'rgb',
    });
    expect(inspectMedia(jpeg(1200, 800, 3, 'c0', false))).toMatchObject({ width: 1200, height: 800 });
  });

  it('tells a CMYK (4 components) and a greyscale (1 component) JPEG', () => {
    expect(inspectMedia(jpeg(3000, 3000, 4))).toMatchObject({ colour: 'cmyk' });
    expect(inspectMedia(jpeg(3000, 3000, 1))).toMatchObject({ colour: 'greyscale' });
  });

  it('refuses a cut-short header instead of guessing', () => {
    expect(() => inspectMedia(pngHeader(1, 1, 2).subarray(0, 20))).toThrow(MediaHeaderError);
    expect(() => inspectMedia(hex('ffd8ffe00010'))).toThrow(MediaHeaderError);
  });
});

describe('inspectMedia: audio', () => {
  const wavFmt = (
    tag: number,
    channels: number,
    rate: number,
    bits: number,
    extensibleValidBits?: number,
  ) => {
    const fmt = Buffer.alloc(extensibleValidBits ? 40 : 16);
    fmt.writeUInt16LE(tag, 0);
    fmt.writeUInt16LE(channels, 2);
    fmt.writeUInt32LE(rate, 4);
    fmt.writeUInt16LE(bits, 14);
    if (extensibleValidBits) {
      fmt.writeUInt16LE(22, 16);
      fmt.writeUInt16LE(extensibleValidBits, 18);
      Buffer.from('0100000000001000800000aa00389b71', 'hex').copy(fmt, 24);
    }
    const head = Buffer.from('RIFF\0\0\0\0WAVE', 'latin1');
    const list = Buffer.from('LIST\x05\0\0\0INFOa\0', 'latin1'); // odd size: one pad byte
    const fmtHead = Buffer.alloc(8);
    fmtHead.write('fmt ', 0, 'latin1');
    fmtHead.writeUInt32LE(fmt.length, 4);
    return Uint8Array.from(Buffer.concat([head, list, fmtHead, fmt]));
  };

  it('reads a PCM WAV fmt chunk after another (padded) chunk', () => {
    expect(inspectMedia(wavFmt(1, 2, 44_100, 16))).toEqual({
      kind: 'audio',
      format: 'wav',
      bitDepth: 16,
      sampleRate: 44_100,
      channels: 2,
      encoding: 'pcm',
    });
  });

  it('reads WAVE_FORMAT_EXTENSIBLE: valid bits and the PCM sub-format', () => {
    expect(inspectMedia(wavFmt(0xfffe, 2, 96_000, 32, 24))).toMatchObject({
      bitDepth: 24,
      sampleRate: 96_000,
      encoding: 'pcm',
    });
  });

  it('reads FLAC STREAMINFO (20-bit rate, 3-bit channels, 5-bit depth)', () => {
    // 48000 Hz = 0x0BB80, 2 channels, 24 bits: bytes 10-13 of STREAMINFO are 0B B8 03 70.
    const flac = hex(
      '664c6143 80000022 1000 1000 000000 000000 0bb80370 00000000 00000000000000000000000000000000',
    );
    expect(inspectMedia(flac)).toMatchObject({
      format: 'flac',
      sampleRate: 48_000,
      channels: 2,
      bitDepth: 24,
    });
  });

  it('reads AIFF COMM with its 80-bit extended sample rate', () => {
    // 44100 as an 80-bit extended float is 400E AC44 0000 0000 0000.
    expect(readExtended80(hex('400eac44000000000000'), 0)).toBe(44_100);
    expect(readExtended80(hex('400ebb80000000000000'), 0)).toBe(48_000);
    const aiff = hex('464f524d 00000000 41494646 434f4d4d 00000012 0002 00000064 0010 400eac44000000000000');
    expect(inspectMedia(aiff)).toMatchObject({
      format: 'aiff',
      channels: 2,
      bitDepth: 16,
      sampleRate: 44_100,
      encoding: 'pcm',
    });
  });

  it('reads AIFF-C and its compression type', () => {
    const comm = (type: string) =>
      hex(
        `464f524d 00000000 41494643 434f4d4d 00000018 0002 00000064 0018 400ebb80000000000000 ${Buffer.from(type).toString('hex')} 0000`,
      );
    expect(inspectMedia(comm('sowt'))).toMatchObject({ bitDepth: 24, sampleRate: 48_000, encoding: 'pcm' });
    expect(inspectMedia(comm('ulaw'))).toMatchObject({ encoding: 'compressed (ulaw)' });
  });

  it('names other files without reading them as media', () => {
    expect(inspectMedia(hex('255044462d312e37'))).toEqual({ kind: 'pdf' });
    expect(inspectMedia(hex('504b0304140000'))).toEqual({ kind: 'zip' });
    expect(inspectMedia(Uint8Array.from(Buffer.from('Juno Park is a producer from Seoul.')))).toEqual({
      kind: 'text',
    });
    expect(inspectMedia(hex('494433040000'))).toEqual({ kind: 'other-audio', format: 'mp3' });
    expect(inspectMedia(hex('00010203ff00'))).toEqual({ kind: 'unknown' });
  });
});

describe('asset rules', () => {
  const image = (
    width: number,
    height: number,
    colour: 'rgb' | 'cmyk' | 'greyscale' = 'rgb',
    format: 'png' | 'jpeg' | 'webp' = 'png',
  ) => ({ kind: 'image', format, width, height, colour }) as const;
  const audio = (bitDepth: number, sampleRate: number, format: 'wav' | 'flac' | 'aiff' = 'wav') =>
    ({ kind: 'audio', format, bitDepth, sampleRate, channels: 2, encoding: 'pcm' }) as const;

  it('accepts square RGB artwork of at least 3000 x 3000 px with its summary', () => {
    expect(checkArtwork(image(3000, 3000))).toEqual({
      accepted: true,
      summary: '3000 x 3000 px · RGB · PNG',
      problems: [],
    });
    expect(checkArtwork(image(4000, 4000, 'rgb', 'jpeg')).accepted).toBe(true);
  });

  it('says exactly what is wrong with artwork', () => {
    expect(checkArtwork(image(1000, 1000)).problems).toEqual([
      'The artwork is 1000 x 1000 px; it must be at least 3000 x 3000 px.',
    ]);
    expect(checkArtwork(image(3000, 2999)).problems).toEqual([
      'The artwork is 3000 x 2999 px; it must be at least 3000 x 3000 px.',
      'The artwork is 3000 x 2999 px; it must be square.',
    ]);
    expect(checkArtwork(image(4000, 3000)).problems).toEqual([
      'The artwork is 4000 x 3000 px; it must be square.',
    ]);
    expect(checkArtwork(image(3000, 3000, 'cmyk', 'jpeg')).problems).toEqual([
      'The artwork is CMYK; it must be RGB.',
    ]);
    expect(checkArtwork(image(3000, 3000, 'greyscale')).problems).toEqual([
      'The artwork is greyscale; it must be RGB.',
    ]);
    expect(checkArtwork(image(3000, 3000, 'rgb', 'webp')).problems).toEqual([
      'The artwork is a WebP image; it must be a JPEG or PNG.',
    ]);
  });

  it('accepts masters of at least 16-bit and 44.1 kHz, and says what is wrong otherwise', () => {
    expect(checkMasterAudio(audio(24, 48_000))).toEqual({
      accepted: true,
      summary: '24-bit · 48 kHz · WAV',
      problems: [],
    });
    expect(checkMasterAudio(audio(16, 44_100, 'flac')).summary).toBe('16-bit · 44.1 kHz · FLAC');
    expect(checkMasterAudio(audio(8, 44_100)).problems).toEqual([
      'The master is 8-bit; it must be at least 16-bit.',
    ]);
    expect(checkMasterAudio(audio(16, 22_050)).problems).toEqual([
      'The master is 22.05 kHz; it must be at least 44.1 kHz.',
    ]);
    expect(checkMasterAudio({ kind: 'other-audio', format: 'mp3' }).problems).toEqual([
      'The master is an MP3 file; it must be WAV, FLAC or AIFF.',
    ]);
    expect(checkAsset('instrumental', audio(16, 32_000)).problems[0]).toBe(
      'The instrumental is 32 kHz; it must be at least 44.1 kHz.',
    );
  });

  it('checks the other kinds by what the file is', () => {
    expect(checkAsset('stems', { kind: 'zip' }).accepted).toBe(true);
    expect(checkAsset('stems', { kind: 'pdf' }).accepted).toBe(false);
    expect(checkAsset('bio', { kind: 'text' }).accepted).toBe(true);
    expect(checkAsset('bio', { kind: 'zip' }).accepted).toBe(false);
    expect(checkAsset('press_photo', image(800, 600, 'rgb', 'webp')).accepted).toBe(true);
    expect(checkAsset('logo', image(800, 600, 'rgb', 'webp')).accepted).toBe(false);
  });

  it('formats sample rates', () => {
    expect([44_100, 48_000, 22_050, 96_000].map(formatSampleRate)).toEqual([
      '44.1 kHz',
      '48 kHz',
      '22.05 kHz',
      '96 kHz',
    ]);
  });
});
