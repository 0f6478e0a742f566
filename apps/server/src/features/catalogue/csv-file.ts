/**
 * An uploaded CSV read from storage, streamed (decision 0026): the start of the file tells whether it
 * is text at all, its encoding and its delimiter; its rows are then parsed as they arrive (csv-parse),
 * never the whole file in memory. Every way a file can be wrong becomes an AppError whose message
 * names the row and why.
 */
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CSV_DELIMITERS,
  CSV_LIMITS,
  CSV_MESSAGES,
  type CsvDelimiter,
  type CsvEncoding,
  uniqueCsvHeaders,
} from '@music-review/core/catalogue-csv';
import { CsvError, parse } from 'csv-parse';
import { AppError } from '../../platform/errors.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { readStream } from '../../platform/storage/finalize-upload.ts';

/** Uploads for an import live under `{org}/files/catalogue-csv-upload-{random}/{name}`. */
export const CSV_UPLOAD_PREFIX = 'catalogue-csv-upload-';

/** How much of the file's start decides its encoding and delimiter. */
const HEAD_BYTES = 64 * 1024;

const invalid = (message: string) => new AppError('validation_failed', message, {}, { file: message });
const uploadNotFound = () => new AppError('not_found', CSV_MESSAGES.uploadNotFound);

// ---------------------------------------------------------------------------------------------------
// Is it text?

/** Zip (.xlsx, .ods) and the old binary Office format (.xls). */
function looksLikeWorkbook(head: Uint8Array): boolean {
  const [a, b, c, d] = head;
  return (
    (a === 0x50 && b === 0x4b && c === 0x03 && d === 0x04) ||
    (a === 0xd0 && b === 0xcf && c === 0x11 && d === 0xe0)
  );
}

/**
 * A text file has no NUL byte and hardly any other control character (tab, line breaks and form
 * feed aside). UTF-16 text has NULs too: it is refused like binary, with the same advice.
 */
export function refuseBinary(head: Uint8Array): void {
  if (looksLikeWorkbook(head)) throw new AppError('unsupported_media_type', CSV_MESSAGES.workbook);
  const sample = head.subarray(0, 8192);
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) throw new AppError('unsupported_media_type', CSV_MESSAGES.notText);
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control++;
  }
  if (control > Math.max(2, sample.length / 100))
    throw new AppError('unsupported_media_type', CSV_MESSAGES.notText);
}

// ---------------------------------------------------------------------------------------------------
// Encoding: UTF-8 (a byte-order mark or not), else Windows-1252, decided by the first non-ASCII bytes.

/**
 * Whether the bytes from `from` read as UTF-8: 'valid' once a complete multi-byte sequence is seen,
 * 'invalid' at the first byte that cannot be UTF-8, 'incomplete' when only a cut sequence at the end
 * is left to judge.
 */
function utf8Verdict(bytes: Uint8Array, from: number): 'valid' | 'invalid' | 'incomplete' {
  let i = from;
  while (i < bytes.length) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf
        ? 2
        : lead >= 0xe0 && lead <= 0xef
          ? 3
          : lead >= 0xf0 && lead <= 0xf4
            ? 4
            : 0;
    if (length === 0) return 'invalid';
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return 'incomplete';
      const next = bytes[i + k]!;
      if (next < 0x80 || next > 0xbf) return 'invalid';
    }
    return 'valid';
  }
  return 'incomplete';
}

/**
 * Windows-1252 is Latin-1 apart from 0x80-0x9F, where it has letters and punctuation (€ ‚ ƒ „ … † ‡
 * ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; WHATWG's table). Decoded by hand: Node 20's TextDecoder
 * decodes the label 'windows-1252' as Latin-1, turning an en dash into a control character.
 */
const WINDOWS_1252_HIGH =
  '\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F' +
  '\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178';

export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes)
    .toString('latin1')
    .replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/**
 * Decodes a file chunk by chunk. Until a non-ASCII byte arrives the text reads the same in every
 * candidate encoding; the first non-ASCII bytes decide: valid UTF-8 stays UTF-8, anything else is
 * Windows-1252 (which every byte is). A byte that is not UTF-8 in a UTF-8 file becomes U+FFFD, and
 * the row holding it is refused (`hasInvalidUtf8`): the file mixes encodings.
 */
export class CsvTextDecoder {
  private mode: 'ascii' | 'utf-8' | 'windows-1252' = 'ascii';
  private hasBom = false;
  private started = false;
  private carry: Uint8Array = new Uint8Array(0);
  private readonly utf8 = new TextDecoder('utf-8');

  get encoding(): CsvEncoding {
    if (this.mode === 'windows-1252') return 'windows-1252';
    return this.hasBom ? 'utf-8-bom' : 'utf-8';
  }

  decode(input: Uint8Array, final = false): string {
    let bytes = input;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + input.length);
      bytes.set(this.carry);
      bytes.set(input, this.carry.length);
      this.carry = new Uint8Array(0);
    }
    if (!this.started) {
      if (bytes.length < 3 && !final) {
        this.carry = bytes;
        return '';
      }
      this.started = true;
      if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
        this.hasBom = true;
        this.mode = 'utf-8';
        bytes = bytes.subarray(3);
      }
    }
    if (this.mode === 'windows-1252') return decodeWindows1252(bytes);
    if (this.mode === 'ascii') {
      const first = bytes.findIndex((b) => b >= 0x80);
      if (first < 0) return Buffer.from(bytes).toString('latin1');
      const verdict = utf8Verdict(bytes, first);
      if (verdict === 'incomplete' && !final) {
        this.carry = bytes.slice(first);
        return Buffer.from(bytes.subarray(0, first)).toString('latin1');
      }
      if (verdict === 'valid') this.mode = 'utf-8';
      else {
        this.mode = 'windows-1252';
        return decodeWindows1252(bytes);
      }
    }
    return this.utf8.decode(bytes, { stream: !final });
  }

  /** Whether decoded text holds a replaced byte: text of a UTF-8 file that was not UTF-8. */
  hasInvalidUtf8(cells: readonly string[]): boolean {
    return this.mode === 'utf-8' && cells.some((cell) => cell.includes('\uFFFD'));
  }
}

// ---------------------------------------------------------------------------------------------------
// Delimiter

/**
 * The delimiter among , ; tab | that splits the first lines most consistently (the same count on
 * each line as on the header), quotes respected; a comma when none splits the header.
 */
export function detectDelimiter(text: string, isWholeFile: boolean): CsvDelimiter {
  const lines: Map<CsvDelimiter, number>[] = [];
  let counts = new Map<CsvDelimiter, number>();
  let quoted = false;
  for (let i = 0; i < text.length && lines.length < 20; i++) {
    const ch = text[i]!;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      lines.push(counts);
      counts = new Map();
    } else if (!quoted && (CSV_DELIMITERS as readonly string[]).includes(ch)) {
      counts.set(ch as CsvDelimiter, (counts.get(ch as CsvDelimiter) ?? 0) + 1);
    }
  }
  // The last line is whole only when the text is the whole file.
  if (isWholeFile && counts.size > 0) lines.push(counts);
  const header = lines[0];
  if (!header) return ',';
  let best: { delimiter: CsvDelimiter; consistency: number; count: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    const count = header.get(delimiter) ?? 0;
    if (count === 0) continue;
    const consistency = lines.filter((l) => (l.get(delimiter) ?? 0) === count).length / lines.length;
    if (!best || consistency > best.consistency || (consistency === best.consistency && count > best.count))
      best = { delimiter, consistency, count };
  }
  return best?.delimiter ?? ',';
}

// ---------------------------------------------------------------------------------------------------
// The file

export interface CsvFormat {
  size: number;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  /** The header row, each name unique. */
  headers: string[];
  /** What the member should know of how the file is read. */
  notes: string[];
}

/** A data row: its number as a spreadsheet shows it (the header is row 1) and its cells. */
export interface CsvRecord {
  row: number;
  cells: string[];
}

/** What csv-parse's refusal means for the member, naming the row it stopped at. */
function parseFailure(error: unknown, row: number): AppError | null {
  if (!(error instanceof CsvError)) return null;
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return invalid(CSV_MESSAGES.quoteNotClosed(row));
    case 'CSV_MAX_RECORD_SIZE':
      return invalid(CSV_MESSAGES.rowTooLong(row));
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return invalid(CSV_MESSAGES.badQuote(row));
    default:
      return invalid(CSV_MESSAGES.unreadable(row));
  }
}

/**
 * Every record of the stream (the header first), decoded and parsed as the bytes arrive. Stops with
 * 413 past `maxBytes` (an object storage upload cannot be limited while it is sent), and with a
 * message naming the row for anything csv-parse refuses, or for text that is not in the file's encoding.
 */
export async function* parseCsvStream(
  body: Readable,
  options: {
    delimiter: CsvDelimiter;
    maxBytes?: number;
    decoder?: CsvTextDecoder;
    /** Sees each chunk of the file's bytes as it is read (the dry run counts and hashes them). */
    onChunk?: (chunk: Buffer) => void;
  },
): AsyncGenerator<CsvRecord> {
  const maxBytes = options.maxBytes ?? CSV_LIMITS.maxBytes;
  const decoder = options.decoder ?? new CsvTextDecoder();
  let bytes = 0;
  const decode = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        done(new AppError('payload_too_large', CSV_MESSAGES.tooLarge(bytes)));
        return;
      }
      options.onChunk?.(chunk);
      try {
        done(null, decoder.decode(chunk));
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        done(null, decoder.decode(new Uint8Array(0), true));
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const parser = parse({
    delimiter: options.delimiter,
    relax_column_count: true,
    relax_quotes: true,
    max_record_size: CSV_LIMITS.maxRowChars,
    bom: false,
  });
  const piping = pipeline(body, decode, parser);
  // The pipeline's own rejection is read through the parser below; this only keeps it from going unhandled.
  piping.catch(() => {});
  let row = 0;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      row++;
      if (decoder.hasInvalidUtf8(cells)) throw invalid(CSV_MESSAGES.mixedEncoding(row));
      yield { row, cells };
    }
    await piping;
  } catch (error) {
    if (error instanceof AppError) throw error;
    const failure = parseFailure(error, row + 1);
    if (failure) throw failure;
    throw error;
  } finally {
    if (!body.destroyed) body.destroy();
  }
}

/** The upload of a label, or 404 (another label's key looks exactly like a missing one). */
async function openObject(driver: StorageDriver, key: string, range?: { start: number; end: number }) {
  const object = await driver.getStream(key, range);
  if (!object) throw uploadNotFound();
  return object;
}

/**
 * Reads the start of the file: refuses it when it is too large, empty or not text; works out its
 * encoding and delimiter; reads its header row (refused past the column limit).
 */
export async function readCsvFormat(driver: StorageDriver, key: string): Promise<CsvFormat> {
  const info = await driver.head(key);
  if (!info) throw uploadNotFound();
  if (info.size > CSV_LIMITS.maxBytes)
    throw new AppError('payload_too_large', CSV_MESSAGES.tooLarge(info.size));
  if (info.size === 0) throw invalid(CSV_MESSAGES.empty);
  const headObject = await openObject(driver, key, { start: 0, end: Math.min(info.size, HEAD_BYTES) - 1 });
  const head = new Uint8Array(await readStream(headObject.body, HEAD_BYTES));
  refuseBinary(head);
  const isWholeFile = head.length >= info.size;
  const sniffer = new CsvTextDecoder();
  const headText = sniffer.decode(head, isWholeFile);
  if (headText.trim() === '') throw invalid(CSV_MESSAGES.empty);
  const delimiter = detectDelimiter(headText, isWholeFile);

  const first = await firstRecord(driver, key, delimiter);
  if (!first) throw invalid(CSV_MESSAGES.empty);
  if (first.cells.length > CSV_LIMITS.maxColumns)
    throw invalid(CSV_MESSAGES.tooManyColumns(first.cells.length));
  const notes: string[] = [];
  if (sniffer.encoding === 'windows-1252') notes.push(CSV_MESSAGES.windows1252);
  if (delimiter !== ',') notes.push(CSV_MESSAGES.delimiterNote(delimiter));
  return {
    size: info.size,
    encoding: sniffer.encoding,
    delimiter,
    headers: uniqueCsvHeaders(first.cells),
    notes,
  };
}

async function firstRecord(driver: StorageDriver, key: string, delimiter: CsvDelimiter) {
  const object = await openObject(driver, key);
  const records = parseCsvStream(object.body, { delimiter });
  try {
    const { value } = await records.next();
    return value ?? null;
  } finally {
    await records.return(undefined);
  }
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/**
 * The data rows of the file, from storage, streamed: the header skipped, blank rows skipped (their
 * numbers still count, as in a spreadsheet). `decoder` reports the encoding the whole file needed.
 */
export async function* readCsvRows(
  driver: StorageDriver,
  key: string,
  format: CsvFormat,
  decoder: CsvTextDecoder = new CsvTextDecoder(),
  onChunk?: (chunk: Buffer) => void,
): AsyncGenerator<CsvRecord> {
  const object = await openObject(driver, key);
  for await (const record of parseCsvStream(object.body, { delimiter: format.delimiter, decoder, onChunk })) {
    if (record.row === 1 || isBlank(record.cells)) continue;
    yield record;
  }
}
