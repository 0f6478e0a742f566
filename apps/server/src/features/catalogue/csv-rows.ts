/**
 * A file's rows read with the mapping and core's rules (decision 0026), and the first pass over the
 * file that both jobs make before anything is checked against the catalogue or written: it counts
 * the rows, reads the whole file (so a broken quote at row 40,000 stops the import before its first
 * batch) and notes which row first names each code, so a later row naming it again is refused.
 */
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  type CsvCellProblem,
  type CsvKind,
  type CsvMapping,
  type CsvRowError,
  type CsvValue,
  csvFieldSpec,
  csvRowKeys,
  readCsvRow,
} from '@music-review/core/catalogue-csv';
import { AppError } from '../../platform/errors.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { type CsvFormat, type CsvRecord, CsvTextDecoder, readCsvRows } from './csv-file.ts';

/** A data row read: its cells as in the file, its values as the catalogue takes them, its problems. */
export interface ReadRow {
  row: number;
  cells: string[];
  values: Record<string, CsvValue>;
  problems: CsvCellProblem[];
}

export type RowReader = (record: CsvRecord) => ReadRow;

/** Reads a record's mapped cells with core's rules; a row longer than the header is refused. */
export function createRowReader(kind: CsvKind, format: CsvFormat, mapping: CsvMapping): RowReader {
  // In the file's order, so a row's problems read left to right.
  const columns = Object.entries(mapping)
    .map(([key, header]) => [key, format.headers.indexOf(header)] as const)
    .sort((a, b) => a[1] - b[1]);
  const width = format.headers.length;
  return (record) => {
    const cells: Record<string, string> = {};
    for (const [key, index] of columns) cells[key] = index >= 0 ? (record.cells[index] ?? '') : '';
    const { values, problems } = readCsvRow(kind, cells);
    if (record.cells.slice(width).some((cell) => cell.trim() !== ''))
      problems.unshift({ field: null, message: CSV_MESSAGES.tooManyValues(record.cells.length, width) });
    return { row: record.row, cells: record.cells, values, problems };
  };
}

/** What the first pass learnt: how many rows, and the first row naming each code (`field:value`). */
export interface FileScan {
  rows: number;
  firstRowOf: Map<string, number>;
}

const tooManyRows = () =>
  new AppError('validation_failed', CSV_MESSAGES.tooManyRows, {}, { file: CSV_MESSAGES.tooManyRows });

/**
 * A scan built row by row, in the file's order: `add` counts each row (refusing one past the limit)
 * and lets a row without problems claim its codes; `repeated` are the codes a later row names again.
 * The first pass builds one over the whole file; the dry run builds one as it checks its batches
 * (a batch is read before it is checked, so its rows are in the scan when it is checked).
 */
export function createFileScan(kind: CsvKind) {
  const scan: FileScan = { rows: 0, firstRowOf: new Map() };
  const repeated = new Set<string>();
  return {
    scan,
    repeated,
    add(row: ReadRow) {
      scan.rows++;
      if (scan.rows > CSV_LIMITS.maxRows) throw tooManyRows();
      if (row.problems.length > 0) return;
      for (const code of csvRowKeys(kind, row.values)) {
        if (scan.firstRowOf.has(code)) repeated.add(code);
        else scan.firstRowOf.set(code, row.row);
      }
    },
    /** The scan of a whole file; a file without rows is refused. */
    finish(): FileScan {
      if (scan.rows === 0)
        throw new AppError(
          'validation_failed',
          CSV_MESSAGES.headerOnly,
          {},
          { file: CSV_MESSAGES.headerOnly },
        );
      return scan;
    },
  };
}

/** Reads the whole file once, checking nothing against the catalogue; refuses a file without rows or with too many. */
export async function scanCsvFile(
  driver: StorageDriver,
  key: string,
  kind: CsvKind,
  format: CsvFormat,
  read: RowReader,
): Promise<FileScan> {
  const scanning = createFileScan(kind);
  for await (const record of readCsvRows(driver, key, format, new CsvTextDecoder()))
    scanning.add(read(record));
  return scanning.finish();
}

/** A code an earlier row of the file already names: the later row is refused. */
export function duplicateProblems(kind: CsvKind, row: ReadRow, scan: FileScan): CsvCellProblem[] {
  const problems: CsvCellProblem[] = [];
  for (const code of csvRowKeys(kind, row.values)) {
    const first = scan.firstRowOf.get(code);
    if (first !== undefined && first < row.row)
      problems.push({
        field: code.slice(0, code.indexOf(':')),
        message: CSV_MESSAGES.duplicateInFile(first),
      });
  }
  return problems;
}

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A problem as the member reads it: the file's column it concerns, and why. */
export function rowErrors(
  kind: CsvKind,
  mapping: CsvMapping,
  row: number,
  problems: readonly CsvCellProblem[],
): CsvRowError[] {
  return problems.map((p) => ({
    row,
    column: p.field === null ? null : (mapping[p.field] ?? csvFieldSpec(kind, p.field)?.label ?? p.field),
    message: sentence(p.message),
  }));
}

/** The Reason cell of a failed row: each problem, after its column. */
export function reasonOf(errors: readonly CsvRowError[]): string {
  return errors.map((e) => (e.column ? `${e.column}: ${e.message}` : e.message)).join('; ');
}
