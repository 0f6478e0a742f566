/**
 * File types by their first bytes (magic numbers), never by name or declared type
 * (ARCHITECTURE.md section 7), and the check that refuses HTML posing as media. Pure: works on a
 * Uint8Array, in the browser (before an upload) and on the server (on the stored bytes).
 * A few dozen bytes are enough for everything but an ID3 tag, which may need its full size.
 */

export type AudioType = 'wav' | 'aiff' | 'flac' | 'mp3' | 'aac' | 'm4a' | 'ogg';
export type ImageType = 'png' | 'jpeg' | 'webp';

export const AUDIO_TYPES: readonly AudioType[] = ['wav', 'aiff', 'flac', 'mp3', 'aac', 'm4a', 'ogg'];
export const IMAGE_TYPES: readonly ImageType[] = ['png', 'jpeg', 'webp'];

function hasAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let i = 0; i < text.length; i++) {
    if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  }
  return true;
}

/** ADTS (raw AAC): a 12-bit sync 0xFFF and layer 00, e.g. FF F1 (MPEG-4) or FF F9 (MPEG-2). */
function isAdtsHeader(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1];
  return bytes[at] === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0;
}

/**
 * An MPEG audio frame header of layer III (MP3) or II (MP2, also served as audio/mpeg): an 11-bit
 * sync 0xFFE, then a version other than the reserved 01, layer bits 01 or 10 (00 is reserved and
 * marks ADTS; 11, layer I, is left out because FF FE is also UTF-16 text's byte order mark), a
 * bitrate index other than the invalid 1111 and a sample-rate index other than the reserved 11.
 * Checking these keeps arbitrary bytes starting with FF Ex from passing.
 */
function isMpegFrameHeader(bytes: Uint8Array, at: number): boolean {
  const b1 = bytes[at + 1];
  const b2 = bytes[at + 2];
  if (bytes[at] !== 0xff || b1 === undefined || b2 === undefined) return false;
  if ((b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0b11;
  const layer = (b1 >> 1) & 0b11;
  const bitrate = b2 >> 4;
  const sampleRate = (b2 >> 2) & 0b11;
  return version !== 0b01 && (layer === 0b01 || layer === 0b10) && bitrate !== 0b1111 && sampleRate !== 0b11;
}

// ISO base media brands that are images (HEIF, AVIF) or camera raw files, not audio.
const IMAGE_BRANDS = new Set([
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'avif',
  'avis',
  'crx ',
]);

function brandAt(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

/**
 * The audio type of a file by its first bytes, or null:
 * - wav: RIFF (or RF64/BW64 for files over 4 GiB) with WAVE at byte 8;
 * - aiff: FORM with AIFF or AIFC at byte 8;
 * - flac: fLaC;
 * - ogg: OggS (Vorbis, Opus and FLAC-in-Ogg alike);
 * - m4a: ftyp at byte 4, unless the brand is an image format (HEIC, AVIF). An MP4 with video is
 *   accepted too: its audio track plays and there is no telling it apart from the first bytes;
 * - aac: an ADTS header (FF F1, FF F9, or with CRC FF F0, FF F8);
 * - mp3: an MPEG layer III or II frame header, or an ID3v2 tag. After an ID3 tag the bytes that follow it
 *   decide when they are present (an ID3 tag can precede ADTS AAC or FLAC); when they are not,
 *   an ID3 tag is taken as MP3, by far the common case.
 */
export function sniffAudioType(bytes: Uint8Array): AudioType | null {
  return sniffAudioAt(bytes, 0, 0);
}

function sniffAudioAt(bytes: Uint8Array, at: number, depth: number): AudioType | null {
  if (
    (hasAscii(bytes, at, 'RIFF') || hasAscii(bytes, at, 'RF64') || hasAscii(bytes, at, 'BW64')) &&
    hasAscii(bytes, at + 8, 'WAVE')
  ) {
    return 'wav';
  }
  if (hasAscii(bytes, at, 'FORM') && (hasAscii(bytes, at + 8, 'AIFF') || hasAscii(bytes, at + 8, 'AIFC'))) {
    return 'aiff';
  }
  if (hasAscii(bytes, at, 'fLaC')) return 'flac';
  if (hasAscii(bytes, at, 'OggS')) return 'ogg';
  if (hasAscii(bytes, at + 4, 'ftyp') && bytes.length >= at + 12) {
    return IMAGE_BRANDS.has(brandAt(bytes, at + 8)) ? null : 'm4a';
  }
  if (isAdtsHeader(bytes, at)) return 'aac';
  if (isMpegFrameHeader(bytes, at)) return 'mp3';
  if (hasAscii(bytes, at, 'ID3') && bytes.length >= at + 10) {
    // ID3v2: a version byte below 0xFF, then a 28-bit "syncsafe" size (7 bits a byte).
    const sizeBytes = [bytes[at + 6]!, bytes[at + 7]!, bytes[at + 8]!, bytes[at + 9]!];
    if (bytes[at + 3] === 0xff || sizeBytes.some((b) => b >= 0x80)) return null;
    const footer = (bytes[at + 5]! & 0x10) !== 0 ? 10 : 0;
    const size = sizeBytes.reduce((acc, b) => acc * 128 + b, 0);
    const next = at + 10 + size + footer;
    if (depth < 4 && bytes.length >= next + 4) {
      const inner = sniffAudioAt(bytes, next, depth + 1);
      if (inner === 'aac' || inner === 'flac' || inner === 'mp3') return inner;
    }
    return 'mp3';
  }
  return null;
}

/** The image type by its first bytes: PNG's 8-byte signature, JPEG's FF D8 FF, RIFF....WEBP. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (hasAscii(bytes, 0, 'RIFF') && hasAscii(bytes, 8, 'WEBP')) return 'webp';
  return null;
}

// The WHATWG MIME Sniffing standard's HTML patterns (section 7.1). Each must be followed by a
// tag-terminating byte (the standard's space or '>', and here also other ASCII whitespace, '/' and
// the end of the bytes), so '<a' does not match '<abc'. '<!--' and '<?xml' match on their own,
// and '<svg' is added: a browser renders XML and SVG as documents that can run scripts too.
const TAG_PATTERNS = [
  '<!doctype html',
  '<html',
  '<head',
  '<script',
  '<iframe',
  '<h1',
  '<div',
  '<font',
  '<table',
  '<a',
  '<style',
  '<title',
  '<b',
  '<body',
  '<br',
  '<p',
  '<svg',
];
const PREFIX_PATTERNS = ['<!--', '<?xml'];
const WHITESPACE = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x20]);
// Past this many bytes of leading whitespace we stop looking (WHATWG reads 1445 bytes in all).
const MAX_LEADING_WHITESPACE = 1024;

function matchesCaseless(bytes: Uint8Array, at: number, pattern: string): boolean {
  if (bytes.length < at + pattern.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    let b = bytes[at + i]!;
    if (b >= 0x41 && b <= 0x5a) b += 0x20; // ASCII upper to lower case
    if (b !== pattern.charCodeAt(i)) return false;
  }
  return true;
}

function isTagTerminator(b: number | undefined): boolean {
  return b === undefined || b === 0x3e || b === 0x2f || WHITESPACE.has(b);
}

/**
 * True when the bytes start, after an optional UTF-8 byte order mark and ASCII whitespace, with
 * markup a browser would render as a page: '<!DOCTYPE html', '<html', '<script', '<body', '<svg',
 * '<?xml', a comment and the other WHATWG HTML patterns, in any case. An error page saved as
 * demo.mp3 is refused by this whatever its name says.
 */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const limit = Math.min(bytes.length, at + MAX_LEADING_WHITESPACE);
  while (at < limit && WHITESPACE.has(bytes[at]!)) at++;
  if (bytes[at] !== 0x3c) return false; // '<'
  if (PREFIX_PATTERNS.some((p) => matchesCaseless(bytes, at, p))) return true;
  return TAG_PATTERNS.some((p) => matchesCaseless(bytes, at, p) && isTagTerminator(bytes[at + p.length]));
}

/** Spec section 5: an audio blob must be non-empty and not an HTML response. */
export function isUsableAudioBlob(bytes: Uint8Array): boolean {
  return bytes.length > 0 && !looksLikeHtml(bytes);
}

const CONTENT_TYPES: Record<AudioType | ImageType, string> = {
  wav: 'audio/wav',
  aiff: 'audio/aiff',
  flac: 'audio/flac',
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** The Content-Type to store and serve a sniffed file with. */
export function contentTypeFor(type: AudioType | ImageType): string {
  return CONTENT_TYPES[type];
}
