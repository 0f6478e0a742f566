/**
 * ZIP archives (and XLSX workbooks, which are ZIP files) read front to back as a stream, never
 * whole: storage hands out a stream, not random access, so entries are found by their local headers
 * rather than the central directory at the end. An entry whose sizes follow its data (a "data
 * descriptor", as Java and other streaming writers produce) ends where a descriptor naming exactly
 * the bytes seen so far stands. Inflation is zlib's (native, and it runs beside the parsing); every
 * inflated byte counts against limits that refuse ZIP bombs early.
 */
import { isUtf8 } from 'node:buffer';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { TABULAR_MESSAGES } from './messages.ts';
import { TabularError } from './tabular-error.ts';

export interface ZipLimits {
  /** Total bytes all entries read in one call may inflate to. */
  maxInflatedBytes: number;
  /** Largest inflated/compressed ratio of one entry, checked once it has inflated `ratioAfterBytes`. */
  maxRatio: number;
  ratioAfterBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxInflatedBytes: 8 * 1024 ** 3,
  maxRatio: 100,
  ratioAfterBytes: 10 * 1024 ** 2,
};

/** Inflated bytes counted across every entry one call reads (a nested workbook's parts included). */
export interface InflateBudget {
  limits: ZipLimits;
  inflated: number;
}

const PROGRESS_STEP = 1024 * 1024;

/**
 * Pull-based reading of a stream's bytes: header-sized reads gather what they need, data passes
 * through chunk by chunk. Counts the bytes read and reports them now and then.
 */
export class ByteReader {
  bytesRead = 0;
  private buffer: Buffer = Buffer.alloc(0);
  private readonly iterator: AsyncIterator<unknown>;
  private ended = false;
  private reported = 0;

  constructor(
    private readonly source: Readable | AsyncIterable<Uint8Array>,
    private readonly onProgress?: (bytesRead: number) => void,
  ) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  /** What is read but not yet taken. */
  get buffered(): Buffer {
    return this.buffer;
  }

  private async read(): Promise<Buffer | null> {
    if (this.ended) return null;
    const { value, done } = await this.iterator.next();
    if (done) {
      this.ended = true;
      this.report();
      return null;
    }
    const chunk = Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
    this.bytesRead += chunk.length;
    if (this.bytesRead - this.reported >= PROGRESS_STEP) this.report();
    return chunk;
  }

  private report() {
    if (!this.onProgress || this.bytesRead === this.reported) return;
    this.reported = this.bytesRead;
    this.onProgress(this.bytesRead);
  }

  /** Reads until at least `n` bytes are buffered; false when the source ends first. */
  async ensure(n: number): Promise<boolean> {
    while (this.buffer.length < n) {
      if (!(await this.more())) return false;
    }
    return true;
  }

  /** Reads one more chunk into the buffer; false at the end of the source. */
  async more(): Promise<boolean> {
    const chunk = await this.read();
    if (!chunk) return false;
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  take(n: number): Buffer {
    const taken = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return taken;
  }

  /** The next bytes, at most `limit` of them, without gathering: what is buffered, else the next chunk. */
  async nextChunk(limit = Number.POSITIVE_INFINITY): Promise<Buffer | null> {
    if (this.buffer.length === 0) {
      const chunk = await this.read();
      if (!chunk) return null;
      this.buffer = chunk;
    }
    return this.take(Math.min(limit, this.buffer.length));
  }

  /** Stops reading: the stream is destroyed (a generator source runs its cleanup). */
  async close(): Promise<void> {
    // A read may stop before the end (a workbook's parts after its sheet): report where it got to.
    this.report();
    this.ended = true;
    this.buffer = Buffer.alloc(0);
    if ('destroy' in this.source && typeof this.source.destroy === 'function') this.source.destroy();
    await this.iterator.return?.();
  }
}

export interface ZipEntry {
  /** The path inside the archive, '/'-separated, without a leading '/'. */
  name: string;
  method: number;
  isEncrypted: boolean;
  /** Inflated size, when the local header or (once read) the data descriptor gives it. */
  size: number | null;
  compressedSize: number | null;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END = 0x06064b50;
const DESCRIPTOR = 0x08074b50;
const STORED = 0;
const DEFLATED = 8;
/** Bytes kept back while looking for the end of an entry with a data descriptor (descriptor + next signature). */
const HOLD = 64;

const brokenArchive = () => new TabularError('broken_archive', TABULAR_MESSAGES.brokenArchive);

interface DataState {
  entry: ZipEntry;
  zip64: boolean;
  /** Bytes of data left, when the header gave the size. */
  remaining: number | null;
  /** Data bytes already handed out (entries with a data descriptor). */
  offset: number;
  /** Where the search for the descriptor resumes in the buffer. */
  scanFrom: number;
  done: boolean;
}

/** The entries of a ZIP stream, one at a time; an entry's data not read is skipped. */
export class ZipStreamReader {
  private state: DataState | null = null;
  private entries = 0;

  constructor(readonly bytes: ByteReader) {}

  /** The next entry, or null at the central directory (the end of the entries). */
  async next(): Promise<ZipEntry | null> {
    if (this.state) {
      while (await this.readData()) {}
      this.state = null;
    }
    const { bytes } = this;
    if (!(await bytes.ensure(4))) throw brokenArchive();
    let signature = bytes.buffered.readUInt32LE(0);
    // A split-archive marker may precede the first entry.
    if (signature === DESCRIPTOR && this.entries === 0) {
      bytes.take(4);
      if (!(await bytes.ensure(4))) throw brokenArchive();
      signature = bytes.buffered.readUInt32LE(0);
    }
    if (signature === CENTRAL_HEADER || signature === END_OF_CENTRAL || signature === ZIP64_END) return null;
    if (signature !== LOCAL_HEADER || !(await bytes.ensure(30))) throw brokenArchive();
    const header = bytes.buffered;
    const flags = header.readUInt16LE(6);
    const method = header.readUInt16LE(8);
    let compressedSize = header.readUInt32LE(18);
    let size = header.readUInt32LE(22);
    const nameLength = header.readUInt16LE(26);
    const extraLength = header.readUInt16LE(28);
    if (!(await bytes.ensure(30 + nameLength + extraLength))) throw brokenArchive();
    const all = bytes.take(30 + nameLength + extraLength);
    const nameBytes = all.subarray(30, 30 + nameLength);
    const extra = all.subarray(30 + nameLength);
    let zip64 = false;
    for (let at = 0; at + 4 <= extra.length; ) {
      const id = extra.readUInt16LE(at);
      const length = extra.readUInt16LE(at + 2);
      if (id === 0x0001) {
        zip64 = true;
        let field = at + 4;
        if (size === 0xffffffff && field + 8 <= at + 4 + length) {
          size = Number(extra.readBigUInt64LE(field));
          field += 8;
        }
        if (compressedSize === 0xffffffff && field + 8 <= at + 4 + length)
          compressedSize = Number(extra.readBigUInt64LE(field));
      }
      at += 4 + length;
    }
    const hasDescriptor = (flags & 0x08) !== 0;
    // Names flagged UTF-8 are; others are meant as CP437, but macOS and most tools write UTF-8 anyway.
    const isUtf8Name = (flags & 0x800) !== 0 || isUtf8(nameBytes);
    const name = nameBytes
      .toString(isUtf8Name ? 'utf8' : 'latin1')
      .replace(/\\/g, '/')
      .replace(/^\/+/, '');
    const entry: ZipEntry = {
      name,
      method,
      isEncrypted: (flags & 0x01) !== 0,
      size: hasDescriptor ? null : size,
      compressedSize: hasDescriptor ? null : compressedSize,
    };
    this.entries++;
    this.state = {
      entry,
      zip64,
      remaining: hasDescriptor ? null : compressedSize,
      offset: 0,
      scanFrom: 0,
      done: false,
    };
    return entry;
  }

  /** The next chunk of the current entry's raw (compressed) data; null at its end. */
  async readData(): Promise<Buffer | null> {
    const state = this.state;
    if (!state || state.done) return null;
    const { bytes } = this;
    if (state.remaining !== null) {
      if (state.remaining === 0) {
        state.done = true;
        return null;
      }
      const chunk = await bytes.nextChunk(state.remaining);
      if (!chunk) throw brokenArchive();
      state.remaining -= chunk.length;
      return chunk;
    }
    return this.readUntilDescriptor(state);
  }

  /**
   * Data of unknown length: hands out what certainly precedes the descriptor, holding back the last
   * bytes, until a descriptor is found whose compressed size is exactly the data seen (with its
   * signature, or without one but followed by the next header).
   */
  private async readUntilDescriptor(state: DataState): Promise<Buffer | null> {
    const { bytes } = this;
    const sizeBytes = state.zip64 ? 8 : 4;
    for (;;) {
      const buffer = bytes.buffered;
      for (let at = buffer.indexOf('PK', state.scanFrom); at >= 0; at = buffer.indexOf('PK', at + 1)) {
        if (at + 32 > buffer.length) break;
        state.scanFrom = at + 1;
        const signature = buffer.readUInt32LE(at);
        let dataEnd = -1;
        let descriptorEnd = -1;
        if (signature === DESCRIPTOR) {
          if (readSize(buffer, at + 8, sizeBytes) === state.offset + at) {
            dataEnd = at;
            descriptorEnd = at + 8 + 2 * sizeBytes;
          }
        } else if (signature === LOCAL_HEADER || signature === CENTRAL_HEADER) {
          const start = at - 4 - 2 * sizeBytes;
          if (start >= 0 && readSize(buffer, start + 4, sizeBytes) === state.offset + start) {
            dataEnd = start;
            descriptorEnd = at;
          }
        }
        if (dataEnd < 0) continue;
        const next = descriptorEnd + 4 <= buffer.length ? buffer.readUInt32LE(descriptorEnd) : 0;
        if (next !== LOCAL_HEADER && next !== CENTRAL_HEADER && next !== END_OF_CENTRAL) continue;
        state.entry.compressedSize = readSize(
          buffer,
          dataEnd + (signature === DESCRIPTOR ? 8 : 4),
          sizeBytes,
        );
        state.entry.size = readSize(
          buffer,
          dataEnd + (signature === DESCRIPTOR ? 8 : 4) + sizeBytes,
          sizeBytes,
        );
        const data = bytes.take(dataEnd);
        bytes.take(descriptorEnd - dataEnd);
        state.done = true;
        state.offset += data.length;
        return data.length > 0 ? data : null;
      }
      const handOut = buffer.length - HOLD;
      if (handOut > 0) {
        state.offset += handOut;
        state.scanFrom = Math.max(0, state.scanFrom - handOut);
        return bytes.take(handOut);
      }
      if (!(await bytes.more())) throw brokenArchive();
    }
  }
}

function readSize(buffer: Buffer, at: number, width: number): number {
  return width === 8 ? Number(buffer.readBigUInt64LE(at)) : buffer.readUInt32LE(at);
}

const zipBomb = () => new TabularError('zip_bomb', TABULAR_MESSAGES.zipBomb);

/** Raw chunks are fed to zlib in slices this small, so the ratio check sees what zlib really consumed. */
const FEED_SLICE = 16 * 1024;

/**
 * The inflated bytes of the entry `next()` just returned, chunk by chunk. Refuses encrypted entries
 * and methods other than stored and deflate, and stops with 'zip_bomb' as soon as the budget or the
 * entry's ratio is passed. Stopping early leaves the reader at a clean point (the rest of the entry
 * is skipped by the next `next()`).
 */
export async function* inflateEntry(
  zip: ZipStreamReader,
  entry: ZipEntry,
  budget: InflateBudget,
): AsyncGenerator<Buffer> {
  if (entry.isEncrypted) throw new TabularError('unsupported_archive', TABULAR_MESSAGES.encryptedArchive);
  const { limits } = budget;
  if (entry.method === STORED) {
    for (let chunk = await zip.readData(); chunk; chunk = await zip.readData()) {
      budget.inflated += chunk.length;
      if (budget.inflated > limits.maxInflatedBytes) throw zipBomb();
      yield chunk;
    }
    return;
  }
  if (entry.method !== DEFLATED)
    throw new TabularError('unsupported_archive', TABULAR_MESSAGES.unsupportedCompression);

  const inflater = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  const stop = new AbortController();
  let compressed = 0;
  // Feeds the raw data while the loop below reads the output; awaited before returning, so the
  // reader is never used by two hands at once.
  const feeding = (async () => {
    try {
      for (let chunk = await zip.readData(); chunk && !stop.signal.aborted; chunk = await zip.readData()) {
        for (let at = 0; at < chunk.length && !stop.signal.aborted; at += FEED_SLICE) {
          const slice = chunk.subarray(at, at + FEED_SLICE);
          compressed += slice.length;
          if (!inflater.write(slice)) await once(inflater, 'drain', { signal: stop.signal });
        }
      }
      if (!stop.signal.aborted) inflater.end();
    } catch (error) {
      if (!stop.signal.aborted) inflater.destroy(error as Error);
    }
  })();
  let inflated = 0;
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      budget.inflated += chunk.length;
      if (budget.inflated > limits.maxInflatedBytes) throw zipBomb();
      if (inflated > limits.ratioAfterBytes && inflated > limits.maxRatio * compressed) throw zipBomb();
      yield chunk;
    }
  } catch (error) {
    // zlib's own errors (bad data, data cut short) mean a damaged archive.
    if (error instanceof TabularError) throw error;
    if ((error as { code?: string }).code?.startsWith('Z_')) throw brokenArchive();
    throw error;
  } finally {
    stop.abort();
    inflater.destroy();
    await feeding;
  }
}
