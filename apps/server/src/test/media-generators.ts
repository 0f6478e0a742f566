/**
 * Real, decodable media for tests: PCM WAV and AIFF, FLAC from a small encoder of our own, a WAV
 * generated on the fly as a stream (for sizes a test must not hold), and a one-colour baseline
 * JPEG. The audio is a cosine tone between chosen stretches of digital silence, so a test knows the
 * exact silence to expect. For PNG use makePng in platform/storage/test-media.ts.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { extended80 } from '../platform/storage/test-media.ts';

export interface ToneOptions {
  /** The whole length in seconds, silence included. */
  seconds: number;
  sampleRate?: number;
  bitDepth?: 16 | 24;
  channels?: number;
  /** Seconds of digital silence (all samples zero) before the tone. */
  leadingSilence?: number;
  /** Seconds of digital silence after the tone. */
  trailingSilence?: number;
  /** A whole number of hertz (the tone repeats every second, so long streams reuse one second). */
  toneHz?: number;
  /** Peak level as a fraction of full scale (default 0.5, about -6 dBFS). */
  amplitude?: number;
  /** Only this channel (0-based) carries the tone; the others stay silent. Default: every channel. */
  toneChannel?: number;
}

interface ToneLayout {
  sampleRate: number;
  bitDepth: number;
  channels: number;
  frames: number;
  leadFrames: number;
  toneFrames: number;
  toneChannel: number | undefined;
  /** One second of the tone as signed integers at full scale for bitDepth; index = frame % rate. */
  oneSecond: Int32Array;
}

function toneLayout(options: Omit<ToneOptions, 'bitDepth'>, bitDepth: number): ToneLayout {
  const sampleRate = options.sampleRate ?? 44_100;
  const frames = Math.round(options.seconds * sampleRate);
  const leadFrames = Math.round((options.leadingSilence ?? 0) * sampleRate);
  const trailFrames = Math.round((options.trailingSilence ?? 0) * sampleRate);
  const toneFrames = frames - leadFrames - trailFrames;
  if (toneFrames < 0) throw new Error('The silences are longer than the file.');
  const toneHz = options.toneHz ?? 440;
  if (!Number.isInteger(toneHz)) throw new Error('toneHz must be a whole number.');
  const peak = (options.amplitude ?? 0.5) * (2 ** (bitDepth - 1) - 1);
  const oneSecond = new Int32Array(sampleRate);
  // A cosine starts at its peak, so the first tone sample is already loud.
  for (let n = 0; n < sampleRate; n++) {
    oneSecond[n] = Math.round(peak * Math.cos((2 * Math.PI * toneHz * n) / sampleRate));
  }
  return {
    sampleRate,
    bitDepth,
    channels: options.channels ?? 2,
    frames,
    leadFrames,
    toneFrames,
    toneChannel: options.toneChannel,
    oneSecond,
  };
}

/** The integer sample of a frame and channel (0 in the silences). */
function sampleAt(layout: ToneLayout, frame: number, channel: number): number {
  const n = frame - layout.leadFrames;
  if (n < 0 || n >= layout.toneFrames) return 0;
  if (layout.toneChannel !== undefined && channel !== layout.toneChannel) return 0;
  return layout.oneSecond[n % layout.sampleRate]!;
}

type SampleEncoding = 'int-le' | 'int-be' | 'float-le';

/** Writes frames [first, first + count) interleaved into target from offset. */
function writeFrames(
  layout: ToneLayout,
  encoding: SampleEncoding,
  target: Buffer,
  offset: number,
  first: number,
  count: number,
): void {
  const bytes = layout.bitDepth / 8;
  const scale = 2 ** (layout.bitDepth - 1) - 1;
  let at = offset;
  for (let f = first; f < first + count; f++) {
    for (let c = 0; c < layout.channels; c++) {
      const v = sampleAt(layout, f, c);
      if (encoding === 'float-le') target.writeFloatLE(v / scale, at);
      else if (encoding === 'int-le') target.writeIntLE(v, at, bytes);
      else target.writeIntBE(v, at, bytes);
      at += bytes;
    }
  }
}

export interface WavOptions extends Omit<ToneOptions, 'bitDepth'> {
  bitDepth?: 16 | 24 | 32;
  /** 'float' writes 32-bit IEEE floats (format 3); bitDepth is then 32. */
  format?: 'pcm' | 'float';
  /** WAVE_FORMAT_EXTENSIBLE with the PCM or float sub-format GUID. */
  extensible?: boolean;
}

function wavLayout(options: WavOptions): { layout: ToneLayout; encoding: SampleEncoding } {
  const isFloat = options.format === 'float';
  const bitDepth = isFloat ? 32 : (options.bitDepth ?? 16);
  // Floats are generated at 24-bit resolution and scaled to -1..1.
  const layout = toneLayout(options, isFloat ? 24 : bitDepth);
  return { layout: { ...layout, bitDepth }, encoding: isFloat ? 'float-le' : 'int-le' };
}

function wavHeader(options: WavOptions, layout: ToneLayout): Buffer {
  const isFloat = options.format === 'float';
  const blockAlign = layout.channels * (layout.bitDepth / 8);
  const dataBytes = layout.frames * blockAlign;
  const fmt = Buffer.alloc(options.extensible ? 40 : 16);
  fmt.writeUInt16LE(options.extensible ? 0xfffe : isFloat ? 3 : 1, 0);
  fmt.writeUInt16LE(layout.channels, 2);
  fmt.writeUInt32LE(layout.sampleRate, 4);
  fmt.writeUInt32LE(layout.sampleRate * blockAlign, 8);
  fmt.writeUInt16LE(blockAlign, 12);
  fmt.writeUInt16LE(layout.bitDepth, 14);
  if (options.extensible) {
    fmt.writeUInt16LE(22, 16);
    fmt.writeUInt16LE(layout.bitDepth, 18);
    fmt.writeUInt32LE(layout.channels === 2 ? 3 : 0, 20);
    // KSDATAFORMAT_SUBTYPE_PCM or _IEEE_FLOAT: the format tag, then a fixed GUID tail.
    fmt.writeUInt16LE(isFloat ? 3 : 1, 24);
    Buffer.from('000000001000800000aa00389b71', 'hex').copy(fmt, 26);
  }
  const head = Buffer.alloc(12 + 8 + fmt.length + 8);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(4 + 8 + fmt.length + 8 + dataBytes + (dataBytes % 2), 4);
  head.write('WAVE', 8, 'ascii');
  head.write('fmt ', 12, 'ascii');
  head.writeUInt32LE(fmt.length, 16);
  fmt.copy(head, 20);
  head.write('data', 20 + fmt.length, 'ascii');
  head.writeUInt32LE(dataBytes, 24 + fmt.length);
  return head;
}

/** A PCM (or float) WAV of a tone between silences. */
export function makePcmWav(options: WavOptions): Buffer {
  const { layout, encoding } = wavLayout(options);
  const head = wavHeader(options, layout);
  const dataBytes = layout.frames * layout.channels * (layout.bitDepth / 8);
  const out = Buffer.alloc(head.length + dataBytes + (dataBytes % 2));
  head.copy(out);
  writeFrames(layout, encoding, out, head.length, 0, layout.frames);
  return out;
}

/**
 * The same WAV as makePcmWav, generated as it is read (about 96 KiB at a time), so a test can
 * stream hundreds of megabytes without holding them.
 */
export function wavStream(options: WavOptions): Readable {
  const { layout, encoding } = wavLayout(options);
  const framesPerChunk = 16_384;
  const frameBytes = layout.channels * (layout.bitDepth / 8);
  let next = 0;
  let headerSent = false;
  return new Readable({
    read() {
      if (!headerSent) {
        headerSent = true;
        this.push(wavHeader(options, layout));
        return;
      }
      if (next >= layout.frames) {
        if ((layout.frames * frameBytes) % 2) this.push(Buffer.alloc(1));
        this.push(null);
        return;
      }
      const count = Math.min(framesPerChunk, layout.frames - next);
      const chunk = Buffer.allocUnsafe(count * frameBytes);
      writeFrames(layout, encoding, chunk, 0, next, count);
      next += count;
      this.push(chunk);
    },
  });
}

export interface AiffOptions extends ToneOptions {
  /** AIFF-C with this compression type: 'NONE' (big-endian) or 'sowt' (little-endian). Default: plain AIFF. */
  compression?: 'NONE' | 'sowt';
}

function aiffChunk(id: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'ascii');
  head.writeUInt32BE(data.length, 4);
  return Buffer.concat([head, data, data.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
}

/** An AIFF (or AIFF-C 'NONE' / 'sowt') of a tone between silences. */
export function makeAiffPcm(options: AiffOptions): Buffer {
  const layout = toneLayout(options, options.bitDepth ?? 16);
  const isAifc = options.compression !== undefined;
  const comm = Buffer.alloc(isAifc ? 24 : 18);
  comm.writeUInt16BE(layout.channels, 0);
  comm.writeUInt32BE(layout.frames, 2);
  comm.writeUInt16BE(layout.bitDepth, 6);
  extended80(layout.sampleRate).copy(comm, 8);
  if (isAifc) comm.write(options.compression!, 18, 'ascii'); // then an empty name: count 0 and a pad byte
  const dataBytes = layout.frames * layout.channels * (layout.bitDepth / 8);
  const ssnd = Buffer.alloc(8 + dataBytes); // offset 0, block size 0, then the samples
  writeFrames(layout, options.compression === 'sowt' ? 'int-le' : 'int-be', ssnd, 8, 0, layout.frames);
  const fver = Buffer.alloc(4);
  fver.writeUInt32BE(0xa2805140); // AIFF-C version 1
  const body = Buffer.concat([
    Buffer.from(isAifc ? 'AIFC' : 'AIFF', 'ascii'),
    ...(isAifc ? [aiffChunk('FVER', fver)] : []),
    aiffChunk('COMM', comm),
    aiffChunk('SSND', ssnd),
  ]);
  const form = Buffer.alloc(8);
  form.write('FORM', 0, 'ascii');
  form.writeUInt32BE(body.length, 4);
  return Buffer.concat([form, body]);
}

// --- FLAC ------------------------------------------------------------------------------------------

/** Writes big-endian bit fields into a growing byte array. */
class BitWriter {
  private bytes = new Uint8Array(1 << 16);
  private length = 0;
  private acc = 0;
  private accBits = 0;

  /** Writes the low `bits` bits of value (bits <= 32; a negative value as two's complement). */
  write(value: number, bits: number): void {
    if (bits > 24) {
      this.write(Math.floor(value / 2 ** 16) & ((1 << (bits - 16)) - 1), bits - 16);
      this.write(value & 0xffff, 16);
      return;
    }
    if (bits === 0) return;
    this.acc = (this.acc << bits) | (value & ((1 << bits) - 1));
    this.accBits += bits;
    while (this.accBits >= 8) {
      this.accBits -= 8;
      this.pushByte((this.acc >>> this.accBits) & 0xff);
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  /** q zero bits, then a one. */
  writeUnary(q: number): void {
    let left = q;
    while (left >= 24) {
      this.write(0, 24);
      left -= 24;
    }
    this.write(1, left + 1);
  }

  /** Pads with `fill` bits to the next byte boundary. */
  align(fill: 0 | 1 = 0): void {
    if (this.accBits > 0) this.write(fill ? (1 << (8 - this.accBits)) - 1 : 0, 8 - this.accBits);
  }

  pushByte(b: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }

  get byteLength(): number {
    return this.length;
  }

  /** The bytes written so far (whole bytes only). */
  view(from = 0, to = this.length): Uint8Array {
    return this.bytes.subarray(from, to);
  }
}

function crcTable(poly: number, width: 8 | 16): Uint16Array {
  const table = new Uint16Array(256);
  const top = 1 << (width - 1);
  const mask = (1 << width) - 1;
  for (let i = 0; i < 256; i++) {
    let crc = i << (width - 8);
    for (let k = 0; k < 8; k++) crc = crc & top ? ((crc << 1) ^ poly) & mask : (crc << 1) & mask;
    table[i] = crc;
  }
  return table;
}
const CRC8 = crcTable(0x07, 8);
const CRC16 = crcTable(0x8005, 16);

function flacCrc8(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = CRC8[crc ^ b]!;
  return crc;
}

function flacCrc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >>> 8) ^ b]!;
  return crc;
}

const FLAC_RATE_CODES: Record<number, number> = {
  88200: 1,
  176400: 2,
  192000: 3,
  8000: 4,
  16000: 5,
  22050: 6,
  24000: 7,
  32000: 8,
  44100: 9,
  48000: 10,
  96000: 11,
};
const FLAC_BITS_CODES: Record<number, number> = { 8: 1, 12: 2, 16: 4, 20: 5, 24: 6, 32: 7 };

function blockSizeCode(size: number): number {
  if (size === 192) return 1;
  for (let code = 2; code <= 5; code++) if (size === 576 * 2 ** (code - 2)) return code;
  for (let code = 8; code <= 15; code++) if (size === 256 * 2 ** (code - 8)) return code;
  return size <= 256 ? 6 : 7;
}

/** The frame number in FLAC's UTF-8-like coding. */
function writeCodedNumber(w: BitWriter, n: number): void {
  if (n < 0x80) {
    w.write(n, 8);
    return;
  }
  let extra = 1;
  while (n >= 2 ** (6 + 5 * extra) && extra < 5) extra++;
  const lead = (0xff << (7 - extra)) & 0xff;
  w.write(lead | Math.floor(n / 2 ** (6 * extra)), 8);
  for (let i = extra - 1; i >= 0; i--) w.write(0x80 | (Math.floor(n / 2 ** (6 * i)) & 0x3f), 8);
}

/** Residuals of the fixed predictor of an order (0-4), from sample `order` on. */
function fixedResiduals(x: Int32Array, order: number): Int32Array {
  const out = new Int32Array(x.length - order);
  for (let n = order; n < x.length; n++) {
    let e: number;
    if (order === 0) e = x[n]!;
    else if (order === 1) e = x[n]! - x[n - 1]!;
    else if (order === 2) e = x[n]! - 2 * x[n - 1]! + x[n - 2]!;
    else if (order === 3) e = x[n]! - 3 * x[n - 1]! + 3 * x[n - 2]! - x[n - 3]!;
    else e = x[n]! - 4 * x[n - 1]! + 6 * x[n - 2]! - 4 * x[n - 3]! + x[n - 4]!;
    out[n - order] = e;
  }
  return out;
}

const zigzag = (e: number) => (e >= 0 ? 2 * e : -2 * e - 1);

/** The cost in bits of one Rice-coded partition with parameter k. */
function riceBits(residuals: Int32Array, k: number): number {
  let bits = residuals.length * (1 + k);
  for (const e of residuals) bits += zigzag(e) >>> k;
  return bits;
}

/** One subframe: FIXED with the order of the smallest residuals, or VERBATIM when that is smaller. */
function writeSubframe(w: BitWriter, x: Int32Array, bps: number): void {
  let best: { order: number; residuals: Int32Array; sum: number } | undefined;
  for (let order = 0; order <= Math.min(4, x.length - 1); order++) {
    const residuals = fixedResiduals(x, order);
    let sum = 0;
    for (const e of residuals) sum += zigzag(e);
    if (!best || sum < best.sum) best = { order, residuals, sum };
  }
  let k = 0;
  let bits = Number.POSITIVE_INFINITY;
  if (best) {
    // The best parameter is near log2 of the mean; try it and its neighbours (0-14: 15 would escape).
    const guess = Math.floor(Math.log2(best.sum / Math.max(1, best.residuals.length) + 1));
    for (let candidate = Math.max(0, guess - 1); candidate <= Math.min(14, guess + 1); candidate++) {
      const cost = riceBits(best.residuals, candidate);
      if (cost < bits) [k, bits] = [candidate, cost];
    }
  }
  if (!best || best.order * bps + 10 + bits >= x.length * bps) {
    w.write(0b00000010, 8); // VERBATIM, no wasted bits
    for (const v of x) w.write(v, bps);
    return;
  }
  w.write((0b001000 | best.order) << 1, 8); // FIXED of this order, no wasted bits
  for (let i = 0; i < best.order; i++) w.write(x[i]!, bps);
  w.write(0, 2); // Rice coding with 4-bit parameters
  w.write(0, 4); // partition order 0: one partition
  w.write(k, 4);
  for (const e of best.residuals) {
    const u = zigzag(e);
    w.writeUnary(u >>> k);
    w.write(u & ((1 << k) - 1), k);
  }
}

export interface FlacOptions extends ToneOptions {
  /** Samples per block (default 4096, as the reference encoder). */
  blockSize?: number;
}

/**
 * A FLAC of a tone between silences: a STREAMINFO block (block sizes, frame sizes, total samples,
 * the MD5 of the audio) and one frame per block with independent channels, each a FIXED subframe
 * (VERBATIM when prediction would not be smaller), CRC-8 on each frame header and CRC-16 on each
 * frame. Encoded with fixed-size blocks; the last block is shorter.
 */
export function makeFlac(options: FlacOptions): Buffer {
  const layout = toneLayout(options, options.bitDepth ?? 16);
  const { sampleRate, bitDepth, channels, frames } = layout;
  const blockSize = options.blockSize ?? 4096;
  const md5 = createHash('md5');
  const pcm = Buffer.alloc(frames * channels * (bitDepth / 8));
  writeFrames(layout, 'int-le', pcm, 0, 0, frames);
  md5.update(pcm);

  const w = new BitWriter();
  let minFrame = Number.POSITIVE_INFINITY;
  let maxFrame = 0;
  const channel = new Int32Array(blockSize);
  for (let first = 0, number = 0; first < frames; first += blockSize, number++) {
    const size = Math.min(blockSize, frames - first);
    const start = w.byteLength;
    const sizeCode = size === blockSize ? blockSizeCode(size) : size <= 256 ? 6 : 7;
    const rateCode = FLAC_RATE_CODES[sampleRate] ?? (sampleRate <= 0xffff ? 13 : 0);
    w.write(0xfff8, 16); // sync, reserved 0, fixed block size
    w.write(sizeCode, 4);
    w.write(rateCode, 4);
    w.write(channels - 1, 4); // independent channels
    w.write(FLAC_BITS_CODES[bitDepth] ?? 0, 3);
    w.write(0, 1);
    writeCodedNumber(w, number);
    if (sizeCode === 6) w.write(size - 1, 8);
    if (sizeCode === 7) w.write(size - 1, 16);
    if (rateCode === 13) w.write(sampleRate, 16);
    w.write(flacCrc8(w.view(start)), 8);
    for (let c = 0; c < channels; c++) {
      const x = channel.subarray(0, size);
      for (let i = 0; i < size; i++) x[i] = sampleAt(layout, first + i, c);
      writeSubframe(w, x, bitDepth);
    }
    w.align();
    w.write(flacCrc16(w.view(start)), 16);
    const frameBytes = w.byteLength - start;
    minFrame = Math.min(minFrame, frameBytes);
    maxFrame = Math.max(maxFrame, frameBytes);
  }

  const info = Buffer.alloc(34);
  // One block shorter than blockSize (the whole file) sets both; the last block is otherwise excluded.
  const blocks = Math.min(blockSize, frames);
  info.writeUInt16BE(blocks, 0);
  info.writeUInt16BE(blocks, 2);
  info.writeUIntBE(frames === 0 ? 0 : minFrame, 4, 3);
  info.writeUIntBE(maxFrame, 7, 3);
  const packed =
    (BigInt(sampleRate) << 44n) |
    (BigInt(channels - 1) << 41n) |
    (BigInt(bitDepth - 1) << 36n) |
    BigInt(frames);
  info.writeBigUInt64BE(packed, 10);
  md5.digest().copy(info, 18);
  const blockHeader = Buffer.from([0x80, 0, 0, 34]); // last metadata block, STREAMINFO, 34 bytes
  return Buffer.concat([Buffer.from('fLaC', 'ascii'), blockHeader, info, w.view()]);
}

// --- JPEG ------------------------------------------------------------------------------------------

function jpegSegment(marker: number, data: Uint8Array): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(data.length + 2, 2);
  return Buffer.concat([head, data]);
}

/** Canonical Huffman codes from the count of codes per length (1-16), in symbol order. */
function huffmanCodes(counts: number[], symbols: number[]): Map<number, { code: number; length: number }> {
  const codes = new Map<number, { code: number; length: number }>();
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < counts[length - 1]!; i++) codes.set(symbols[k++]!, { code: code++, length });
    code <<= 1;
  }
  return codes;
}

// The DC tables of ITU T.81 Annex K.3 (luminance, chrominance): difference categories 0-11.
const DC_LUMA_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CHROMA_COUNTS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
// Every block of a one-colour image is flat: its AC table needs only end-of-block (0x00), one 1-bit code.
const AC_EOB_COUNTS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];

/** JPEG's bit writer: big-endian, a 0x00 stuffed after every 0xFF in the scan. */
class ScanWriter {
  private bytes: Uint8Array;
  private length = 0;
  private acc = 0;
  private accBits = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  write(code: number, bits: number): void {
    this.acc = (this.acc << bits) | code;
    this.accBits += bits;
    while (this.accBits >= 8) {
      this.accBits -= 8;
      const b = (this.acc >>> this.accBits) & 0xff;
      this.push(b);
      if (b === 0xff) this.push(0);
    }
    this.acc &= (1 << this.accBits) - 1;
  }

  private push(b: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
  }

  /** Pads the last byte with one bits, as T.81 asks. */
  finish(): Uint8Array {
    if (this.accBits > 0) this.write((1 << (8 - this.accBits)) - 1, 8 - this.accBits);
    return this.bytes.subarray(0, this.length);
  }
}

/**
 * A real baseline JPEG (JFIF, YCbCr 4:4:4, 8-bit) of one colour: every 8 x 8 block holds only its
 * DC coefficient, so the scan is a few bits per block and 3000 x 3000 encodes in milliseconds.
 */
export function makeRgbJpeg(
  width: number,
  height: number,
  rgb: [number, number, number] = [224, 90, 43],
): Buffer {
  const [r, g, b] = rgb;
  const ycc = [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  ].map((v) => Math.min(255, Math.max(0, Math.round(v))));
  // A flat block's DC coefficient is 8 * (value - 128); a DC quantiser of 8 leaves value - 128.
  const dc = ycc.map((v) => v - 128);
  const quant = new Uint8Array(65);
  quant.fill(1);
  quant[0] = 0; // 8-bit precision, table 0
  quant[1] = 8; // the DC quantiser (zigzag position 0)

  const dcLuma = huffmanCodes(DC_LUMA_COUNTS, DC_SYMBOLS);
  const dcChroma = huffmanCodes(DC_CHROMA_COUNTS, DC_SYMBOLS);
  const eob = { code: 0, length: 1 };
  const dht = (tableClassAndId: number, counts: number[], symbols: number[]) =>
    Buffer.from([tableClassAndId, ...counts, ...symbols]);

  const sof = Buffer.alloc(15);
  sof[0] = 8;
  sof.writeUInt16BE(height, 1);
  sof.writeUInt16BE(width, 3);
  sof[5] = 3;
  sof.set([1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], 6); // Y, Cb, Cr: 1x1 sampling, quant table 0
  // Scan: the three components; Y uses DC/AC tables 0, Cb and Cr tables 1; full spectral range.
  const sos = Buffer.from([3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);

  const mcus = Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = new ScanWriter(Math.ceil(mcus * 2) + 64);
  const category = (v: number) => (v === 0 ? 0 : Math.floor(Math.log2(Math.abs(v))) + 1);
  const predictions = [0, 0, 0];
  for (let m = 0; m < mcus; m++) {
    for (let c = 0; c < 3; c++) {
      const diff = dc[c]! - predictions[c]!;
      predictions[c] = dc[c]!;
      const cat = category(diff);
      const code = (c === 0 ? dcLuma : dcChroma).get(cat)!;
      scan.write(code.code, code.length);
      // A negative difference is sent as diff - 1 in cat bits (its ones' complement).
      if (cat > 0) scan.write((diff < 0 ? diff - 1 : diff) & ((1 << cat) - 1), cat);
      scan.write(eob.code, eob.length);
    }
  }

  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    jpegSegment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    jpegSegment(0xdb, quant),
    jpegSegment(0xc0, sof),
    jpegSegment(0xc4, dht(0x00, DC_LUMA_COUNTS, DC_SYMBOLS)),
    jpegSegment(0xc4, dht(0x10, AC_EOB_COUNTS, [0])),
    jpegSegment(0xc4, dht(0x01, DC_CHROMA_COUNTS, DC_SYMBOLS)),
    jpegSegment(0xc4, dht(0x11, AC_EOB_COUNTS, [0])),
    jpegSegment(0xda, sos),
    scan.finish(),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** A buffer as a stream of chunks of a chosen size (to cut headers and frames at odd places). */
export function chunkedStream(bytes: Uint8Array, chunkSize: number): Readable {
  let at = 0;
  return new Readable({
    read() {
      if (at >= bytes.length) {
        this.push(null);
        return;
      }
      this.push(Buffer.from(bytes.subarray(at, at + chunkSize)));
      at += chunkSize;
    },
  });
}
