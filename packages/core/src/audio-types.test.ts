import { describe, expect, it } from 'vitest';
import {
  AUDIO_TYPES,
  contentTypeFor,
  IMAGE_TYPES,
  isUsableAudioBlob,
  looksLikeHtml,
  sniffAudioType,
  sniffImageType,
} from './audio-types.ts';

/** Bytes from ASCII strings and byte lists, in order. */
function bytes(...parts: (string | number[])[]): Uint8Array {
  const out: number[] = [];
  for (const part of parts) {
    if (typeof part === 'string') for (const ch of part) out.push(ch.charCodeAt(0));
    else out.push(...part);
  }
  return Uint8Array.from(out);
}

const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff];
const be32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

// Real headers, as the first bytes of files written by common tools.
const WAV = bytes(
  'RIFF',
  le32(36 + 8),
  'WAVE',
  'fmt ',
  le32(16),
  [1, 0, 2, 0],
  le32(44100),
  le32(176400),
  [4, 0, 16, 0],
  'data',
  le32(8),
);
const RF64 = bytes('RF64', [0xff, 0xff, 0xff, 0xff], 'WAVE', 'ds64');
const AIFF = bytes('FORM', be32(46), 'AIFF', 'COMM', be32(18), [0, 2]);
const AIFC = bytes('FORM', be32(64), 'AIFC', 'FVER', be32(4), be32(0xa2805140));
const FLAC = bytes('fLaC', [0x00, 0x00, 0x00, 0x22], [0x10, 0x00, 0x10, 0x00]);
// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no CRC (LAME's usual first frame).
const MP3_FRAME = [0xff, 0xfb, 0x90, 0x64];
const MP3 = bytes(MP3_FRAME, [0x00, 0x00, 0x00, 0x00]);
// MPEG-2 layer III (22.05 kHz) and MPEG-2.5 layer III (11.025 kHz).
const MP3_MPEG2 = bytes([0xff, 0xf3, 0x80, 0xc4]);
const MP3_MPEG25 = bytes([0xff, 0xe3, 0x18, 0xc4]);
// MPEG-1 layer II.
const MP2 = bytes([0xff, 0xfd, 0x94, 0x04]);
// ID3v2.3 tag of 10 bytes (syncsafe size 00 00 00 0A), its frames, then the first MP3 frame.
const ID3_MP3 = bytes(
  'ID3',
  [0x03, 0x00, 0x00],
  [0x00, 0x00, 0x00, 0x0a],
  'TIT2',
  [0, 0, 0, 0, 0, 0],
  MP3_FRAME,
);
// ADTS AAC-LC, 44.1 kHz stereo: MPEG-4 (FF F1) and MPEG-2 (FF F9) variants, and one with CRC (FF F0).
const ADTS_MPEG4 = bytes([0xff, 0xf1, 0x50, 0x80, 0x2e, 0x7f, 0xfc]);
const ADTS_MPEG2 = bytes([0xff, 0xf9, 0x50, 0x80, 0x2e, 0x7f, 0xfc]);
const ADTS_CRC = bytes([0xff, 0xf0, 0x50, 0x80, 0x2e, 0x7f, 0xfc]);
const M4A = bytes(be32(0x20), 'ftyp', 'M4A ', be32(0), 'M4A ', 'mp42', 'isom', be32(0));
const MP4_ISOM = bytes(be32(0x1c), 'ftyp', 'isom', be32(0x200), 'isom', 'iso2', 'mp41');
const OGG_VORBIS = bytes(
  'OggS',
  [0x00, 0x02],
  [0, 0, 0, 0, 0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [0, 0, 0, 0],
  [1, 0x1e],
  [0x01],
  'vorbis',
);
const OGG_OPUS = bytes('OggS', [0x00, 0x02], new Array<number>(20).fill(0), [1, 0x13], 'OpusHead');
const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10], 'JFIF', [0]);
const JPEG_EXIF = bytes([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10], 'Exif', [0, 0]);
const WEBP = bytes('RIFF', le32(100), 'WEBP', 'VP8 ');
const HEIC = bytes(be32(0x18), 'ftyp', 'heic', be32(0), 'mif1', 'heic');
const AVIF = bytes(be32(0x1c), 'ftyp', 'avif', be32(0), 'avif', 'mif1', 'miaf');
const HTML = bytes('<!DOCTYPE html>\n<html><head><title>404</title>');

describe('sniffAudioType', () => {
  it.each([
    ['WAV (RIFF....WAVE)', WAV, 'wav'],
    ['RF64 WAV', RF64, 'wav'],
    ['AIFF (FORM....AIFF)', AIFF, 'aiff'],
    ['AIFF-C (FORM....AIFC)', AIFC, 'aiff'],
    ['FLAC (fLaC)', FLAC, 'flac'],
    ['an MP3 frame (FF FB)', MP3, 'mp3'],
    ['an MPEG-2 layer III frame (FF F3)', MP3_MPEG2, 'mp3'],
    ['an MPEG-2.5 layer III frame (FF E3)', MP3_MPEG25, 'mp3'],
    ['an MPEG layer II frame (FF FD)', MP2, 'mp3'],
    ['an ID3 tag, then an MP3 frame', ID3_MP3, 'mp3'],
    ['a bare ID3 header', bytes('ID3', [4, 0, 0, 0, 0, 0x10, 0]), 'mp3'],
    ['ADTS AAC, MPEG-4 (FF F1)', ADTS_MPEG4, 'aac'],
    ['ADTS AAC, MPEG-2 (FF F9)', ADTS_MPEG2, 'aac'],
    ['ADTS AAC with CRC (FF F0)', ADTS_CRC, 'aac'],
    ['M4A (ftyp M4A )', M4A, 'm4a'],
    ['MP4 (ftyp isom)', MP4_ISOM, 'm4a'],
    ['Ogg Vorbis', OGG_VORBIS, 'ogg'],
    ['Ogg Opus', OGG_OPUS, 'ogg'],
  ])('%s -> %s', (_, input, type) => {
    expect(sniffAudioType(input)).toBe(type);
  });

  it('looks past an ID3 tag to the audio behind it', () => {
    const tag: (string | number[])[] = ['ID3', [0x04, 0x00, 0x00], [0x00, 0x00, 0x01, 0x00]]; // 128 bytes of frames
    const frames = new Array<number>(128).fill(0);
    expect(sniffAudioType(bytes(...tag, frames, [0xff, 0xf1, 0x50, 0x80]))).toBe('aac');
    expect(sniffAudioType(bytes(...tag, frames, 'fLaC'))).toBe('flac');
    expect(sniffAudioType(bytes(...tag, frames, MP3_FRAME))).toBe('mp3');
    // Unknown bytes after the tag, or the tag cut short: MP3, the common case.
    expect(sniffAudioType(bytes(...tag, frames, 'zzzz'))).toBe('mp3');
    expect(sniffAudioType(bytes(...tag, frames.slice(0, 20)))).toBe('mp3');
    // The footer flag (0x10) adds 10 bytes before the audio.
    const withFooter = bytes(
      'ID3',
      [0x04, 0x00, 0x10],
      [0, 0, 0, 4],
      [0, 0, 0, 0],
      'ID3',
      [4, 0, 0x10, 0, 0, 0, 4],
      'fLaC',
    );
    expect(sniffAudioType(withFooter)).toBe('flac');
  });

  it('refuses a broken ID3 header (size bytes must stay below 0x80)', () => {
    expect(sniffAudioType(bytes('ID3', [0x03, 0x00, 0x00], [0x00, 0x00, 0x80, 0x00], MP3_FRAME))).toBeNull();
    expect(sniffAudioType(bytes('ID3', [0xff, 0x00, 0x00], [0, 0, 0, 0], MP3_FRAME))).toBeNull();
  });

  it.each([
    ['nothing', bytes()],
    ['too short for a RIFF header', bytes('RIFF', le32(4))],
    ['a WebP image (RIFF....WEBP)', WEBP],
    ['an AVI (RIFF....AVI )', bytes('RIFF', le32(100), 'AVI ', 'LIST')],
    ['an IFF picture (FORM....ILBM)', bytes('FORM', be32(100), 'ILBM')],
    ['a HEIC photo (ftyp heic)', HEIC],
    ['an AVIF image (ftyp avif)', AVIF],
    ['PNG', PNG],
    ['JPEG (FF D8 FF, not an MPEG sync)', JPEG],
    ['HTML', HTML],
    ['a ZIP', bytes('PK', [0x03, 0x04, 0x14, 0x00])],
    ['a PDF', bytes('%PDF-1.7')],
    ['a reserved MPEG version (FF EB)', bytes([0xff, 0xeb, 0x90, 0x64])],
    ['an invalid MPEG bitrate (index 1111)', bytes([0xff, 0xfb, 0xf0, 0x64])],
    ['a reserved MPEG sample rate (index 11)', bytes([0xff, 0xfb, 0x9c, 0x64])],
    ['MPEG layer I, as UTF-16 text begins (FF FE)', bytes([0xff, 0xfe, 0x61, 0x00])],
    ['an MPEG sync cut short', bytes([0xff, 0xfb])],
    ['a lone ADTS byte', bytes([0xff])],
    ['fLa', bytes('fLa')],
  ])('%s -> null', (_, input) => {
    expect(sniffAudioType(input)).toBeNull();
  });
});

describe('sniffImageType', () => {
  it.each([
    ['PNG', PNG, 'png'],
    ['JPEG/JFIF', JPEG, 'jpeg'],
    ['JPEG/Exif', JPEG_EXIF, 'jpeg'],
    ['WebP', WEBP, 'webp'],
  ])('%s -> %s', (_, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });

  it.each([
    ['empty', bytes()],
    ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a])],
    ['a PNG signature with one byte wrong', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['FF D8 alone', bytes([0xff, 0xd8])],
    ['WAV', WAV],
    ['MP3', MP3],
    ['HEIC', HEIC],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['GIF', bytes('GIF89a')],
  ])('%s -> null', (_, input) => {
    expect(sniffImageType(input)).toBeNull();
  });
});

describe('looksLikeHtml', () => {
  it.each([
    '<!DOCTYPE html>',
    '<!doctype HTML><html>',
    '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">',
    '<html lang="en">',
    '<HTML>',
    '  \r\n\t<html>',
    '<head>',
    '<script>alert(1)</script>',
    '<ScRiPt src="x.js"></script>',
    '<iframe src="x">',
    '<body\nonload="x()">',
    '<p>Not found',
    '<br/>',
    '<a href="/">',
    '<b>',
    '<h1>404 Not Found</h1>',
    '<div class="error">',
    '<table>',
    '<title>Error</title>',
    '<style>body{}</style>',
    '<font>',
    '<!-- generated -->',
    '<!--x',
    '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">',
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">',
    '<html',
  ])('%j is HTML', (text) => {
    expect(looksLikeHtml(bytes(text))).toBe(true);
  });

  it('skips a UTF-8 byte order mark', () => {
    expect(looksLikeHtml(bytes([0xef, 0xbb, 0xbf], '<html>'))).toBe(true);
    expect(looksLikeHtml(bytes([0xef, 0xbb, 0xbf], '\n <!doctype html>'))).toBe(true);
  });

  it('stops looking after 1024 bytes of leading whitespace', () => {
    expect(looksLikeHtml(bytes(' '.repeat(1000), '<html>'))).toBe(true);
    expect(looksLikeHtml(bytes(' '.repeat(2000), '<html>'))).toBe(false);
  });

  it.each([
    '',
    '<',
    '<abc>',
    '<bogus>',
    '<header>',
    '<htm>',
    '<!doctype xml>',
    'hello <html>',
    '{"version":1,"data":[1,2]}',
    'x<html>',
  ])('%j is not HTML', (text) => {
    expect(looksLikeHtml(bytes(text))).toBe(false);
  });

  it.each([
    ['WAV', WAV],
    ['MP3', MP3],
    ['ID3', ID3_MP3],
    ['FLAC', FLAC],
    ['PNG', PNG],
  ])('real %s bytes are not HTML', (_, input) => {
    expect(looksLikeHtml(input)).toBe(false);
  });

  it('refuses an HTML page renamed demo.mp3 on both checks', () => {
    expect(sniffAudioType(HTML)).toBeNull();
    expect(isUsableAudioBlob(HTML)).toBe(false);
  });
});

describe('isUsableAudioBlob', () => {
  it('needs bytes that are not HTML', () => {
    expect(isUsableAudioBlob(bytes())).toBe(false);
    expect(isUsableAudioBlob(bytes('  <HTML>'))).toBe(false);
    expect(isUsableAudioBlob(MP3)).toBe(true);
  });
});

describe('contentTypeFor', () => {
  it('has a type for every audio and image type', () => {
    expect(Object.fromEntries([...AUDIO_TYPES, ...IMAGE_TYPES].map((t) => [t, contentTypeFor(t)]))).toEqual({
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
    });
  });
});
