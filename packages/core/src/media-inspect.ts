/**
 * What a media file is, read from its own header bytes (never from its name or declared type):
 * image size and colour model from a PNG's IHDR, a JPEG's SOF marker or a WebP's VP8/VP8L/VP8X
 * header; bit depth, sample rate and channels from a WAV's fmt chunk (WAVE_FORMAT_EXTENSIBLE too),
 * a FLAC's STREAMINFO or an AIFF/AIFF-C COMM chunk. Pure: works on the first bytes of a file
 * (the server reads 64 KiB), in the browser and on the server.
 */

/**
 * PNG colour types 2 (RGB) and 6 (RGBA) are RGB; 3 (palette) holds RGB colours, so it counts as
 * RGB too; 0 and 4 (greyscale, with or without alpha) are not. JPEG: 3 components (YCbCr or RGB)
 * are RGB, 1 is greyscale, 4 is CMYK (or YCCK, which is CMYK as well).
 */
export type ColourModel = 'rgb' | 'greyscale' | 'cmyk' | 'unknown';

export type ImageInfo = {
  kind: 'image';
  format: 'png' | 'jpeg' | 'webp';
  width: number;
  height: number;
  colour: ColourModel;
  /** PNG: 'rgb', 'rgba', 'palette', 'greyscale', 'greyscale-alpha'; JPEG: the component count. */
  detail?: string;
};

export type AudioInfo = {
  kind: 'audio';
  format: 'wav' | 'flac' | 'aiff';
  /** Bits per sample (valid bits for WAVE_FORMAT_EXTENSIBLE). */
  bitDepth: number;
  sampleRate: number;
  channels: number;
  /** pcm, float, or the AIFF-C compression type / the WAV format tag when it is neither. */
  encoding: string;
};

export type MediaInfo =
  | ImageInfo
  | AudioInfo
  /** Audio this module does not read the header of (MP3, AAC, OGG...). */
  | { kind: 'other-audio'; format: string }
  | { kind: 'pdf' }
  | { kind: 'zip' }
  | { kind: 'text' }
  | { kind: 'unknown' };

/** A header that claims a format but is cut short or broken. */
export class MediaHeaderError extends Error {
  override readonly name = 'MediaHeaderError';
}

const ascii = (b: Uint8Array, at: number, length: number) => {
  let s = '';
  for (let i = 0; i < length && at + i < b.length; i++) s += String.fromCharCode(b[at + i]!);
  return s;
};
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) =>
  ((b[at + 3]! << 24) >>> 0) + ((b[at + 2]! << 16) | (b[at + 1]! << 8) | b[at]!);
const need = (b: Uint8Array, end: number, what: string) => {
  if (b.length < end) throw new MediaHeaderError(`The ${what} header is incomplete.`);
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_COLOUR: Record<number, [ColourModel, string]> = {
  0: ['greyscale', 'greyscale'],
  2: ['rgb', 'rgb'],
  3: ['rgb', 'palette'],
  4: ['greyscale', 'greyscale-alpha'],
  6: ['rgb', 'rgba'],
};

/** PNG: the IHDR chunk right after the signature: width, height, bit depth, colour type. */
export function inspectPng(b: Uint8Array): ImageInfo {
  need(b, 26, 'PNG');
  if (ascii(b, 12, 4) !== 'IHDR') throw new MediaHeaderError('The PNG has no IHDR chunk.');
  const [colour, detail] = PNG_COLOUR[b[25]!] ?? ['unknown', `colour type ${b[25]}`];
  return { kind: 'image', format: 'png', width: u32be(b, 16), height: u32be(b, 20), colour, detail };
}

/**
 * JPEG: walks the marker segments (APPn, DQT, DHT, COM...) to the first start-of-frame marker
 * (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC): precision, height, width and the component count.
 */
export function inspectJpeg(b: Uint8Array): ImageInfo {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) throw new MediaHeaderError('The JPEG has a broken marker.');
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0-7 (SOI/EOI do not occur before a frame).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = u16be(b, at + 2);
    if (length < 2) throw new MediaHeaderError('The JPEG has a broken segment.');
    const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof) {
      need(b, at + 10, 'JPEG frame');
      const height = u16be(b, at + 5);
      const width = u16be(b, at + 7);
      const components = b[at + 9]!;
      const colour: ColourModel =
        components === 3 ? 'rgb' : components === 1 ? 'greyscale' : components === 4 ? 'cmyk' : 'unknown';
      return { kind: 'image', format: 'jpeg', width, height, colour, detail: `${components} components` };
    }
    if (marker === 0xda || marker === 0xd9) break; // scan data or the end before any frame
    at += 2 + length;
  }
  throw new MediaHeaderError('The JPEG frame header was not found.');
}

/** WebP: VP8 (lossy), VP8L (lossless) or VP8X (extended) give the canvas size. Always RGB. */
export function inspectWebp(b: Uint8Array): ImageInfo {
  need(b, 30, 'WebP');
  const chunk = ascii(b, 12, 4);
  let width: number;
  let height: number;
  if (chunk === 'VP8X') {
    width = 1 + (b[24]! | (b[25]! << 8) | (b[26]! << 16));
    height = 1 + (b[27]! | (b[28]! << 8) | (b[29]! << 16));
  } else if (chunk === 'VP8L') {
    const bits = u32le(b, 21);
    width = 1 + (bits & 0x3fff);
    height = 1 + ((bits >>> 14) & 0x3fff);
  } else if (chunk === 'VP8 ') {
    width = u16le(b, 26) & 0x3fff;
    height = u16le(b, 28) & 0x3fff;
  } else {
    throw new MediaHeaderError('The WebP has no VP8 header.');
  }
  return { kind: 'image', format: 'webp', width, height, colour: 'rgb' };
}

const WAVE_PCM = 1;
const WAVE_FLOAT = 3;
const WAVE_EXTENSIBLE = 0xfffe;

/** WAV: the RIFF chunks up to 'fmt ' (format tag, channels, rate, bits; the sub-format when extensible). */
export function inspectWav(b: Uint8Array): AudioInfo {
  let at = 12;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, 4);
    const size = u32le(b, at + 4);
    if (id === 'fmt ') {
      need(b, at + 8 + 16, 'WAV fmt');
      const body = at + 8;
      let tag = u16le(b, body);
      const channels = u16le(b, body + 2);
      const sampleRate = u32le(b, body + 4);
      let bitDepth = u16le(b, body + 14);
      if (tag === WAVE_EXTENSIBLE && size >= 40) {
        need(b, body + 26, 'WAV extensible');
        const validBits = u16le(b, body + 18);
        if (validBits > 0) bitDepth = validBits;
        tag = u16le(b, body + 24); // the first two bytes of the sub-format GUID
      }
      const encoding =
        tag === WAVE_PCM ? 'pcm' : tag === WAVE_FLOAT ? 'float' : `format 0x${tag.toString(16)}`;
      return { kind: 'audio', format: 'wav', bitDepth, sampleRate, channels, encoding };
    }
    at += 8 + size + (size % 2); // chunks are padded to an even size
  }
  throw new MediaHeaderError('The WAV fmt chunk was not found.');
}

/** FLAC: STREAMINFO, the first metadata block: 20 bits rate, 3 bits channels-1, 5 bits bits-1. */
export function inspectFlac(b: Uint8Array): AudioInfo {
  need(b, 8 + 18, 'FLAC STREAMINFO');
  if ((b[4]! & 0x7f) !== 0) throw new MediaHeaderError('The FLAC does not start with STREAMINFO.');
  const s = 8;
  const sampleRate = (b[s + 10]! << 12) | (b[s + 11]! << 4) | (b[s + 12]! >> 4);
  const channels = ((b[s + 12]! >> 1) & 0x07) + 1;
  const bitDepth = (((b[s + 12]! & 0x01) << 4) | (b[s + 13]! >> 4)) + 1;
  return { kind: 'audio', format: 'flac', bitDepth, sampleRate, channels, encoding: 'pcm' };
}

/** An IEEE 754 80-bit extended float (AIFF's sample rate): sign, 15-bit exponent, 64-bit mantissa. */
export function readExtended80(b: Uint8Array, at: number): number {
  const sign = b[at]! & 0x80 ? -1 : 1;
  const exponent = ((b[at]! & 0x7f) << 8) | b[at + 1]!;
  const hi = u32be(b, at + 2);
  const lo = u32be(b, at + 6);
  if (exponent === 0 && hi === 0 && lo === 0) return 0;
  const mantissa = hi * 2 ** 32 + lo;
  return sign * mantissa * 2 ** (exponent - 16383 - 63);
}

// AIFF-C compression types that are still uncompressed sample data.
const AIFC_UNCOMPRESSED: Record<string, string> = {
  NONE: 'pcm',
  sowt: 'pcm',
  twos: 'pcm',
  in24: 'pcm',
  in32: 'pcm',
  fl32: 'float',
  FL32: 'float',
  fl64: 'float',
  FL64: 'float',
};

/** AIFF / AIFF-C: the COMM chunk: channels, frames, sample size, the 80-bit rate (and compression). */
export function inspectAiff(b: Uint8Array): AudioInfo {
  const isAifc = ascii(b, 8, 4) === 'AIFC';
  let at = 12;
  while (at + 8 <= b.length) {
    const id = ascii(b, at, 4);
    const size = u32be(b, at + 4);
    if (id === 'COMM') {
      const body = at + 8;
      need(b, body + 18, 'AIFF COMM');
      const channels = u16be(b, body);
      const bitDepth = u16be(b, body + 6);
      const sampleRate = Math.round(readExtended80(b, body + 8));
      let encoding = 'pcm';
      if (isAifc && size >= 22) {
        need(b, body + 22, 'AIFF-C COMM');
        const compression = ascii(b, body + 18, 4);
        encoding = AIFC_UNCOMPRESSED[compression] ?? `compressed (${compression.trim()})`;
      }
      return { kind: 'audio', format: 'aiff', bitDepth, sampleRate, channels, encoding };
    }
    at += 8 + size + (size % 2);
  }
  throw new MediaHeaderError('The AIFF COMM chunk was not found.');
}

function looksLikeText(b: Uint8Array): boolean {
  if (b.length === 0 || b.includes(0)) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  // A multi-byte character cut at the end of the head is fine: drop up to 3 trailing bytes.
  for (let cut = 0; cut < 4 && cut < b.length; cut++) {
    try {
      decoder.decode(b.subarray(0, b.length - cut));
      return true;
    } catch {
      // try one byte shorter
    }
  }
  return false;
}

/** Reads a file's first bytes. Throws MediaHeaderError for a known format with a broken header. */
export function inspectMedia(b: Uint8Array): MediaInfo {
  if (PNG_SIGNATURE.every((v, i) => b[i] === v)) return inspectPng(b);
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return inspectJpeg(b);
  const head4 = ascii(b, 0, 4);
  const at8 = ascii(b, 8, 4);
  if (head4 === 'RIFF' && at8 === 'WEBP') return inspectWebp(b);
  if ((head4 === 'RIFF' || head4 === 'RF64' || head4 === 'BW64') && at8 === 'WAVE') return inspectWav(b);
  if (head4 === 'fLaC') return inspectFlac(b);
  if (head4 === 'FORM' && (at8 === 'AIFF' || at8 === 'AIFC')) return inspectAiff(b);
  if (ascii(b, 0, 5) === '%PDF-') return { kind: 'pdf' };
  if (head4 === 'PK\u0003\u0004' || head4 === 'PK\u0005\u0006') return { kind: 'zip' };
  if (head4 === 'OggS') return { kind: 'other-audio', format: 'ogg' };
  if (ascii(b, 0, 3) === 'ID3' || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) {
    return { kind: 'other-audio', format: 'mp3' };
  }
  if (ascii(b, 4, 4) === 'ftyp') return { kind: 'other-audio', format: 'm4a' };
  if (looksLikeText(b)) return { kind: 'text' };
  return { kind: 'unknown' };
}
