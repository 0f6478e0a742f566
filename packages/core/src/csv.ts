/**
 * The one CSV writer of the app: every CSV export, present and future, is written with it
 * (docs/ARCHITECTURE.md, docs/decisions/0017-pdf-fonts-and-csv.md).
 *
 * - RFC 4180: fields joined by commas, rows ended by CRLF (the last one too); a field is quoted
 *   when it holds a comma, a quote, a line break or spaces at its edges, quotes doubled. Line
 *   breaks inside a value are kept (inside its quotes): a multi-line value stays multi-line.
 * - Formula injection: a text value that starts with `=`, `+`, `-`, `@`, a tab or a carriage return
 *   would be run as a formula by Excel, LibreOffice or Google Sheets. It is written with a `'`
 *   in front (the spreadsheets' own "this is text" mark), so `=HYPERLINK(...)` arrives as text.
 *   The rule applies to every text value, a typed "-3" too; values the exporter passes as numbers
 *   (a track number, a share) are written as numbers, negative ones included.
 * - A UTF-8 byte-order mark first when asked (`bom: true`), so that Excel reads the file as UTF-8.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** The byte-order mark that makes Excel read a file as UTF-8 (accents, ℗, any script). */
export const CSV_BOM = '\uFEFF';

const FORMULA_START = /^[=+\-@\t\r]/;

/** A text value a spreadsheet would evaluate, made inert with a leading apostrophe. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One field: numbers as they are, text neutralised, then quoted when RFC 4180 needs it. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const s = typeof value === 'boolean' ? String(value) : neutraliseFormula(value);
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Rows joined with CRLF (RFC 4180), the last one too; the byte-order mark first with `bom`. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>, options: { bom?: boolean } = {}): string {
  const body = rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
  return options.bom ? CSV_BOM + body : body;
}
