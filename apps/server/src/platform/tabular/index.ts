/**
 * Statement files as tables: CSV and other delimited text, XLSX workbooks, or a ZIP holding one of
 * them, read from a stream factory (storage) row by row, never whole. `inspectTabular` reads the
 * start of a file to tell its format, encoding, delimiter and header row; `readTabularRows` then
 * streams its data rows. Every way a file can be unreadable is a TabularError whose message tells
 * the member what to do.
 *
 * Decisions:
 * - The content decides, not the name: portals send TSV named .xls, ZIPs named .csv.
 * - Blank rows (every cell empty or spaces) are skipped but keep their numbers; the header is the
 *   first row that is not blank.
 * - Cells are returned as the file has them, untrimmed; headers are trimmed.
 * - A ZIP may hold one table (CSV, TSV, TXT or XLSX) beside anything else (folders, __MACOSX, an
 *   invoice in PDF); with several tables the largest is read and named in `innerName`. A ZIP inside
 *   a ZIP that is not a workbook is refused ('nested_archive').
 */
import type { Readable } from 'node:stream';
import { CsvParser, type Delimiter, detectDelimiter } from './csv.ts';
import {
  ChunkDecoder,
  detectEncoding,
  HEAD_BYTES,
  hasControlCharacters,
  type TextEncodingName,
} from './encoding.ts';
import { TABULAR_MESSAGES } from './messages.ts';
import { TabularError } from './tabular-error.ts';
import { catalogueZip, readSheetRows, type TabularRow, type WorkbookParts } from './xlsx.ts';
import {
  ByteReader,
  DEFAULT_ZIP_LIMITS,
  type InflateBudget,
  inflateEntry,
  type ZipLimits,
  ZipStreamReader,
} from './zip.ts';

export type { TextEncodingName } from './encoding.ts';
export { TabularError, type TabularErrorCode } from './tabular-error.ts';
export type { ZipLimits } from './zip.ts';

export type TabularFormat = 'csv' | 'xlsx';

export interface TabularFile {
  format: TabularFormat;
  /** Text files: how the bytes were decoded; XLSX: null. */
  encoding: TextEncodingName | null;
  /** Text files: ',', ';', '\t' or '|'; XLSX: null. */
  delimiter: string | null;
  /** Trimmed, byte order mark removed; empty trailing headers dropped. */
  headers: string[];
  /** The entry read inside a ZIP ("report.csv"), or null. */
  innerName: string | null;
  /** XLSX: the sheet read (the first, in the workbook's order, with a cell holding a value). */
  sheetName: string | null;
  /** Up to 5 first data rows (for the column-mapping screen). */
  sample: string[][];
}

export type OpenStream = () => Promise<Readable>;

export interface TabularOptions {
  /** ZIP bomb limits (tests lower them); defaults: 8 GiB inflated in all, ratio 100 after 10 MiB. */
  limits?: Partial<ZipLimits>;
}

const SAMPLE_ROWS = 5;
/** Entries of a ZIP that may be the statement. Old .xls counts, so that its own message is given. */
const TABLE_ENTRY = /\.(csv|tsv|txt|tab|xlsx|xls)$/i;
const ARCHIVE_ENTRY = /\.(zip|rar|7z|gz|tgz|tar)$/i;

/** A fresh read of the file (or of the entry inside it), its progress reported when asked. */
type OpenBytes = (onProgress?: (bytesRead: number) => void) => Promise<ByteReader>;

const budgetOf = (options: TabularOptions): InflateBudget => ({
  limits: { ...DEFAULT_ZIP_LIMITS, ...options.limits },
  inflated: 0,
});

/**
 * Reads the start of the file (and, for XLSX, the workbook's parts) to tell its format, encoding,
 * delimiter, headers and first rows. `fileName` (as uploaded) decides nothing: the bytes do.
 */
export async function inspectTabular(
  open: OpenStream,
  _fileName: string,
  options: TabularOptions = {},
): Promise<TabularFile> {
  return inspect(async () => new ByteReader(await open()), budgetOf(options), null);
}

async function inspect(
  openBytes: OpenBytes,
  budget: InflateBudget,
  innerName: string | null,
): Promise<TabularFile> {
  const bytes = await openBytes();
  try {
    const isWholeFile = !(await bytes.ensure(HEAD_BYTES));
    const head = bytes.buffered.subarray(0, HEAD_BYTES);
    if (head.length === 0) throw new TabularError('empty', TABULAR_MESSAGES.empty);
    const kind = sniffBinary(head);
    if (kind === 'zip') {
      const catalogue = await catalogueZip(bytes, budget, { peekSheets: true });
      await bytes.close();
      if (catalogue.workbook) return await inspectWorkbook(openBytes, catalogue.workbook, budget, innerName);
      if (catalogue.isOfficeDocument && catalogue.entries.some((entry) => entry.name.startsWith('xl/')))
        throw new TabularError('broken_workbook', TABULAR_MESSAGES.brokenWorkbook);
      if (catalogue.isOfficeDocument) throw new TabularError('not_tabular', TABULAR_MESSAGES.notTabular);
      if (catalogue.isOpenDocument) throw new TabularError('not_tabular', TABULAR_MESSAGES.openDocument);
      if (innerName !== null) throw new TabularError('nested_archive', TABULAR_MESSAGES.nestedArchive);
      const tables = catalogue.entries.filter((entry) => isTableEntry(entry.name));
      const chosen = tables.reduce<(typeof tables)[number] | null>(
        (largest, entry) => (!largest || entry.size > largest.size ? entry : largest),
        null,
      );
      if (!chosen) {
        const hasArchive = catalogue.entries.some((entry) => ARCHIVE_ENTRY.test(entry.name));
        throw hasArchive
          ? new TabularError('nested_archive', TABULAR_MESSAGES.nestedArchive)
          : new TabularError('no_table_in_archive', TABULAR_MESSAGES.noTableInArchive);
      }
      return await inspect(
        (onProgress) => openEntry(openBytes, chosen.name, budget, onProgress),
        budget,
        chosen.name,
      );
    }
    if (kind) throw new TabularError(kind === 'xls' ? 'xls_binary' : 'not_tabular', BINARY_MESSAGES[kind]);
    return await inspectText(bytes, head, isWholeFile, innerName);
  } finally {
    await bytes.close();
  }
}

/** Folders, macOS resource forks and hidden files are never the statement. */
function isTableEntry(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return (
    TABLE_ENTRY.test(base) && !base.startsWith('.') && !name.startsWith('__MACOSX/') && !name.endsWith('/')
  );
}

type BinaryKind = 'zip' | 'xls' | 'pdf' | 'gzip' | 'otherArchive';

const BINARY_MESSAGES: Record<Exclude<BinaryKind, 'zip'>, string> = {
  xls: TABULAR_MESSAGES.xlsBinary,
  pdf: TABULAR_MESSAGES.pdf,
  gzip: TABULAR_MESSAGES.gzip,
  otherArchive: TABULAR_MESSAGES.otherArchive,
};

/** File types told by their first bytes. */
function sniffBinary(head: Buffer): BinaryKind | null {
  if (head.length >= 4) {
    const magic = head.readUInt32BE(0);
    if (magic === 0x504b0304 || magic === 0x504b0506 || magic === 0x504b0708) return 'zip';
    if (magic === 0xd0cf11e0) return 'xls';
    if (magic === 0x25504446) return 'pdf';
    if (magic === 0x52617221 || magic === 0x377abcaf) return 'otherArchive';
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'gzip';
  return null;
}

async function inspectText(
  bytes: ByteReader,
  head: Buffer,
  isWholeFile: boolean,
  innerName: string | null,
): Promise<TabularFile> {
  const verdict = detectEncoding(head, isWholeFile);
  if (!verdict.ok)
    throw verdict.reason === 'not_tabular'
      ? new TabularError('not_tabular', TABULAR_MESSAGES.notTabular)
      : new TabularError('unknown_encoding', TABULAR_MESSAGES.unknownEncoding);
  const { encoding } = verdict;
  const decoded = new ChunkDecoder(encoding).decode(head, isWholeFile);
  const headText = decoded.text;
  // UTF-16 binary shows in its characters (its bytes were not judged); markup is a web page or XML
  // saved with a spreadsheet's name.
  if (
    decoded.invalid ||
    hasControlCharacters(headText) ||
    /^\s*<(\?xml|!doctype|html|table|workbook)/i.test(headText)
  )
    throw new TabularError('not_tabular', TABULAR_MESSAGES.notTabular);
  const delimiter = detectDelimiter(headText, isWholeFile);
  let header: string[] | null = null;
  const sample: string[][] = [];
  records: for await (const batch of textRecords(bytes, encoding, delimiter)) {
    for (const { cells } of batch) {
      if (!header) header = cells;
      else sample.push(cells);
      if (sample.length === SAMPLE_ROWS) break records;
    }
  }
  return described({ format: 'csv', encoding, delimiter, innerName, sheetName: null }, header, sample);
}

function described(
  file: Omit<TabularFile, 'headers' | 'sample'>,
  header: string[] | null,
  sample: string[][],
): TabularFile {
  if (!header) throw new TabularError('empty', TABULAR_MESSAGES.empty);
  if (sample.length === 0) throw new TabularError('header_only', TABULAR_MESSAGES.headerOnly);
  const headers = header.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  return { ...file, headers, sample };
}

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell === '' || cell.trim() === '');

/**
 * Every record of a text file that is not blank, numbered as records: a quoted cell holding line
 * breaks keeps its record one row, so `row` is the record number (the header, when first, is 1).
 * In batches, one per chunk read. Stops with 'unknown_encoding' naming the row a byte the file's
 * encoding cannot hold sits in.
 */
async function* textRecords(
  bytes: ByteReader,
  encoding: TextEncodingName,
  delimiter: Delimiter,
): AsyncGenerator<TabularRow[]> {
  const decoder = new ChunkDecoder(encoding);
  const parser = new CsvParser(delimiter);
  const records: string[][] = [];
  for (;;) {
    const chunk = await bytes.nextChunk();
    const final = chunk === null;
    const { text, invalid } = decoder.decode(chunk ?? new Uint8Array(0), final);
    parser.push(text, final && !invalid, records);
    const first = parser.records - records.length + 1;
    const batch: TabularRow[] = [];
    for (let i = 0; i < records.length; i++) {
      const cells = records[i]!;
      if (!isBlank(cells)) batch.push({ row: first + i, cells });
    }
    records.length = 0;
    if (batch.length > 0) yield batch;
    if (invalid) {
      const row = parser.records + 1;
      throw new TabularError('unknown_encoding', TABULAR_MESSAGES.unknownEncodingAt(row), row);
    }
    if (final) return;
  }
}

async function inspectWorkbook(
  openBytes: OpenBytes,
  workbook: WorkbookParts,
  budget: InflateBudget,
  innerName: string | null,
): Promise<TabularFile> {
  const sheet = workbook.sheets.find((candidate) => workbook.sheetsWithValues.has(candidate.path));
  if (!sheet) throw new TabularError('empty', TABULAR_MESSAGES.emptyWorkbook);
  let header: string[] | null = null;
  const sample: string[][] = [];
  const bytes = await openBytes();
  try {
    rows: for await (const batch of readSheetRows(bytes, sheet.path, workbook, budget)) {
      for (const { cells } of batch) {
        if (isBlank(cells)) continue;
        if (!header) header = cells;
        else sample.push(cells);
        if (sample.length === SAMPLE_ROWS) break rows;
      }
    }
  } finally {
    await bytes.close();
  }
  return described(
    { format: 'xlsx', encoding: null, delimiter: null, innerName, sheetName: sheet.name },
    header,
    sample,
  );
}

/** A reader of one entry's inflated bytes, from a fresh read of the ZIP around it. */
async function openEntry(
  openOuter: OpenBytes,
  name: string,
  budget: InflateBudget,
  onProgress?: (bytesRead: number) => void,
): Promise<ByteReader> {
  const outer = await openOuter(onProgress);
  async function* entryBytes(): AsyncGenerator<Buffer> {
    try {
      const zip = new ZipStreamReader(outer);
      for (let entry = await zip.next(); entry; entry = await zip.next()) {
        if (entry.name === name) {
          yield* inflateEntry(zip, entry, budget);
          return;
        }
      }
      throw new TabularError('broken_archive', TABULAR_MESSAGES.brokenArchive);
    } finally {
      await outer.close();
    }
  }
  return new ByteReader(entryBytes());
}

/**
 * The data rows after the header, in order. `row` is the row number a person sees: in a text file
 * the record number (header = 1; a quoted cell holding line breaks keeps its record one row), in a
 * workbook the sheet's own row number. Blank rows are skipped. `onProgress(bytesRead)` is called
 * now and then with the bytes of the file read so far (of the ZIP around a table, when inside one),
 * for a progress bar against the file's size; a workbook is read twice, and progress covers the
 * second read, the one yielding rows. Stops early, closing the stream, when the consumer stops.
 */
export async function* readTabularRows(
  open: OpenStream,
  file: TabularFile,
  options: TabularOptions & { onProgress?: (bytesRead: number) => void } = {},
): AsyncGenerator<{ row: number; cells: string[] }> {
  const budget = budgetOf(options);
  const openFile: OpenBytes = async (onProgress) => new ByteReader(await open(), onProgress);
  const innerName = file.innerName;
  const openBytes: OpenBytes =
    innerName === null ? openFile : (onProgress) => openEntry(openFile, innerName, budget, onProgress);
  if (file.format === 'xlsx') {
    yield* workbookRows(openBytes, file, budget, options.onProgress);
    return;
  }
  if (!file.encoding || !file.delimiter) throw new TypeError('a text file needs its encoding and delimiter');
  const bytes = await openBytes(options.onProgress);
  try {
    let isHeader = true;
    for await (const batch of textRecords(bytes, file.encoding, file.delimiter as Delimiter)) {
      for (const record of batch) {
        if (isHeader) isHeader = false;
        else yield record;
      }
    }
  } finally {
    await bytes.close();
  }
}

async function* workbookRows(
  openBytes: OpenBytes,
  file: TabularFile,
  budget: InflateBudget,
  onProgress?: (bytesRead: number) => void,
): AsyncGenerator<TabularRow> {
  const first = await openBytes();
  let workbook: WorkbookParts | null;
  try {
    workbook = (await catalogueZip(first, budget, { peekSheets: false })).workbook;
  } finally {
    await first.close();
  }
  const sheet = workbook?.sheets.find((candidate) => candidate.name === file.sheetName);
  if (!workbook || !sheet) throw new TabularError('broken_workbook', TABULAR_MESSAGES.brokenWorkbook);
  const bytes = await openBytes(onProgress);
  try {
    let isHeader = true;
    for await (const batch of readSheetRows(bytes, sheet.path, workbook, budget)) {
      for (const row of batch) {
        if (isBlank(row.cells)) continue;
        if (isHeader) isHeader = false;
        else yield row;
      }
    }
  } finally {
    await bytes.close();
  }
}
