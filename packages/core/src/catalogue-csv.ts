/**
 * "Import CSV" and "Export CSV" of the catalogue (issue 14; docs/decisions/0026-catalogue-csv.md):
 * the fields each kind (recordings, releases, works) reads from a file, the header names that map
 * to them by themselves, the rules a row passes (the same code rules as every other entry,
 * ./music-codes.ts), the limits and the texts. Shared by the server (analyse, dry run, import,
 * export) and the web's import dialog. The endpoints: ./contracts/catalogue-csv.ts.
 */
import {
  CATALOGUE_MESSAGES,
  type CatalogueTab,
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  RELEASE_TYPE_LABELS,
  RELEASE_TYPES,
  type ReleaseStatus,
  type ReleaseType,
} from './catalogue.ts';
import {
  RIGHTS_OWNER_MAX,
  validateCatalogueNumber,
  validateIsrc,
  validateIswc,
  validateUpcEan,
} from './music-codes.ts';

export type CsvKind = CatalogueTab;

export const CSV_LIMITS = {
  /** The largest file an import takes (the upload is refused above it, before any byte is read). */
  maxBytes: 100 * 1024 * 1024,
  /** The most columns a file may have; a file with more is refused, naming its count. */
  maxColumns: 200,
  /** The most data rows one import takes. */
  maxRows: 100_000,
  /** The longest one row may be, in characters (a missing quote otherwise swallows the file). */
  maxRowChars: 100_000,
  /** Rows shown as a sample beside the mapping. */
  sampleRows: 5,
  /** Errors a dry run lists row by row (the counts cover every row). */
  errorsListed: 100,
  /** Rows written per statement and per transaction (one job step). */
  batchRows: 1000,
} as const;

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const CSV_DELIMITER_NAMES: Record<CsvDelimiter, string> = {
  ',': 'commas',
  ';': 'semicolons',
  '\t': 'tabs',
  '|': 'vertical bars',
};

/** How the file's bytes were read: UTF-8 (with or without a byte-order mark), else Windows-1252. */
export const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** The plan's monthly export counters (the spec's check_export_limit / record_export_usage). */
export const CATALOGUE_CSV_EXPORT_TYPES: Record<CsvKind, string> = {
  recordings: 'catalogue_recordings_csv',
  releases: 'catalogue_releases_csv',
  works: 'catalogue_works_csv',
};

/** One record of each kind, as the messages name it. */
export const CSV_KIND_NOUNS: Record<CsvKind, string> = {
  recordings: 'recording',
  releases: 'release',
  works: 'work',
};

const formatCount = (n: number) => n.toLocaleString('en-US');
const megabytes = (bytes: number) => `${Math.ceil(bytes / (1024 * 1024))} MB`;

export const CSV_MESSAGES = {
  notText: 'This file is not a CSV text file',
  workbook:
    'This file is not a CSV text file: it looks like a spreadsheet workbook (.xlsx or .xls). Save it as “CSV UTF-8” and import that file.',
  empty: 'This file is empty',
  headerOnly: 'This file has a header row but no rows to import',
  tooLarge: (bytes: number) =>
    `This file is ${megabytes(bytes)}; an import takes files up to ${megabytes(CSV_LIMITS.maxBytes)}. Split it into smaller files.`,
  tooManyColumns: (count: number) =>
    `This file has ${formatCount(count)} columns; an import reads at most ${CSV_LIMITS.maxColumns}. Remove the columns you do not need and try again.`,
  tooManyRows: `This file has more than ${formatCount(CSV_LIMITS.maxRows)} rows; split it into smaller files.`,
  oneColumn:
    'Only one column was found: the columns of this file are not separated by commas, semicolons, tabs or vertical bars. Export it again as CSV.',
  windows1252:
    'This file is not UTF-8 text, so it was read as Windows-1252 (Western European). If accents or symbols look wrong, save it as “CSV UTF-8” and import it again.',
  delimiterNote: (delimiter: CsvDelimiter) =>
    `Its columns are separated by ${CSV_DELIMITER_NAMES[delimiter]}.`,
  mixedEncoding: (row: number) =>
    `Row ${formatCount(row)}: this text is not UTF-8 although the rows before it are. Save the file as “CSV UTF-8” and import it again.`,
  quoteNotClosed: (row: number) =>
    `Row ${formatCount(row)}: a quoted value is never closed (a " is missing), so the rest of the file would be read as one value.`,
  badQuote: (row: number) =>
    `Row ${formatCount(row)}: a quote inside a quoted value must be written twice (""), or the value must end right after its closing quote.`,
  rowTooLong: (row: number) =>
    `Row ${formatCount(row)} is longer than ${formatCount(CSV_LIMITS.maxRowChars)} characters: a closing quote is probably missing.`,
  unreadable: (row: number) => `Row ${formatCount(row)}: this row cannot be read as CSV.`,
  tooManyValues: (values: number, columns: number) =>
    `This row has ${formatCount(values)} values but the header has ${formatCount(columns)} columns: check the delimiter and the quotes`,
  controlCharacter: (char: string) =>
    `contains a control character (U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}), which is not allowed`,
  duplicateInFile: (row: number) => `also on row ${formatCount(row)} of this file`,
  idInvalid: 'not an ID of this catalogue (an export names each row’s ID)',
  idNotFound: (kind: CsvKind) => `no ${CSV_KIND_NOUNS[kind]} of this label has this ID`,
  ambiguous: (code: string, kind: CsvKind, titles: readonly string[]) =>
    `This ${code} is used by ${titles.length} ${CSV_KIND_NOUNS[kind]}s (${titles.map((t) => `“${t}”`).join(', ')}): add the ID column to say which one, or fix it under Needs attention`,
  isrcTaken: CATALOGUE_MESSAGES.isrcTaken,
  upcTaken: CATALOGUE_MESSAGES.upcTaken,
  catalogueNumberTaken: CATALOGUE_MESSAGES.catalogueNumberTaken,
  iswcTaken: (title: string) => `This ISWC is already used by the work “${title}”`,
  sameRecordTwice: (kind: CsvKind, row: number) =>
    `This row changes the same ${CSV_KIND_NOUNS[kind]} as row ${formatCount(row)}`,
  upcAsNumber:
    'A spreadsheet turned this barcode into a number: format the column as text, type the code again and export again',
  mappingRequired: (label: string) => `Choose the column that holds the ${label}`,
  mappingColumnTwice: (header: string) => `The column “${header}” is chosen for two fields`,
  mappingUnknownColumn: (header: string) => `This file has no column “${header}”`,
  uploadNotFound: 'The uploaded file was not found: choose the file again',
  failedRowsNotFound: 'This import has no file of failed rows',
  exportLimit: (limit: number) =>
    `Your plan allows ${limit} catalogue CSV ${limit === 1 ? 'export' : 'exports'} a month, and this month’s ${limit === 1 ? 'export is' : 'are'} used. Upgrade your plan or wait until next month.`,
} as const;

/** What the import dialog says (and the browser tests look for). */
export const CSV_TEXTS = {
  dialogTitle: (kind: CsvKind) => `Import ${kind} from CSV`,
  chooseFile: 'Choose a CSV file',
  checkFile: 'Check the file',
  importRows: (count: number) => `Import ${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`,
  downloadFailedRows: 'Download failed rows',
  notInFile: 'Not in this file',
  reasonColumn: 'Reason',
} as const;

// ---------------------------------------------------------------------------------------------------
// Fields

type FieldType =
  | 'id'
  | 'text'
  | 'isrc'
  | 'upc'
  | 'iswc'
  | 'catalogue_number'
  | 'duration'
  | 'boolean'
  | 'year'
  | 'bpm'
  | 'language'
  | 'date'
  | 'release_type'
  | 'release_status';

export interface CsvFieldSpec {
  /** The record's field (the API's name). */
  key: string;
  /** The field's name in the dialog, in messages and as the export's header. */
  label: string;
  required: boolean;
  type: FieldType;
  /** Longest text, for text fields. */
  max?: number;
  /** Other headers files commonly use for it (matched ignoring case, spaces and punctuation). */
  aliases: readonly string[];
}

const field = (
  key: string,
  label: string,
  type: FieldType,
  aliases: readonly string[],
  options: { required?: boolean; max?: number } = {},
): CsvFieldSpec => ({ key, label, type, aliases, required: options.required ?? false, max: options.max });

const idField = (noun: string) => field('id', 'ID', 'id', [`${noun} ID`, `${noun} Id`, 'Catalogue ID']);
const pLine = [
  field('p_line_year', 'P-line year', 'year', ['P Year', '℗ Year', 'P Line Year', 'Phonographic Year']),
  field(
    'p_line_owner',
    'P-line owner',
    'text',
    ['P Owner', '℗ Owner', 'P Line Owner', 'Phonographic Copyright Owner', 'Sound Recording Owner'],
    { max: RIGHTS_OWNER_MAX },
  ),
];

export const CSV_FIELDS: Record<CsvKind, readonly CsvFieldSpec[]> = {
  recordings: [
    idField('Recording'),
    field(
      'title',
      'Title',
      'text',
      ['Track Title', 'Track', 'Track Name', 'Song', 'Song Title', 'Recording Title', 'Name'],
      { required: true, max: 300 },
    ),
    field('version', 'Version', 'text', ['Mix', 'Mix Name', 'Version Title', 'Subtitle', 'Remix'], {
      max: 300,
    }),
    field(
      'display_artist',
      'Display artist',
      'text',
      ['Artist', 'Artists', 'Artist Name', 'Primary Artist', 'Main Artist', 'Track Artist', 'Performer'],
      { required: true, max: 300 },
    ),
    field('isrc', 'ISRC', 'isrc', ['ISRC Code', 'ISRC Number']),
    field('duration_seconds', 'Duration', 'duration', [
      'Length',
      'Time',
      'Track Length',
      'Duration (s)',
      'Seconds',
    ]),
    field('explicit', 'Explicit', 'boolean', [
      'Parental Advisory',
      'Explicit Lyrics',
      'Explicit Content',
      'Advisory',
    ]),
    field('genre', 'Genre', 'text', ['Primary Genre', 'Main Genre'], { max: 100 }),
    field('subgenre', 'Subgenre', 'text', ['Sub-genre', 'Sub Genre', 'Secondary Genre'], { max: 100 }),
    field('language', 'Language', 'language', ['Lyrics Language', 'Audio Language', 'Language Code']),
    field('bpm', 'BPM', 'bpm', ['Tempo']),
    field('musical_key', 'Key', 'text', ['Musical Key'], { max: 20 }),
    ...pLine,
    field('recording_year', 'Recording year', 'year', ['Year Recorded', 'Recorded', 'Year of Recording']),
  ],
  releases: [
    idField('Release'),
    field(
      'title',
      'Title',
      'text',
      ['Release Title', 'Release', 'Release Name', 'Album', 'Album Title', 'Product Title', 'Product'],
      { required: true, max: 300 },
    ),
    field('version', 'Version', 'text', ['Release Version', 'Subtitle'], { max: 300 }),
    field(
      'display_artist',
      'Display artist',
      'text',
      ['Artist', 'Artists', 'Release Artist', 'Album Artist', 'Primary Artist', 'Main Artist'],
      { required: true, max: 300 },
    ),
    field('release_type', 'Type', 'release_type', [
      'Release Type',
      'Product Type',
      'Format',
      'Configuration',
    ]),
    field('upc', 'UPC/EAN', 'upc', [
      'UPC',
      'EAN',
      'UPC Code',
      'EAN Code',
      'Barcode',
      'GTIN',
      'ICPN',
      'EAN/UPC',
    ]),
    field('catalogue_number', 'Catalogue number', 'catalogue_number', [
      'Catalog Number',
      'Catalogue No',
      'Catalog No',
      'Cat. No.',
      'Cat No',
      'Cat Number',
      'Catalog #',
      'Cat #',
      'Label Catalog Number',
      'Catalogue Nr',
    ]),
    field('label_name', 'Label', 'text', ['Label Name', 'Record Label', 'Imprint'], { max: 200 }),
    field('release_date', 'Release date', 'date', [
      'Date',
      'Street Date',
      'Digital Release Date',
      'Release Day',
    ]),
    field('original_release_date', 'Original release date', 'date', [
      'Original Date',
      'Original Release',
      'First Release Date',
    ]),
    ...pLine,
    field('c_line_year', 'C-line year', 'year', ['C Year', '© Year', 'C Line Year', 'Copyright Year']),
    field('c_line_owner', 'C-line owner', 'text', ['C Owner', '© Owner', 'C Line Owner', 'Copyright Owner'], {
      max: RIGHTS_OWNER_MAX,
    }),
    field('genre', 'Genre', 'text', ['Primary Genre', 'Main Genre'], { max: 100 }),
    field('status', 'Status', 'release_status', ['Release Status']),
  ],
  works: [
    idField('Work'),
    field(
      'title',
      'Title',
      'text',
      ['Work Title', 'Work', 'Composition', 'Composition Title', 'Song Title', 'Song'],
      {
        required: true,
        max: 300,
      },
    ),
    field('iswc', 'ISWC', 'iswc', ['ISWC Code', 'ISWC Number']),
  ],
};

/** The fields of a kind by key. */
export function csvFieldSpec(kind: CsvKind, key: string): CsvFieldSpec | undefined {
  return CSV_FIELDS[kind].find((f) => f.key === key);
}

// ---------------------------------------------------------------------------------------------------
// Headers and the column mapping

/** Which header of the file each field reads (a field left out is not in the file, or not wanted). */
export type CsvMapping = Record<string, string>;

/** "Cat. No." -> "catno", "℗ Year" -> "pyear", "Catalog #" -> "catalognumber": case, accents, spaces and punctuation ignored. */
export function normalizeCsvHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/℗/g, 'p')
    .replace(/©/g, 'c')
    .replace(/#/g, 'number')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The header row as the dialog and the mapping name it: trimmed, an empty header named after its
 * position ("Column 4") and a repeated one after its position too ("Artist (column 6)"), so each
 * names one column.
 */
export function uniqueCsvHeaders(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  return raw.map((cell, index) => {
    let name = cell.replace(/\s+/g, ' ').trim();
    if (name === '') name = `Column ${index + 1}`;
    else if (seen.has(name.toLowerCase())) name = `${name} (column ${index + 1})`;
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The mapping a file's headers suggest: each field takes the first unclaimed header matching its name or an alias. */
export function suggestCsvMapping(kind: CsvKind, headers: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const taken = new Set<string>();
  const normalized = headers.map(normalizeCsvHeader);
  for (const spec of CSV_FIELDS[kind]) {
    const names = new Set([spec.key, spec.label, ...spec.aliases].map(normalizeCsvHeader));
    const index = normalized.findIndex((h, i) => names.has(h) && !taken.has(headers[i]!));
    if (index >= 0) {
      mapping[spec.key] = headers[index]!;
      taken.add(headers[index]!);
    }
  }
  return mapping;
}

/**
 * The label's saved mapping applied to a new file: each saved choice whose column this file has,
 * then the suggestion for the fields still open (a column is never given to two fields).
 */
export function mergeCsvMapping(
  kind: CsvKind,
  headers: readonly string[],
  saved: CsvMapping | null,
): { mapping: CsvMapping; fromSaved: boolean } {
  const mapping: CsvMapping = {};
  const taken = new Set<string>();
  let fromSaved = false;
  for (const spec of CSV_FIELDS[kind]) {
    const header = saved?.[spec.key];
    if (header && headers.includes(header) && !taken.has(header)) {
      mapping[spec.key] = header;
      taken.add(header);
      fromSaved = true;
    }
  }
  for (const [key, header] of Object.entries(suggestCsvMapping(kind, headers))) {
    if (!(key in mapping) && !taken.has(header)) {
      mapping[key] = header;
      taken.add(header);
    }
  }
  return { mapping, fromSaved };
}

/** What is wrong with a mapping, by `mapping.<field>`: a required field without a column, an unknown column, one column for two fields. */
export function validateCsvMapping(
  kind: CsvKind,
  headers: readonly string[],
  mapping: CsvMapping,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const users = new Map<string, string>();
  for (const [key, header] of Object.entries(mapping)) {
    const spec = csvFieldSpec(kind, key);
    if (!spec) {
      problems[`mapping.${key}`] = `There is no field “${key}” to import`;
      continue;
    }
    if (!headers.includes(header)) {
      problems[`mapping.${key}`] = CSV_MESSAGES.mappingUnknownColumn(header);
      continue;
    }
    if (users.has(header)) problems[`mapping.${key}`] = CSV_MESSAGES.mappingColumnTwice(header);
    users.set(header, key);
  }
  for (const spec of CSV_FIELDS[kind]) {
    if (spec.required && !mapping[spec.key])
      problems[`mapping.${spec.key}`] = CSV_MESSAGES.mappingRequired(spec.label);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// Rows

export type CsvValue = string | number | boolean | null;
/** One problem of a row: the field at fault (null: the row as a whole) and why. */
export interface CsvCellProblem {
  field: string | null;
  message: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding these characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** The mark the app's own CSV writer puts before a value a spreadsheet would run (core/csv.ts). */
const NEUTRALISED_FORMULA = /^'[=+\-@\t\r]/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A cell as a field reads it: the app's own formula mark taken off again (an export re-imports
 * unchanged), and, every catalogue field being one line, line breaks and runs of spaces made one space.
 */
export function cleanCsvCell(cell: string): string {
  const unmarked = NEUTRALISED_FORMULA.test(cell) ? cell.slice(1) : cell;
  return unmarked.replace(/\s+/g, ' ').trim();
}

type Parsed = { ok: true; value: CsvValue } | { ok: false; message: string };
const ok = (value: CsvValue): Parsed => ({ ok: true, value });
const no = (message: string): Parsed => ({ ok: false, message });

function parseWhole(text: string): number | null {
  return /^\d+(\.0+)?$/.test(text) ? Number.parseInt(text, 10) : null;
}

function parseDuration(text: string): Parsed {
  const message = 'use minutes and seconds like 3:25, or seconds like 205';
  let seconds: number | null = null;
  const clock = /^(?:(\d+):)?(\d+):([0-5]\d)$/.exec(text);
  if (clock) seconds = Number(clock[1] ?? 0) * 3600 + Number(clock[2]) * 60 + Number(clock[3]);
  else if (/^\d+(\.\d+)?$/.test(text)) seconds = Math.round(Number(text));
  if (seconds === null) return no(message);
  if (seconds < 1 || seconds > 86_400) return no('must be more than 0 seconds and at most 24 hours');
  return ok(seconds);
}

function parseBoolean(text: string): Parsed {
  const value = text.toLowerCase();
  if (['yes', 'y', 'true', '1', 'explicit', 'x'].includes(value)) return ok(true);
  if (['no', 'n', 'false', '0', 'clean', 'not explicit'].includes(value)) return ok(false);
  return no('use yes or no');
}

function parseDate(text: string): Parsed {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (!match) return no('use the date format YYYY-MM-DD');
  const iso = `${match[1]}-${match[2]!.padStart(2, '0')}-${match[3]!.padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso))
    return no('this date does not exist');
  return ok(iso);
}

function parseChoice<T extends string>(
  text: string,
  values: readonly T[],
  labels: Record<T, string>,
): Parsed {
  const wanted = normalizeCsvHeader(text);
  const found = values.find(
    (v) => normalizeCsvHeader(v) === wanted || normalizeCsvHeader(labels[v]) === wanted,
  );
  return found ? ok(found) : no(`one of ${values.map((v) => labels[v]).join(', ')}`);
}

function parseCell(spec: CsvFieldSpec, text: string): Parsed {
  switch (spec.type) {
    case 'id':
      return UUID.test(text) ? ok(text.toLowerCase()) : no(CSV_MESSAGES.idInvalid);
    case 'text':
      return spec.max && text.length > spec.max ? no(`at most ${spec.max} characters`) : ok(text);
    case 'isrc': {
      const result = validateIsrc(text);
      return result.ok ? ok(result.value) : no(result.message);
    }
    case 'upc': {
      if (/^\d(\.\d+)?e\+?\d+$/i.test(text)) return no(CSV_MESSAGES.upcAsNumber);
      const result = validateUpcEan(text);
      return result.ok ? ok(result.value) : no(result.message);
    }
    case 'iswc': {
      const result = validateIswc(text);
      return result.ok ? ok(result.value) : no(result.message);
    }
    case 'catalogue_number': {
      const result = validateCatalogueNumber(text);
      return result.ok ? ok(result.value) : no(result.message);
    }
    case 'duration':
      return parseDuration(text);
    case 'boolean':
      return parseBoolean(text);
    case 'year': {
      const year = parseWhole(text);
      if (year === null) return no('enter a year, like 2024');
      return year < 1900 || year > 2100 ? no('enter a year from 1900 to 2100') : ok(year);
    }
    case 'bpm': {
      const bpm = parseWhole(text);
      if (bpm === null) return no('enter a whole number of beats per minute');
      return bpm < 20 || bpm > 400 ? no('from 20 to 400') : ok(bpm);
    }
    case 'language': {
      const code = text.toLowerCase();
      return /^[a-z]{2,3}$/.test(code) ? ok(code) : no('use a 2-letter language code, like en');
    }
    case 'date':
      return parseDate(text);
    case 'release_type':
      return parseChoice<ReleaseType>(text, RELEASE_TYPES, RELEASE_TYPE_LABELS);
    case 'release_status':
      return parseChoice<ReleaseStatus>(text, RELEASE_STATUSES, RELEASE_STATUS_LABELS);
  }
}

/** Fields that always hold a value: an empty cell leaves them as they are (a new record gets the default). */
export const CSV_KEEP_WHEN_EMPTY: ReadonlySet<string> = new Set(['explicit', 'release_type', 'status']);

const REQUIRED_MESSAGES: Record<string, string> = {
  title: CATALOGUE_MESSAGES.titleRequired,
  display_artist: CATALOGUE_MESSAGES.artistRequired,
};

/**
 * One row of a file checked and read with the catalogue's rules. `cells` holds the mapped fields'
 * raw cells. Every mapped field gets a value: an empty cell is null, which clears the field, except
 * for a required one (a problem) and those in CSV_KEEP_WHEN_EMPTY (left as they are; their default
 * for a new record). Fields not mapped are not in `values`, and an import leaves them alone.
 */
export function readCsvRow(
  kind: CsvKind,
  cells: Readonly<Record<string, string>>,
): { values: Record<string, CsvValue>; problems: CsvCellProblem[] } {
  const values: Record<string, CsvValue> = {};
  const problems: CsvCellProblem[] = [];
  for (const [key, raw] of Object.entries(cells)) {
    const spec = csvFieldSpec(kind, key);
    if (!spec) continue;
    const control = CONTROL.exec(raw);
    if (control) {
      problems.push({ field: key, message: CSV_MESSAGES.controlCharacter(control[0]) });
      continue;
    }
    const text = cleanCsvCell(raw);
    if (text === '') {
      if (spec.required)
        problems.push({ field: key, message: REQUIRED_MESSAGES[key] ?? `Enter the ${spec.label}` });
      else values[key] = null;
      continue;
    }
    const parsed = parseCell(spec, text);
    if (parsed.ok) values[key] = parsed.value;
    else problems.push({ field: key, message: parsed.message });
  }
  for (const spec of CSV_FIELDS[kind]) {
    if (spec.required && !(spec.key in cells))
      problems.push({ field: spec.key, message: CSV_MESSAGES.mappingRequired(spec.label) });
  }
  return { values, problems };
}

/**
 * The codes by which a row names a record (in the order they are tried): each must be on one row of
 * a file only. A catalogue number compares without case, as the database's unique index does.
 */
export const CSV_KEY_FIELDS: Record<CsvKind, readonly string[]> = {
  recordings: ['id', 'isrc'],
  releases: ['id', 'upc', 'catalogue_number'],
  works: ['id', 'iswc'],
};

/** A row's keys as compared across the file: `field:value`, e.g. `isrc:GBABC2600001`. */
export function csvRowKeys(kind: CsvKind, values: Readonly<Record<string, CsvValue>>): string[] {
  const keys: string[] = [];
  for (const key of CSV_KEY_FIELDS[kind]) {
    const value = values[key];
    if (typeof value === 'string' && value !== '')
      keys.push(`${key}:${key === 'catalogue_number' ? value.toUpperCase() : value}`);
  }
  return keys;
}

// ---------------------------------------------------------------------------------------------------
// Export: the importable fields first (so an edited export imports back), then what the app works out.

/** "205" -> "3:25", "3723" -> "1:02:03": how an export writes a duration (the import reads it back). */
export function formatCsvDuration(seconds: number | null): string | null {
  if (seconds === null) return null;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

// ---------------------------------------------------------------------------------------------------
// Results of the jobs (the `result` of GET /api/v1/jobs/:id)

/** One problem of the file as a dry run lists it: the spreadsheet's row (the header is row 1), the file's column, why. */
export interface CsvRowError {
  row: number;
  column: string | null;
  message: string;
}

export interface CsvDryRunResult {
  kind: CsvKind;
  rows: number;
  create: number;
  update: number;
  unchanged: number;
  failed: number;
  /** The first CSV_LIMITS.errorsListed problems, in row order. */
  errors: CsvRowError[];
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

export interface CsvImportResult {
  kind: CsvKind;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  /** Whether "Download failed rows" has a file (the failed rows with a Reason column). */
  failed_rows_file: boolean;
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

export const CSV_JOB_KINDS = {
  dryRun: 'catalogue-csv-dry-run',
  import: 'catalogue-csv-import',
} as const;
