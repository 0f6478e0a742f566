/**
 * Inspects a media file in one pass over its stream, in constant memory: the MD5 and SHA-256 that
 * a delivery records for every file, what the file is (core's header reader on its first 64 KiB),
 * and for WAV, AIFF and FLAC the leading and trailing silence stores check (at most 10 s each).
 * Audio is decoded as the bytes arrive; only a frame or a chunk header is ever held.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  type AudioInfo,
  inspectMedia,
  MediaHeaderError,
  type MediaInfo,
  readExtended80,
} from '@music-review/core/media-inspect';
import { type PcmFormat, type SilenceMeasure, SilenceTracker } from './pcm-silence.ts';

export interface MediaInspection {
  /** Size of the whole file in bytes. */
  bytes: number;
  /** Hex digests of the whole file. */
  md5: string;
  sha256: string;
  /** What the file is, from its header (core's inspectMedia on the first 64 KiB). */
  info: MediaInfo;
  /**
   * Length and silence of a WAV, AIFF or FLAC. With a `problem` it covers only the audio that could
   * be decoded.
   */
  audio?: SilenceMeasure;
  /** Why the file could not be read past its header (a cut-off WAV, a damaged FLAC...). */
  problem?: string;
}

export interface InspectOptions {
  /** The level below which audio counts as silence (default -60 dBFS). */
  silenceDbfs?: number;
}

const HEAD_BYTES = 64 * 1024;

const EXPORT_AGAIN = 'Export the file again from the original session and upload it.';

/** An audio format's reader: takes the file's bytes in order and measures the silence. */
interface AudioScanner {
  write(chunk: Uint8Array): void | Promise<void>;
  /** The stream has ended. */
  end(): Promise<ScanResult>;
  /** Frees what the scanner holds (the FLAC decoder) when the stream fails. */
  close(): void;
}

interface ScanResult {
  audio?: SilenceMeasure;
  /** The format as the scanner read it, for when core's header reader could not. */
  info?: AudioInfo;
  problem?: string;
}

const ascii = (b: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...b.subarray(at, at + length));

const seconds = (value: number) => `${value.toFixed(1)} s`;

// --- RIFF WAV and AIFF ----------------------------------------------------------------------------

const WAVE_PCM = 1;
const WAVE_FLOAT = 3;
const WAVE_EXTENSIBLE = 0xfffe;
/** Format and COMM chunks are tens of bytes; anything near this is not one. */
const MAX_HEADER_CHUNK = 4096;

/** AIFF-C compression types that hold plain samples, and how. */
const AIFC_SAMPLES: Record<string, Pick<PcmFormat, 'kind' | 'littleEndian'> & { bytes?: number }> = {
  NONE: { kind: 'int', littleEndian: false },
  twos: { kind: 'int', littleEndian: false },
  sowt: { kind: 'int', littleEndian: true },
  in24: { kind: 'int', littleEndian: false, bytes: 3 },
  in32: { kind: 'int', littleEndian: false, bytes: 4 },
  fl32: { kind: 'float', littleEndian: false, bytes: 4 },
  FL32: { kind: 'float', littleEndian: false, bytes: 4 },
  fl64: { kind: 'float', littleEndian: false, bytes: 8 },
  FL64: { kind: 'float', littleEndian: false, bytes: 8 },
};

/**
 * WAV (RIFF, RF64, BW64) and AIFF / AIFF-C: a walk over the chunks to the format chunk and then the
 * sample chunk, whose frames go to the silence tracker. Chunks in between are skipped unread.
 */
class ChunkedPcmScanner implements AudioScanner {
  private readonly isWav: boolean;
  private readonly name: string;
  /** Bytes collected for the current step, which needs `need` of them. */
  private collected = new Uint8Array(16);
  private collectedLength = 0;
  private need = 12;
  private onCollected: (b: Uint8Array) => void;
  private skipLeft = 0;
  private afterSkip: () => void = () => this.expectChunkHeader();
  private soundLeft = 0;
  private soundDeclared = 0;
  private state: 'collect' | 'skip' | 'sound' | 'done' = 'collect';
  private problem: string | undefined;
  private format: PcmFormat | undefined;
  private info: AudioInfo | undefined;
  private tracker: SilenceTracker | undefined;
  private carry = new Uint8Array(0);
  private carryLength = 0;
  private ds64DataSize: number | undefined;
  private aiffFrames: number | undefined;
  private isAifc = false;

  constructor(
    kind: 'wav' | 'aiff',
    private readonly silenceDbfs: number | undefined,
  ) {
    this.isWav = kind === 'wav';
    this.name = this.isWav ? 'WAV' : 'AIFF';
    this.onCollected = (b) => this.readContainerHeader(b);
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.state = 'done';
  }

  private u32(b: Uint8Array, at: number): number {
    return this.isWav
      ? (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0
      : ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
  }

  private u16(b: Uint8Array, at: number): number {
    return this.isWav ? b[at]! | (b[at + 1]! << 8) : (b[at]! << 8) | b[at + 1]!;
  }

  private collect(need: number, then: (b: Uint8Array) => void): void {
    if (this.collected.length < need) this.collected = new Uint8Array(need);
    this.collectedLength = 0;
    this.need = need;
    this.onCollected = then;
    this.state = 'collect';
  }

  private skip(bytes: number, then: () => void): void {
    this.skipLeft = bytes;
    this.afterSkip = then;
    this.state = 'skip';
  }

  private expectChunkHeader(): void {
    this.collect(8, (b) => this.readChunkHeader(b));
  }

  private readContainerHeader(b: Uint8Array): void {
    this.isAifc = ascii(b, 8, 4) === 'AIFC';
    this.expectChunkHeader();
  }

  private readChunkHeader(b: Uint8Array): void {
    const id = ascii(b, 0, 4);
    const size = this.u32(b, 4);
    const pad = size % 2;
    const next = () => this.expectChunkHeader();
    if ((id === 'fmt ' || id === 'COMM' || id === 'ds64') && size > MAX_HEADER_CHUNK) {
      this.fail(`The ${this.name} file's ${id.trim()} chunk is broken. ${EXPORT_AGAIN}`);
    } else if (this.isWav && id === 'fmt ') {
      this.collect(size, (body) => {
        this.readWavFormat(body, size);
        if (this.state !== 'done') this.skip(pad, next);
      });
    } else if (this.isWav && id === 'ds64') {
      this.collect(size, (body) => {
        // RF64: the real data size, 64 bits after the 64-bit RIFF size.
        if (size >= 16) this.ds64DataSize = this.u32(body, 8) + this.u32(body, 12) * 2 ** 32;
        this.skip(pad, next);
      });
    } else if (!this.isWav && id === 'COMM') {
      this.collect(size, (body) => {
        this.readAiffCommon(body, size);
        if (this.state !== 'done') this.skip(pad, next);
      });
    } else if (this.isWav && id === 'data') {
      // 0 or 0xFFFFFFFF: a writer that did not know the size (a stream, or RF64 without ds64).
      const known = size === 0xffffffff ? this.ds64DataSize : size === 0 ? undefined : size;
      this.startSound(known);
    } else if (!this.isWav && id === 'SSND') {
      this.collect(8, (head) => {
        const offset = this.u32(head, 0);
        this.skip(offset, () => this.startSound(Math.max(0, size - 8 - offset)));
      });
    } else {
      this.skip(size + pad, next);
    }
  }

  private readWavFormat(b: Uint8Array, size: number): void {
    if (size < 16) {
      this.fail(`The WAV file's format chunk is incomplete. ${EXPORT_AGAIN}`);
      return;
    }
    let tag = this.u16(b, 0);
    const channels = this.u16(b, 2);
    const sampleRate = this.u32(b, 4);
    const blockAlign = this.u16(b, 12);
    let bitDepth = this.u16(b, 14);
    if (tag === WAVE_EXTENSIBLE && size >= 26) {
      const validBits = this.u16(b, 18);
      if (validBits > 0) bitDepth = validBits;
      tag = this.u16(b, 24);
    }
    const bytesPerSample = channels > 0 ? blockAlign / channels : 0;
    const encoding = tag === WAVE_PCM ? 'pcm' : tag === WAVE_FLOAT ? 'float' : `format 0x${tag.toString(16)}`;
    this.info = { kind: 'audio', format: 'wav', bitDepth, sampleRate, channels, encoding };
    if (tag !== WAVE_PCM && tag !== WAVE_FLOAT) {
      this.fail(
        `The WAV file holds compressed audio (format 0x${tag.toString(16)}), which cannot be checked. Export it as PCM WAV, FLAC or AIFF.`,
      );
      return;
    }
    const isValid =
      sampleRate > 0 &&
      Number.isInteger(bytesPerSample) &&
      (tag === WAVE_PCM
        ? bytesPerSample >= 1 && bytesPerSample <= 4
        : bytesPerSample === 4 || bytesPerSample === 8);
    if (!isValid) {
      this.fail(
        `The WAV file's format chunk is broken (${channels} channels, ${blockAlign} bytes a frame). ${EXPORT_AGAIN}`,
      );
      return;
    }
    this.setFormat(sampleRate, {
      channels,
      bytesPerSample,
      kind: tag === WAVE_FLOAT ? 'float' : bytesPerSample === 1 ? 'uint8' : 'int',
      littleEndian: true,
    });
  }

  private readAiffCommon(b: Uint8Array, size: number): void {
    if (size < 18) {
      this.fail(`The AIFF file's COMM chunk is incomplete. ${EXPORT_AGAIN}`);
      return;
    }
    const channels = this.u16(b, 0);
    this.aiffFrames = this.u32(b, 2);
    const bitDepth = this.u16(b, 6);
    const sampleRate = Math.round(readExtended80(b, 8));
    const compression = this.isAifc && size >= 22 ? ascii(b, 18, 4) : 'NONE';
    const samples = AIFC_SAMPLES[compression];
    const encoding = samples
      ? samples.kind === 'float'
        ? 'float'
        : 'pcm'
      : `compressed (${compression.trim()})`;
    this.info = { kind: 'audio', format: 'aiff', bitDepth, sampleRate, channels, encoding };
    if (!samples) {
      this.fail(
        `The AIFF file holds compressed audio (${compression.trim()}), which cannot be checked. Export it as uncompressed AIFF, WAV or FLAC.`,
      );
      return;
    }
    const bytesPerSample = samples.bytes ?? Math.ceil(bitDepth / 8);
    if (
      channels < 1 ||
      sampleRate <= 0 ||
      bytesPerSample < 1 ||
      bytesPerSample > (samples.kind === 'float' ? 8 : 4)
    ) {
      this.fail(`The AIFF file's COMM chunk is broken. ${EXPORT_AGAIN}`);
      return;
    }
    this.setFormat(sampleRate, {
      channels,
      bytesPerSample,
      kind: samples.kind,
      littleEndian: samples.littleEndian,
    });
  }

  private setFormat(sampleRate: number, format: PcmFormat): void {
    this.format = format;
    this.tracker = new SilenceTracker(sampleRate, this.silenceDbfs);
    this.carry = new Uint8Array(format.channels * format.bytesPerSample);
  }

  private startSound(size: number | undefined): void {
    if (!this.format) {
      const header = this.isWav ? 'format (fmt) chunk' : 'COMM chunk';
      this.fail(`The ${this.name} file has no ${header} before its audio. ${EXPORT_AGAIN}`);
      return;
    }
    this.soundDeclared = size ?? Number.POSITIVE_INFINITY;
    this.soundLeft = this.soundDeclared;
    this.state = 'sound';
  }

  /** Whole frames go to the tracker straight from the chunk; a frame cut between chunks is carried. */
  private takeSound(b: Uint8Array, from: number, to: number): void {
    const format = this.format!;
    const tracker = this.tracker!;
    const frameBytes = this.carry.length;
    let at = from;
    if (this.carryLength > 0) {
      const n = Math.min(frameBytes - this.carryLength, to - at);
      this.carry.set(b.subarray(at, at + n), this.carryLength);
      this.carryLength += n;
      at += n;
      if (this.carryLength < frameBytes) return;
      tracker.addInterleaved(this.carry, 0, 1, format);
      this.carryLength = 0;
    }
    const frames = Math.floor((to - at) / frameBytes);
    if (frames > 0) tracker.addInterleaved(b, at, frames, format);
    at += frames * frameBytes;
    if (at < to) {
      this.carry.set(b.subarray(at, to));
      this.carryLength = to - at;
    }
  }

  write(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length && this.state !== 'done') {
      if (this.state === 'collect') {
        const n = Math.min(this.need - this.collectedLength, chunk.length - at);
        this.collected.set(chunk.subarray(at, at + n), this.collectedLength);
        this.collectedLength += n;
        at += n;
        if (this.collectedLength === this.need) this.onCollected(this.collected.subarray(0, this.need));
      } else if (this.state === 'skip') {
        const n = Math.min(this.skipLeft, chunk.length - at);
        this.skipLeft -= n;
        at += n;
        if (this.skipLeft === 0) this.afterSkip();
      } else {
        const n = Math.min(this.soundLeft, chunk.length - at);
        this.takeSound(chunk, at, at + n);
        this.soundLeft -= n;
        at += n;
        if (this.soundLeft === 0) this.state = 'done'; // what follows the samples (tags, cues) is not needed
      }
    }
  }

  async end(): Promise<ScanResult> {
    const tracker = this.tracker;
    if (this.problem) return { info: this.info, problem: this.problem };
    if (!tracker || (this.state !== 'sound' && this.state !== 'done')) {
      return {
        info: this.info,
        problem: `The ${this.name} file ends before its audio starts. ${EXPORT_AGAIN}`,
      };
    }
    const audio = tracker.measure();
    const frameBytes = this.carry.length;
    const declaredFrames = this.isWav
      ? Number.isFinite(this.soundDeclared)
        ? Math.floor(this.soundDeclared / frameBytes)
        : undefined
      : this.aiffFrames;
    if (this.soundLeft > 0 && Number.isFinite(this.soundLeft) && declaredFrames !== undefined) {
      const announced = declaredFrames / tracker.sampleRate;
      return {
        audio,
        info: this.info,
        problem: `The ${this.name} file ends early: it announces ${seconds(announced)} of audio but holds only ${seconds(audio.durationSeconds)}. ${EXPORT_AGAIN}`,
      };
    }
    return { audio, info: this.info };
  }

  close(): void {}
}

// --- FLAC -----------------------------------------------------------------------------------------

/** Larger than any frame an encoder writes (65535 samples x 8 channels x 32 bits is 2 MiB, never seen). */
const MAX_FLAC_FRAME = 2 * 1024 * 1024 + 1024;

function flacCrc16Table(): Uint16Array {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = i << 8;
    for (let k = 0; k < 8; k++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x8005) & 0xffff : (crc << 1) & 0xffff;
    table[i] = crc;
  }
  return table;
}
const CRC16 = flacCrc16Table();

function crc8(b: Uint8Array, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    crc ^= b[i]!;
    for (let k = 0; k < 8; k++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const FLAC_BLOCK_SIZES = [
  0, 192, 576, 1152, 2304, 4608, -8, -16, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768,
];

/**
 * A frame header at `at`: its length and block size; 'more' when the bytes end inside it; null
 * when it is not one (wrong sync, reserved values, CRC-8 mismatch).
 */
function readFlacFrameHeader(
  b: Uint8Array,
  at: number,
  end: number,
): { length: number; blockSize: number } | 'more' | null {
  if (end - at < 5) return 'more';
  if (b[at] !== 0xff || (b[at + 1]! & 0xfe) !== 0xf8) return null;
  const sizeCode = b[at + 2]! >> 4;
  const rateCode = b[at + 2]! & 0x0f;
  const channelCode = b[at + 3]! >> 4;
  const bitsCode = (b[at + 3]! >> 1) & 0x07;
  if (sizeCode === 0 || rateCode === 15 || channelCode > 10 || bitsCode === 3 || b[at + 3]! & 1) return null;
  let p = at + 4;
  const lead = b[p]!;
  const extra = lead < 0x80 ? 0 : lead < 0xc0 || lead === 0xff ? -1 : Math.clz32(~(lead << 24)) - 1;
  if (extra < 0) return null;
  if (end - p < 1 + extra + 2 + 2 + 1) return 'more';
  for (let i = 1; i <= extra; i++) if ((b[p + i]! & 0xc0) !== 0x80) return null;
  p += 1 + extra;
  let blockSize = FLAC_BLOCK_SIZES[sizeCode]!;
  if (blockSize === -8) blockSize = b[p++]! + 1;
  else if (blockSize === -16) {
    blockSize = ((b[p]! << 8) | b[p + 1]!) + 1;
    p += 2;
  }
  if (rateCode === 12) p += 1;
  else if (rateCode === 13 || rateCode === 14) p += 2;
  if (crc8(b, at, p) !== b[p]) return null;
  return { length: p + 1 - at, blockSize };
}

interface FlacDecoderLike {
  ready: Promise<void>;
  decodeFrames(
    frames: Uint8Array[],
  ): Promise<{ channelData: Float32Array[]; samplesDecoded: number; errors: unknown[] }>;
  free(): void;
}

/**
 * FLAC: the metadata blocks (STREAMINFO read, the rest such as pictures skipped), then frames. We
 * find each frame's end ourselves: the running CRC-16 from the frame's start is zero just after its
 * footer, and a valid frame header follows (or the file ends). Whole frames go to the decoder
 * (libFLAC built to WebAssembly, @wasm-audio-decoders/flac) behind a copy of STREAMINFO, which
 * frames may refer to for their rate and bit depth. Bytes that belong to no frame count as damage.
 */
class FlacScanner implements AudioScanner {
  private buf = new Uint8Array(256 * 1024);
  private start = 0;
  private filled = 0;
  private state: 'magic' | 'block-header' | 'streaminfo' | 'skip-block' | 'frames' | 'done' = 'magic';
  private isLastBlock = false;
  private blockLeft = 0;
  private streamInfo: Uint8Array | undefined;
  private totalSamples = 0;
  private info: AudioInfo | undefined;
  private tracker: SilenceTracker | undefined;
  private problem: string | undefined;
  // The frame being scanned: its header, the CRC-16 so far, where the scan stands.
  private header: { length: number; blockSize: number } | undefined;
  private crc = 0;
  private scan = 0;
  /** Where the CRC-16 last came to zero inside the current frame (its end, if nothing valid follows). */
  private lastZero = -1;
  /** A possible frame end waiting for the bytes of the header after it. */
  private candidate = -1;
  private decoder: FlacDecoderLike | undefined;
  private pending: Uint8Array[] = [];
  private damagedBytes = 0;
  private decodeErrors = 0;

  constructor(private readonly silenceDbfs: number | undefined) {}

  private append(chunk: Uint8Array): void {
    if (this.filled + chunk.length > this.buf.length) {
      // Drop what was consumed; grow only when the live bytes and the chunk do not fit.
      const live = this.filled - this.start;
      if (live + chunk.length > this.buf.length) {
        const grown = new Uint8Array(2 * (live + chunk.length));
        grown.set(this.buf.subarray(this.start, this.filled));
        this.buf = grown;
      } else {
        this.buf.copyWithin(0, this.start, this.filled);
      }
      this.filled = live;
      this.scan -= this.start;
      if (this.lastZero >= 0) this.lastZero -= this.start;
      if (this.candidate >= 0) this.candidate -= this.start;
      this.start = 0;
    }
    this.buf.set(chunk, this.filled);
    this.filled += chunk.length;
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.state = 'done';
  }

  private readMetadata(): void {
    const b = this.buf;
    while (this.state !== 'frames' && this.state !== 'done') {
      const available = this.filled - this.start;
      if (this.state === 'magic') {
        if (available < 4) return;
        if (ascii(b, this.start, 4) !== 'fLaC') {
          this.fail('The file is not a FLAC file.');
          return;
        }
        this.start += 4;
        this.state = 'block-header';
      } else if (this.state === 'block-header') {
        if (available < 4) return;
        const at = this.start;
        this.isLastBlock = (b[at]! & 0x80) !== 0;
        const type = b[at]! & 0x7f;
        this.blockLeft = (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
        this.start += 4;
        if (!this.streamInfo && type !== 0) {
          this.fail(`The FLAC file does not start with its STREAMINFO block. ${EXPORT_AGAIN}`);
          return;
        }
        this.state = type === 0 && !this.streamInfo ? 'streaminfo' : 'skip-block';
      } else if (this.state === 'streaminfo') {
        if (this.blockLeft < 34) {
          this.fail(`The FLAC file's STREAMINFO block is broken. ${EXPORT_AGAIN}`);
          return;
        }
        if (available < 34) return;
        this.readStreamInfo(b.subarray(this.start, this.start + 34));
        this.start += 34;
        this.blockLeft -= 34;
        this.state = 'skip-block';
      } else {
        const n = Math.min(this.blockLeft, available);
        this.start += n;
        this.blockLeft -= n;
        if (this.blockLeft > 0) return;
        this.state = this.isLastBlock ? 'frames' : 'block-header';
        this.scan = this.start;
      }
    }
  }

  private readStreamInfo(s: Uint8Array): void {
    const sampleRate = (s[10]! << 12) | (s[11]! << 4) | (s[12]! >> 4);
    const channels = ((s[12]! >> 1) & 0x07) + 1;
    const bitDepth = (((s[12]! & 0x01) << 4) | (s[13]! >> 4)) + 1;
    this.totalSamples =
      (s[13]! & 0x0f) * 2 ** 32 + (((s[14]! << 24) | (s[15]! << 16) | (s[16]! << 8) | s[17]!) >>> 0);
    this.info = { kind: 'audio', format: 'flac', bitDepth, sampleRate, channels, encoding: 'pcm' };
    if (sampleRate === 0) {
      this.fail(`The FLAC file's STREAMINFO gives no sample rate. ${EXPORT_AGAIN}`);
      return;
    }
    this.tracker = new SilenceTracker(sampleRate, this.silenceDbfs);
    // The decoder reads STREAMINFO from a metadata block marked as the last one.
    this.streamInfo = new Uint8Array(42);
    this.streamInfo.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34]);
    this.streamInfo.set(s, 8);
  }

  /** Cuts whole frames off the buffer into `pending`. At the end of the stream, takes the last one. */
  private readFrames(isEnd: boolean): void {
    const b = this.buf;
    while (this.state === 'frames') {
      if (!this.header) {
        const header = readFlacFrameHeader(b, this.start, this.filled);
        if (header === 'more' && !isEnd) return;
        if (header === 'more' || header === null) {
          if (this.filled === this.start) return;
          // Not a frame: skip to the next byte that could start one.
          let next = this.start + 1;
          while (next < this.filled && b[next] !== 0xff) next++;
          this.damagedBytes += next - this.start;
          this.start = next;
          continue;
        }
        this.header = header;
        this.crc = 0;
        this.scan = this.start;
        this.lastZero = -1;
        this.candidate = -1;
      }
      if (this.candidate >= 0) {
        const next = readFlacFrameHeader(b, this.candidate, this.filled);
        if (next === 'more' && !isEnd) return;
        if (next !== null && next !== 'more') {
          this.takeFrame(this.candidate);
          continue;
        }
        this.candidate = -1;
      }
      const minEnd = this.start + this.header.length + 3; // a subframe header byte and the CRC-16
      let crc = this.crc;
      let i = this.scan;
      const limit = Math.min(this.filled, this.start + this.maxFrameBytes(this.header.blockSize));
      while (i < limit) {
        crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >>> 8) ^ b[i]!]!;
        i++;
        if (crc === 0 && i >= minEnd) {
          this.lastZero = i;
          this.candidate = i;
          break;
        }
      }
      this.crc = crc;
      this.scan = i;
      if (this.candidate >= 0) continue;
      if (i - this.start >= this.maxFrameBytes(this.header.blockSize)) {
        // No frame of this block size is this long: the frame is damaged (or its header was a false
        // one). Look for the next frame from the byte after this header's start.
        this.header = undefined;
        this.damagedBytes += 1;
        this.start += 1;
        continue;
      }
      if (!isEnd) return;
      this.takeLastFrame();
      return;
    }
  }

  /**
   * The most bytes a frame of this block size can take: every sample stored verbatim (a side
   * channel has one bit more), plus headers. Encoders fall back to verbatim rather than exceed it.
   */
  private maxFrameBytes(blockSize: number): number {
    const { channels = 8, bitDepth = 32 } = this.info ?? {};
    return Math.min(
      MAX_FLAC_FRAME,
      Math.ceil((blockSize * channels * (bitDepth + 1)) / 8) + 16 * channels + 32,
    );
  }

  private takeFrame(frameEnd: number): void {
    this.pending.push(this.buf.slice(this.start, frameEnd));
    this.start = frameEnd;
    this.header = undefined;
    this.candidate = -1;
  }

  /** The stream ended inside a frame: it ends where its CRC-16 last checked out, or it is cut off. */
  private takeLastFrame(): void {
    if (this.lastZero >= 0) {
      const trailing = this.buf.subarray(this.lastZero, this.filled);
      this.takeFrame(this.lastZero);
      // An ID3v1 tag ('TAG', 128 bytes) or zero padding after the audio is harmless.
      const isHarmless =
        (trailing.length === 128 && ascii(trailing, 0, 3) === 'TAG') || trailing.every((v) => v === 0);
      if (!isHarmless) this.damagedBytes += trailing.length;
    } else {
      this.damagedBytes += this.filled - this.start;
    }
    this.start = this.filled;
    this.header = undefined;
    this.state = 'done';
  }

  private async decodePending(): Promise<void> {
    if (this.pending.length === 0 || !this.tracker || !this.streamInfo) return;
    if (!this.decoder) {
      const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
      const decoder: FlacDecoderLike = new FLACDecoder();
      this.decoder = decoder;
      await decoder.ready;
      await decoder.decodeFrames([this.streamInfo]);
    }
    const frames = this.pending;
    this.pending = [];
    const decoded = await this.decoder.decodeFrames(frames);
    this.decodeErrors += decoded.errors.length;
    if (decoded.samplesDecoded > 0) this.tracker.addPlanar(decoded.channelData, decoded.samplesDecoded);
  }

  async write(chunk: Uint8Array): Promise<void> {
    if (this.state === 'done') return;
    this.append(chunk);
    this.readMetadata();
    this.readFrames(false);
    await this.decodePending();
  }

  async end(): Promise<ScanResult> {
    try {
      if (this.state !== 'done') this.readFrames(true);
      await this.decodePending();
    } finally {
      this.close();
    }
    const info = this.info;
    if (this.problem) return { info, problem: this.problem };
    if (!this.tracker)
      return { info, problem: `The FLAC file ends before its audio starts. ${EXPORT_AGAIN}` };
    const audio = this.tracker.measure();
    const announced = this.totalSamples / this.tracker.sampleRate;
    if (this.totalSamples > 0 && audio.frames < this.totalSamples) {
      return {
        audio,
        info,
        problem: `The FLAC file ends early or is damaged: it announces ${seconds(announced)} of audio but only ${seconds(audio.durationSeconds)} could be decoded. ${EXPORT_AGAIN}`,
      };
    }
    if (this.damagedBytes > 0 || this.decodeErrors > 0) {
      return {
        audio,
        info,
        problem: `The FLAC file is damaged: ${this.damagedBytes > 0 ? `${this.damagedBytes} bytes are not part of any valid frame` : `${this.decodeErrors} frames could not be decoded`}. ${EXPORT_AGAIN}`,
      };
    }
    return { audio, info };
  }

  close(): void {
    this.decoder?.free();
    this.decoder = undefined;
  }
}

// --- The stream -----------------------------------------------------------------------------------

const decodeProblem = (error: unknown) =>
  `The audio could not be decoded (${error instanceof Error ? error.message : String(error)}). ${EXPORT_AGAIN}`;

/** The scanner for the file's first bytes, or none when it is not WAV, AIFF or FLAC. */
function scannerFor(head: Uint8Array, silenceDbfs: number | undefined): AudioScanner | null {
  const magic = ascii(head, 0, 4);
  const form = ascii(head, 8, 4);
  if ((magic === 'RIFF' || magic === 'RF64' || magic === 'BW64') && form === 'WAVE') {
    return new ChunkedPcmScanner('wav', silenceDbfs);
  }
  if (magic === 'FORM' && (form === 'AIFF' || form === 'AIFC'))
    return new ChunkedPcmScanner('aiff', silenceDbfs);
  if (magic === 'fLaC') return new FlacScanner(silenceDbfs);
  return null;
}

/**
 * Reads the stream once: hashes every byte, keeps the first 64 KiB for the header and decodes WAV,
 * AIFF and FLAC audio as it arrives. Never throws for a file's content (an unknown or broken file
 * gets `info` and a `problem`); rejects only when the stream itself fails.
 */
export async function inspectMediaStream(
  body: Readable,
  options: InspectOptions = {},
): Promise<MediaInspection> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  let bytes = 0;
  /** undefined until 12 bytes have arrived; null for a file that is not WAV, AIFF or FLAC. */
  let scanner: AudioScanner | null | undefined;
  let scanProblem: string | undefined;

  const feed = async (chunk: Uint8Array) => {
    if (!scanner || scanProblem) return;
    try {
      await scanner.write(chunk);
    } catch (error) {
      // A decoder that gives up on the content: the file is at fault, not the stream.
      scanProblem = decodeProblem(error);
      scanner.close();
    }
  };

  try {
    for await (const data of body) {
      const chunk: Uint8Array = typeof data === 'string' ? Buffer.from(data) : data;
      md5.update(chunk);
      sha256.update(chunk);
      bytes += chunk.length;
      if (headLength < HEAD_BYTES) {
        const n = Math.min(HEAD_BYTES - headLength, chunk.length);
        head.set(chunk.subarray(0, n), headLength);
        headLength += n;
      }
      if (scanner === undefined) {
        if (headLength < 12) continue;
        scanner = scannerFor(head, options.silenceDbfs);
        // The scanner starts from byte 0: all the head holds, then what of this chunk did not fit in it.
        await feed(head.subarray(0, headLength));
        if (bytes > headLength) await feed(chunk.subarray(chunk.length - (bytes - headLength)));
      } else {
        await feed(chunk);
      }
    }
  } catch (error) {
    scanner?.close();
    throw error;
  }

  if (scanner === undefined) {
    // A file of fewer than 12 bytes.
    scanner = scannerFor(head.subarray(0, headLength), options.silenceDbfs);
    await feed(head.subarray(0, headLength));
  }
  let scanned: ScanResult = {};
  if (scanner && !scanProblem) {
    try {
      scanned = await scanner.end();
    } catch (error) {
      scanProblem = decodeProblem(error);
    }
  }
  scanner?.close();

  let info: MediaInfo;
  let headerProblem: string | undefined;
  try {
    info = inspectMedia(head.subarray(0, headLength));
  } catch (error) {
    if (!(error instanceof MediaHeaderError)) throw error;
    // Core reads only the first 64 KiB; the scanner may have found a format chunk further on.
    info = scanned.info ?? { kind: 'unknown' };
    if (!scanned.info) headerProblem = `${error.message} ${EXPORT_AGAIN}`;
  }
  const problem = headerProblem ?? scanProblem ?? scanned.problem;
  return {
    bytes,
    md5: md5.digest('hex'),
    sha256: sha256.digest('hex'),
    info,
    ...(scanned.audio ? { audio: scanned.audio } : {}),
    ...(problem ? { problem } : {}),
  };
}
