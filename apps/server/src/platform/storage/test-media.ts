/** Small real media files for storage tests. */
import { crc32, deflateSync } from 'node:zlib';

/** A valid 16-bit mono PCM WAV: RIFF header, fmt and data chunks, a 440 Hz tone. */
export function makeWav(samples = 4000, sampleRate = 8000): Buffer {
  const dataBytes = samples * 2;
  const buf = Buffer.alloc(44 + dataBytes);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + dataBytes, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16); // fmt chunk size
  buf.writeUInt16LE(1, 20); // PCM
  buf.writeUInt16LE(1, 22); // mono
  buf.writeUInt32LE(sampleRate, 24);
  buf.writeUInt32LE(sampleRate * 2, 28); // byte rate
  buf.writeUInt16LE(2, 32); // block align
  buf.writeUInt16LE(16, 34); // bits per sample
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples; i++) {
    buf.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 12_000), 44 + i * 2);
  }
  return buf;
}

/** A 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** An error page, the kind a failed download saves under a media file's name. */
export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>404</title></head><body><script>alert(1)</script></body></html>',
);

/**
 * A waveform JSON with the fields of ours (version 1, 8 bits) but any data: the default holds negative
 * values, as a file another tool wrote might; uploads check only that data is a non-empty array.
 */
export function makeWaveformJson(data: number[] = [0, 10, -5, 20, -12, 8]): Buffer {
  return Buffer.from(
    JSON.stringify({
      version: 1,
      channels: 1,
      sample_rate: 8000,
      samples_per_pixel: 4410,
      bits: 8,
      length: data.length / 2,
      data,
    }),
  );
}

// --- Media with chosen header values (assets checks) ----------------------------------------------

function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, decodable PNG of one colour: tiny even at 3000 x 3000 (the rows deflate to almost
 * nothing). Colour types: 2 RGB, 6 RGBA, 0 greyscale, 3 palette (one entry).
 */
export function makePng(width: number, height: number, colourType: 0 | 2 | 3 | 6 = 2): Buffer {
  const channels = { 0: 1, 2: 3, 3: 1, 6: 4 }[colourType];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = colourType;
  const row = Buffer.alloc(1 + width * channels);
  for (let x = 0; x < width; x++) {
    const px = 1 + x * channels;
    if (colourType === 2 || colourType === 6) row.set([0xe0, 0x5a, 0x2b], px);
    else row[px] = colourType === 0 ? 0x80 : 0;
    if (colourType === 6) row[px + 3] = 0xff;
  }
  const raw = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(raw, y * row.length);
  const chunks = [pngChunk('IHDR', ihdr)];
  if (colourType === 3) chunks.push(pngChunk('PLTE', Buffer.from([0xe0, 0x5a, 0x2b])));
  chunks.push(pngChunk('IDAT', deflateSync(raw, { level: 9 })), pngChunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

function jpegSegment(marker: number, data: Uint8Array): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/**
 * A JPEG header as far as the frame: SOI, optional APP0 (JFIF) / APP1 (Exif) / APP14 (Adobe), a
 * DQT, then SOF0 (baseline) or SOF2 (progressive) with the size and component count, then EOI.
 * Enough for header checks (not decodable: no scan data).
 */
export function makeJpegHeader(
  width: number,
  height: number,
  options: { components?: 1 | 3 | 4; progressive?: boolean; app?: boolean } = {},
): Buffer {
  const components = options.components ?? 3;
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  if (options.app !== false) {
    parts.push(jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')));
    parts.push(
      jpegSegment(0xe1, Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.alloc(300, 0x20)])),
    );
    if (components === 4) parts.push(jpegSegment(0xee, Buffer.from('Adobe\0\x64\0\0\0\0\x02', 'latin1')));
  }
  parts.push(jpegSegment(0xdb, Buffer.alloc(65, 1)));
  const sof = Buffer.alloc(6 + components * 3);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = components;
  for (let c = 0; c < components; c++) sof.set([c + 1, 0x11, 0], 6 + c * 3);
  parts.push(jpegSegment(options.progressive ? 0xc2 : 0xc0, sof), Buffer.from([0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A WAV with chosen bits and rate, optionally WAVE_FORMAT_EXTENSIBLE and a LIST chunk before fmt. */
export function makeWavWith(options: {
  bits?: number;
  sampleRate?: number;
  channels?: number;
  extensible?: boolean;
  listChunk?: boolean;
  frames?: number;
}): Buffer {
  const bits = options.bits ?? 16;
  const rate = options.sampleRate ?? 44_100;
  const channels = options.channels ?? 2;
  const frames = options.frames ?? 441;
  const blockAlign = channels * Math.ceil(bits / 8);
  const fmt = Buffer.alloc(options.extensible ? 40 : 16);
  fmt.writeUInt16LE(options.extensible ? 0xfffe : 1, 0);
  fmt.writeUInt16LE(channels, 2);
  fmt.writeUInt32LE(rate, 4);
  fmt.writeUInt32LE(rate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(Math.ceil(bits / 8) * 8, 14);
  if (options.extensible) {
    fmt.writeUInt16LE(22, 16); // cbSize
    fmt.writeUInt16LE(bits, 18); // valid bits
    fmt.writeUInt32LE(3, 20); // channel mask: front left and right
    Buffer.from('0100000000001000800000aa00389b71', 'hex').copy(fmt, 24); // KSDATAFORMAT_SUBTYPE_PCM
  }
  const chunk = (id: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'ascii');
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const body = Buffer.concat([
    Buffer.from('WAVE', 'ascii'),
    ...(options.listChunk ? [chunk('LIST', Buffer.from('INFOISFT\x05\0\0\0test\0', 'latin1'))] : []),
    chunk('fmt ', fmt),
    chunk('data', Buffer.alloc(frames * blockAlign)),
  ]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

/** A FLAC header: the marker and a STREAMINFO block with chosen rate, bits and channels. */
export function makeFlacHeader(
  options: { sampleRate?: number; bits?: number; channels?: number } = {},
): Buffer {
  const rate = options.sampleRate ?? 44_100;
  const bits = options.bits ?? 16;
  const channels = options.channels ?? 2;
  const info = Buffer.alloc(34);
  info.writeUInt16BE(4096, 0);
  info.writeUInt16BE(4096, 2);
  info[10] = (rate >> 12) & 0xff;
  info[11] = (rate >> 4) & 0xff;
  info[12] = ((rate & 0x0f) << 4) | ((channels - 1) << 1) | (((bits - 1) >> 4) & 1);
  info[13] = ((bits - 1) & 0x0f) << 4;
  return Buffer.concat([Buffer.from('fLaC', 'ascii'), Buffer.from([0x80, 0, 0, 34]), info, Buffer.alloc(64)]);
}

/** The 80-bit extended float AIFF keeps its sample rate in. */
export function extended80(value: number): Buffer {
  const out = Buffer.alloc(10);
  if (value === 0) return out;
  const exponent = Math.floor(Math.log2(value));
  out.writeUInt16BE(exponent + 16383, 0);
  const mantissa = BigInt(Math.round(value * 2 ** (63 - exponent)));
  out.writeBigUInt64BE(mantissa, 2);
  return out;
}

/** An AIFF (or AIFF-C with a compression type) with a COMM chunk and a small SSND chunk. */
export function makeAiff(options: { sampleRate?: number; bits?: number; aifc?: string } = {}): Buffer {
  const rate = options.sampleRate ?? 44_100;
  const bits = options.bits ?? 16;
  const comm = Buffer.alloc(options.aifc ? 24 : 18);
  comm.writeUInt16BE(2, 0);
  comm.writeUInt32BE(100, 2);
  comm.writeUInt16BE(bits, 6);
  extended80(rate).copy(comm, 8);
  if (options.aifc) {
    comm.write(options.aifc, 18, 'ascii');
    comm.writeUInt16BE(0, 22); // empty pascal string name (count byte + pad)
  }
  const chunk = (id: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, 'ascii');
    head.writeUInt32BE(data.length, 4);
    return Buffer.concat([head, data]);
  };
  const body = Buffer.concat([
    Buffer.from(options.aifc ? 'AIFC' : 'AIFF', 'ascii'),
    chunk('COMM', comm),
    chunk('SSND', Buffer.alloc(8 + 400)),
  ]);
  const form = Buffer.alloc(8);
  form.write('FORM', 0, 'ascii');
  form.writeUInt32BE(body.length, 4);
  return Buffer.concat([form, body]);
}
