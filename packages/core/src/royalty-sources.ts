/**
 * Distributor statements (issue 16; docs/DOMAIN.md "Statement layouts" and "Royalty accounting"):
 * which source a header row is, how a file's columns map to the fields of a statement line, and how
 * one row of cells becomes one normalised line or the list of what is wrong with it. Pure: the server
 * turns a file into rows of cells and stores the lines; the web app shows the same mapping and texts.
 *
 * Choices a reader of a statement would not guess:
 * - One period per line: the sale month. A source that also gives a reporting date keeps it beside
 *   (DistroKid: Sale Month is the period, Reporting Date is kept), never as a second period.
 * - Amounts stay exact decimal strings (./money.ts); Excel's "3.5E-05" is shifted, not floated.
 * - An empty quantity is 0 units (adjustments and some store lines carry none), except for the
 *   sources that always write one (CD Baby, Apple: `quantity_required`), where it is a problem.
 * - A sale type word we do not know is "other", not a problem: the label cannot change the words
 *   its distributor writes, and the line still counts. With no sale type column, a store that sells
 *   one kind (iTunes downloads, Spotify streams) gives its kind, else the mapping's default.
 * - Gross is only mapped when the file gives it in the same currency as the net: TuneCore's Net
 *   Sales are in the store's currency (Net Sales Currency) before conversion, so TuneCore lines have
 *   no gross; its Total Earned, in Currency, is the net.
 */
import { z } from 'zod';
import { canonicalDecimal, isCurrency } from './money.ts';
import { gs1CheckDigit, normalizeIsrc, normalizeUpcEan } from './music-codes.ts';
import { normalizeTerritory } from './territories.ts';

export const SALE_TYPES = ['stream', 'download', 'physical', 'sync', 'other'] as const;
export type SaleType = (typeof SALE_TYPES)[number];

export const STATEMENT_FIELDS = [
  'sale_month',
  'reporting_date',
  'store',
  'territory',
  'isrc',
  'upc',
  'catalogue_number',
  'release_title',
  'track_title',
  'artist',
  'sale_type',
  'quantity',
  'gross',
  'net',
  'currency',
] as const;
export type StatementField = (typeof STATEMENT_FIELDS)[number];

export const BUILT_IN_SOURCES = [
  'distrokid',
  'tunecore',
  'cdbaby',
  'awal',
  'believe',
  'orchard',
  'fuga',
  'apple',
] as const;
export type BuiltInSource = (typeof BUILT_IN_SOURCES)[number];

/** 'point': 1,234.56; 'comma': 1.234,56 (The Orchard's European files). */
export const NUMBER_FORMATS = ['point', 'comma'] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/**
 * How to read dates whose day and month are both numbers. Every other form is read the same under
 * each choice: 2024-03, 2024-03-15, 2024/03, 202403, 03/2024, Mar 2024, March 2024, 2024-Q1, an
 * Excel serial day (45383), and dotted European dates (15.03.2024, always day first).
 * - 'auto': a slashed date is read only when it is unambiguous (15/03/2024 or 03/15/2024); 03/04/2024
 *   is a problem asking the label to choose the order.
 * - 'mdy': US order, 10/15/2023 (CD Baby, Apple, TuneCore); 'dmy': day first, 15/10/2023.
 */
export const DATE_FORMATS = ['auto', 'mdy', 'dmy'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** How a file's columns become fields: one column header per field (absent = not in this file). */
export interface ColumnMapping {
  columns: Partial<Record<StatementField, string>>;
  number_format: NumberFormat;
  date_format: DateFormat;
  /** Used when the file has no currency column (DistroKid and CD Baby are USD). */
  default_currency: string | null;
  /** Used when the file has no sale type column (and the store does not tell). */
  default_sale_type: SaleType;
  /** Used when the file has no store column or the cell is empty (Apple's reports are iTunes sales). */
  default_store?: string | null;
  /**
   * A column whose value "Album" (or "Release", "Bundle", "EP") marks a release sale: the mapped track
   * title is then the release's title and the line has no track title (DistroKid's "Song/Album").
   */
  release_row_column?: string | null;
  /**
   * A column whose value "R" (or "Return", "Refund") marks a return: the quantity and amounts are made
   * negative when the file gives them positive (Apple's "Sale or Return").
   */
  return_column?: string | null;
  /** An empty quantity is a problem instead of 0 units (sources that always write one). */
  quantity_required?: boolean;
}

export interface SourceDefinition {
  key: BuiltInSource;
  /** Display name: "DistroKid", "The Orchard"... */
  name: string;
  /** The columns as published, in the source's order. */
  headers: readonly string[];
  /** The columns detectSource needs to name this source (the others may be missing in older files). */
  required: readonly string[];
  /** Other spellings of a published column seen in this source's files: published -> variants. */
  aliases: Readonly<Record<string, readonly string[]>>;
  mapping: ColumnMapping;
  delimiterHint: 'tab' | 'comma' | 'any';
}

/**
 * The built-in layouts. DistroKid, TuneCore, CD Baby, AWAL, Believe and Apple are as docs/DOMAIN.md
 * lists them; where a source's files also carry identifiers or the territory that the list leaves out
 * (AWAL's ISRC and UPC; Believe's platform, country, UPC, ISRC, sales type and quantity; Apple's
 * artist, title and country), those are known optional columns: not needed to recognise the file,
 * used when present. The Orchard and FUGA are not listed there: their sets are the column names of
 * their sales reports, kept small. A label whose file differs maps it once as a custom source.
 */
export const SOURCE_DEFINITIONS: Record<BuiltInSource, SourceDefinition> = {
  distrokid: {
    key: 'distrokid',
    name: 'DistroKid',
    headers: [
      'Reporting Date',
      'Sale Month',
      'Store',
      'Artist',
      'Title',
      'ISRC',
      'UPC',
      'Quantity',
      'Team Percentage',
      'Song/Album',
      'Country of Sale',
      'Songwriter Royalties Withheld',
      'Earnings (USD)',
    ],
    required: [
      'Reporting Date',
      'Sale Month',
      'Store',
      'Artist',
      'Title',
      'ISRC',
      'UPC',
      'Quantity',
      'Song/Album',
      'Country of Sale',
      'Earnings (USD)',
    ],
    aliases: {},
    mapping: {
      columns: {
        sale_month: 'Sale Month',
        reporting_date: 'Reporting Date',
        store: 'Store',
        artist: 'Artist',
        track_title: 'Title',
        isrc: 'ISRC',
        upc: 'UPC',
        quantity: 'Quantity',
        territory: 'Country of Sale',
        // Earnings already have the team percentage applied (DOMAIN.md).
        net: 'Earnings (USD)',
      },
      number_format: 'point',
      date_format: 'auto',
      default_currency: 'USD',
      default_sale_type: 'stream',
      release_row_column: 'Song/Album',
    },
    delimiterHint: 'tab',
  },
  tunecore: {
    key: 'tunecore',
    name: 'TuneCore',
    headers: [
      'Sales Period',
      'Posted Date',
      'Store Name',
      'Country Of Sale',
      'Artist',
      'Release Type',
      'Release Title',
      'Song Title',
      'Label',
      'UPC',
      'Optional UPC',
      'TC Song ID',
      'Optional ISRC',
      'Sales Type',
      '# Units Sold',
      'Per Unit Price',
      'Net Sales',
      'Net Sales Currency',
      'Exchange Rate',
      'Total Earned',
      'Currency',
    ],
    required: [
      'Sales Period',
      'Posted Date',
      'Store Name',
      'Country Of Sale',
      'Artist',
      'Release Title',
      'Song Title',
      'UPC',
      'Optional ISRC',
      'Sales Type',
      '# Units Sold',
      'Total Earned',
      'Currency',
    ],
    aliases: {},
    mapping: {
      columns: {
        sale_month: 'Sales Period',
        reporting_date: 'Posted Date',
        store: 'Store Name',
        territory: 'Country Of Sale',
        artist: 'Artist',
        release_title: 'Release Title',
        track_title: 'Song Title',
        upc: 'UPC',
        isrc: 'Optional ISRC',
        sale_type: 'Sales Type',
        quantity: '# Units Sold',
        net: 'Total Earned',
        currency: 'Currency',
      },
      number_format: 'point',
      date_format: 'mdy',
      default_currency: null,
      default_sale_type: 'stream',
    },
    delimiterHint: 'comma',
  },
  cdbaby: {
    key: 'cdbaby',
    name: 'CD Baby',
    headers: ['Report Date', 'Quantity', 'Isrc', 'CDBabySku', 'Artist Name', 'Album Name', 'Subtotal'],
    required: ['Report Date', 'Quantity', 'Isrc', 'CDBabySku', 'Artist Name', 'Album Name', 'Subtotal'],
    aliases: {},
    mapping: {
      columns: {
        // The report date is CD Baby's only date: it is the period, and kept as the reporting date.
        sale_month: 'Report Date',
        reporting_date: 'Report Date',
        quantity: 'Quantity',
        isrc: 'Isrc',
        // CD Baby's own album code: kept so that a release matched by hand is remembered by it.
        catalogue_number: 'CDBabySku',
        artist: 'Artist Name',
        release_title: 'Album Name',
        net: 'Subtotal',
      },
      number_format: 'point',
      date_format: 'mdy',
      default_currency: 'USD',
      // The report names neither the store nor the kind of sale.
      default_sale_type: 'other',
      quantity_required: true,
    },
    delimiterHint: 'tab',
  },
  awal: {
    key: 'awal',
    name: 'AWAL',
    headers: [
      'STATEMENT PERIOD',
      'ACCOUNT ID',
      'CONTRACT ID',
      'TRANSACTION DATE',
      'SALE COUNTRY',
      'STORE',
      'SERVICE DETAIL',
      'LABEL IMPRINT',
      'PRODUCT ARTIST',
      'PRODUCT',
      'PRODUCT VERSION',
      'UPC',
      'ISRC',
      'QUANTITY',
      'ACCOUNT CURRENCY',
      'NET SHARE ACCOUNT CURRENCY',
    ],
    required: [
      'STATEMENT PERIOD',
      'ACCOUNT ID',
      'CONTRACT ID',
      'TRANSACTION DATE',
      'SALE COUNTRY',
      'STORE',
      'SERVICE DETAIL',
      'LABEL IMPRINT',
      'PRODUCT ARTIST',
      'PRODUCT',
      'PRODUCT VERSION',
      'ACCOUNT CURRENCY',
      'NET SHARE ACCOUNT CURRENCY',
    ],
    aliases: {},
    mapping: {
      columns: {
        // The transaction date is when the sale happened; the statement period is when it was reported.
        sale_month: 'TRANSACTION DATE',
        reporting_date: 'STATEMENT PERIOD',
        territory: 'SALE COUNTRY',
        store: 'STORE',
        artist: 'PRODUCT ARTIST',
        release_title: 'PRODUCT',
        upc: 'UPC',
        isrc: 'ISRC',
        quantity: 'QUANTITY',
        net: 'NET SHARE ACCOUNT CURRENCY',
        currency: 'ACCOUNT CURRENCY',
      },
      number_format: 'point',
      date_format: 'dmy',
      default_currency: null,
      default_sale_type: 'stream',
    },
    delimiterHint: 'comma',
  },
  believe: {
    key: 'believe',
    name: 'Believe',
    headers: [
      'Reporting month',
      'Platform',
      'Country / Region',
      'Artist Name',
      'Release title',
      'Track title',
      'UPC',
      'ISRC',
      'Release Catalog nb',
      'Sales Type',
      'Quantity',
      'Client Payment Currency',
      'Net Revenue',
    ],
    required: [
      'Reporting month',
      'Release Catalog nb',
      'Client Payment Currency',
      'Artist Name',
      'Track title',
      'Net Revenue',
    ],
    aliases: {},
    mapping: {
      columns: {
        // The only month Believe's list gives is the reporting month: it is the period.
        sale_month: 'Reporting month',
        store: 'Platform',
        territory: 'Country / Region',
        artist: 'Artist Name',
        release_title: 'Release title',
        track_title: 'Track title',
        upc: 'UPC',
        isrc: 'ISRC',
        catalogue_number: 'Release Catalog nb',
        sale_type: 'Sales Type',
        quantity: 'Quantity',
        currency: 'Client Payment Currency',
        net: 'Net Revenue',
      },
      number_format: 'point',
      date_format: 'auto',
      default_currency: null,
      default_sale_type: 'stream',
    },
    // Believe's CSV files are separated by semicolons.
    delimiterHint: 'any',
  },
  orchard: {
    key: 'orchard',
    name: 'The Orchard',
    headers: [
      'Reporting Period',
      'Transaction Month',
      'Retailer',
      'Territory',
      'Label',
      'Artist Name',
      'Release Name',
      'Track Name',
      'UPC',
      'ISRC',
      'Trans Type Description',
      'Quantity',
      'Total',
      'Label Share Net Receipts',
      'Currency',
    ],
    required: [
      'Transaction Month',
      'Retailer',
      'Territory',
      'Track Name',
      'ISRC',
      'Trans Type Description',
      'Label Share Net Receipts',
    ],
    aliases: {},
    mapping: {
      columns: {
        sale_month: 'Transaction Month',
        reporting_date: 'Reporting Period',
        store: 'Retailer',
        territory: 'Territory',
        artist: 'Artist Name',
        release_title: 'Release Name',
        track_title: 'Track Name',
        upc: 'UPC',
        isrc: 'ISRC',
        sale_type: 'Trans Type Description',
        quantity: 'Quantity',
        // The sale's total before The Orchard's fee, in the same currency as the label's share.
        gross: 'Total',
        net: 'Label Share Net Receipts',
        currency: 'Currency',
      },
      number_format: 'comma',
      date_format: 'dmy',
      default_currency: null,
      default_sale_type: 'stream',
    },
    delimiterHint: 'tab',
  },
  fuga: {
    key: 'fuga',
    name: 'FUGA',
    headers: [
      'Sale Start date',
      'Sale End date',
      'DSP',
      'Sale Store Name',
      'Territory',
      'Product UPC',
      'Product Catalog Number',
      'Product Title',
      'Product Artist',
      'Asset ISRC',
      'Asset Title',
      'Asset Artist',
      'Sale Type',
      'Quantity',
      'Sale net receipts',
      'Reported Royalty',
      'Currency',
    ],
    required: [
      'Sale Start date',
      'DSP',
      'Territory',
      'Product UPC',
      'Asset ISRC',
      'Sale Type',
      'Quantity',
      'Reported Royalty',
      'Currency',
    ],
    aliases: {},
    mapping: {
      columns: {
        sale_month: 'Sale Start date',
        store: 'DSP',
        territory: 'Territory',
        upc: 'Product UPC',
        catalogue_number: 'Product Catalog Number',
        release_title: 'Product Title',
        isrc: 'Asset ISRC',
        track_title: 'Asset Title',
        artist: 'Asset Artist',
        sale_type: 'Sale Type',
        quantity: 'Quantity',
        // What the store paid for the sale, and the label's royalty from it, both in Currency.
        gross: 'Sale net receipts',
        net: 'Reported Royalty',
        currency: 'Currency',
      },
      number_format: 'point',
      date_format: 'auto',
      default_currency: null,
      default_sale_type: 'stream',
    },
    delimiterHint: 'comma',
  },
  apple: {
    key: 'apple',
    name: 'Apple',
    headers: [
      'Start Date',
      'End Date',
      'UPC',
      'ISRC',
      'Vendor Identifier',
      'Quantity',
      'Partner Share',
      'Extended Partner Share',
      'Partner Share Currency',
      'Sale or Return',
      'Artist/Show/Developer/Author',
      'Title',
      'Country Of Sale',
    ],
    required: [
      'Start Date',
      'End Date',
      'UPC',
      'ISRC',
      'Vendor Identifier',
      'Quantity',
      'Partner Share',
      'Extended Partner Share',
      'Partner Share Currency',
      'Sale or Return',
    ],
    // Apple's own files write these two columns so.
    aliases: { ISRC: ['ISRC/ISBN'], 'Sale or Return': ['Sales or Return'] },
    mapping: {
      columns: {
        // Apple's fiscal months start on odd days: the month of the start date is the period.
        sale_month: 'Start Date',
        upc: 'UPC',
        isrc: 'ISRC',
        // The label's own product code, given to Apple at delivery.
        catalogue_number: 'Vendor Identifier',
        quantity: 'Quantity',
        net: 'Extended Partner Share',
        currency: 'Partner Share Currency',
        artist: 'Artist/Show/Developer/Author',
        track_title: 'Title',
        territory: 'Country Of Sale',
      },
      number_format: 'point',
      date_format: 'mdy',
      default_currency: null,
      default_sale_type: 'download',
      default_store: 'iTunes',
      return_column: 'Sale or Return',
      quantity_required: true,
    },
    delimiterHint: 'tab',
  },
};

// ---------------------------------------------------------------------------------------------------
// Messages

const quoted = (value: string) => `“${value.length > 60 ? `${value.slice(0, 60)}…` : value}”`;
const saleTypeList = SALE_TYPES.join(', ');

/** Every user-visible text of statement reading; `column` is the file's header text. */
export const STATEMENT_MESSAGES = {
  columnMissing: (column: string) =>
    `This file has no column ${quoted(column)}. Choose one of its columns, or leave the field unmapped.`,
  saleMonthNotMapped: 'Choose the column that holds the month or date of each sale.',
  netNotMapped: 'Choose the column that holds the net amount of each line.',
  currencyNotMapped: 'Choose the column that holds the currency, or the currency the whole file is in.',
  defaultCurrencyInvalid: (code: string) =>
    `${quoted(code)} is not a currency code. Choose a 3-letter ISO 4217 code like USD, EUR or GBP.`,
  currencyNotListed: 'Choose a currency from the list, like USD, EUR or GBP.',
  numberFormatInvalid: 'Choose how the file writes numbers: 1,234.56 or 1.234,56.',
  dateFormatInvalid: 'Choose how the file writes dates: year first, month first or day first.',
  saleTypeInvalid: `Choose the kind of sale for lines that do not say: one of ${saleTypeList}.`,
  saleMonthMissing: (column: string) =>
    `The sale month in ${quoted(column)} is empty. Every line needs the month of its sale.`,
  dateInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not a date we can read. Use a form like 2024-03-15, 2024-03, 03/2024 or March 2024.`,
  dateAmbiguous: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} could be day/month or month/day. Choose in the column mapping whether this file writes the month or the day first.`,
  netMissing: (column: string) =>
    `The amount in ${quoted(column)} is empty. Every line needs its net amount: correct the file and import it again.`,
  amountInvalid: (column: string, value: string, numberFormat: NumberFormat) =>
    `${quoted(value)} in ${quoted(column)} is not an amount. ${
      numberFormat === 'comma'
        ? 'This file is read with decimal commas, like 1.234,56; if it writes 1,234.56, change the number format in the column mapping.'
        : 'This file is read with decimal points, like 1,234.56; if it writes 1.234,56, change the number format in the column mapping.'
    }`,
  quantityMissing: (column: string) =>
    `The quantity in ${quoted(column)} is empty. This source writes the number of units on every line: correct the file and import it again.`,
  quantityInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not a whole number of units.`,
  isrcInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not an ISRC. An ISRC has 12 characters, like GB-ABC-26-00001.`,
  upcInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not a UPC or EAN. A UPC has 12 digits, an EAN 13 (a GTIN 14).`,
  upcScientific: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is a barcode a spreadsheet turned into a rounded number, so its digits are lost. Export the statement again from the distributor and import it without opening it in a spreadsheet.`,
  currencyMissing: (column: string) =>
    `The currency in ${quoted(column)} is empty. Choose the file's currency in the column mapping, or correct the file.`,
  currencyInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not a currency code. Currencies are 3-letter ISO 4217 codes like USD, EUR or GBP.`,
  territoryInvalid: (column: string, value: string) =>
    `${quoted(value)} in ${quoted(column)} is not a country we know. Use a 2-letter code like US or GB, a 3-letter code like USA, or the country's English name.`,
} as const;

const M = STATEMENT_MESSAGES;

export const STATEMENT_HEADER_MAX = 200;
const headerText = z.string().trim().min(1).max(STATEMENT_HEADER_MAX);

/** A mapping as a client saves it for a custom source. */
export const columnMappingSchema = z.object({
  columns: z.partialRecord(z.enum(STATEMENT_FIELDS), headerText),
  number_format: z.enum(NUMBER_FORMATS),
  date_format: z.enum(DATE_FORMATS),
  default_currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrency, { message: STATEMENT_MESSAGES.currencyNotListed })
    .nullable(),
  default_sale_type: z.enum(SALE_TYPES),
  default_store: z.string().trim().max(STATEMENT_HEADER_MAX).nullable().optional(),
  release_row_column: headerText.nullable().optional(),
  return_column: headerText.nullable().optional(),
  quantity_required: z.boolean().optional(),
}) satisfies z.ZodType<ColumnMapping, unknown>;

// ---------------------------------------------------------------------------------------------------
// Headers

/** A header as compared: no byte-order mark, trimmed, spaces collapsed, lower case. */
export function headerKey(header: string): string {
  return header
    .replace(/^\uFEFF/, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

/** A stable signature of a header row (compared keys joined; trailing empty columns left out) to find a saved custom mapping again. */
export function headerSignature(headers: readonly string[]): string {
  const keys = headers.map(headerKey);
  while (keys.length > 0 && keys[keys.length - 1] === '') keys.pop();
  return keys.join('|');
}

/** Each compared header key -> its first position in the row. */
function headerIndex(headers: readonly string[]): Map<string, number> {
  const index = new Map<string, number>();
  headers.forEach((header, i) => {
    const key = headerKey(header);
    if (key !== '' && !index.has(key)) index.set(key, i);
  });
  return index;
}

/** The file's own header for a source's published column (or one of its variants), or undefined. */
function findColumn(
  index: Map<string, number>,
  headers: readonly string[],
  definition: SourceDefinition,
  column: string,
): string | undefined {
  for (const candidate of [column, ...(definition.aliases[column] ?? [])]) {
    const position = index.get(headerKey(candidate));
    if (position !== undefined) return headers[position];
  }
  return undefined;
}

/**
 * The built-in source whose required columns are all in the header row (case- and space-insensitive),
 * or null. When two would match, the one that needs more columns is the more specific.
 */
export function detectSource(headers: readonly string[]): BuiltInSource | null {
  const index = headerIndex(headers);
  let best: BuiltInSource | null = null;
  let bestCount = 0;
  for (const key of BUILT_IN_SOURCES) {
    const definition = SOURCE_DEFINITIONS[key];
    const matches = definition.required.every(
      (column) => findColumn(index, headers, definition, column) !== undefined,
    );
    if (matches && definition.required.length > bestCount) {
      best = key;
      bestCount = definition.required.length;
    }
  }
  return best;
}

/**
 * A built-in source's mapping for one file: its columns as this file spells them, the optional
 * columns the file lacks left out, so that validateColumnMapping passes for every file detectSource
 * recognises.
 */
export function sourceMappingForHeaders(source: BuiltInSource, headers: readonly string[]): ColumnMapping {
  const definition = SOURCE_DEFINITIONS[source];
  const index = headerIndex(headers);
  const find = (column: string | null | undefined) =>
    column ? (findColumn(index, headers, definition, column) ?? null) : null;
  const columns: Partial<Record<StatementField, string>> = {};
  for (const field of STATEMENT_FIELDS) {
    const found = find(definition.mapping.columns[field]);
    if (found !== null) columns[field] = found;
  }
  return {
    ...definition.mapping,
    columns,
    release_row_column: find(definition.mapping.release_row_column),
    return_column: find(definition.mapping.return_column),
  };
}

/**
 * A mapping's problems against a header row, by field ('mapping' for the mapping's other settings):
 * a mapped column missing from the file, no net or sale month column, no currency column and no
 * default currency. {} when the mapping can read the file.
 */
export function validateColumnMapping(
  mapping: ColumnMapping,
  headers: readonly string[],
): Partial<Record<StatementField | 'mapping', string>> {
  const problems: Partial<Record<StatementField | 'mapping', string>> = {};
  const index = headerIndex(headers);
  const has = (column: string) => index.has(headerKey(column));
  for (const field of STATEMENT_FIELDS) {
    const column = mapping.columns[field];
    if (column !== undefined && !has(column)) problems[field] = M.columnMissing(column);
  }
  if (!mapping.columns.sale_month) problems.sale_month = M.saleMonthNotMapped;
  if (!mapping.columns.net) problems.net = M.netNotMapped;
  if (!mapping.columns.currency) {
    if (mapping.default_currency === null || mapping.default_currency === '')
      problems.currency = M.currencyNotMapped;
    else if (!isCurrency(mapping.default_currency.trim().toUpperCase()))
      problems.currency = M.defaultCurrencyInvalid(mapping.default_currency);
  }
  for (const column of [mapping.release_row_column, mapping.return_column]) {
    if (column && !has(column)) problems.mapping = M.columnMissing(column);
  }
  if (!(NUMBER_FORMATS as readonly string[]).includes(mapping.number_format))
    problems.mapping = M.numberFormatInvalid;
  if (!(DATE_FORMATS as readonly string[]).includes(mapping.date_format))
    problems.mapping = M.dateFormatInvalid;
  if (!(SALE_TYPES as readonly string[]).includes(mapping.default_sale_type))
    problems.mapping = M.saleTypeInvalid;
  return problems;
}

/** A row whose cells are all empty (spreadsheets leave them at the end of a file): skip it, it is no line. */
export function isBlankRow(cells: readonly string[]): boolean {
  for (const cell of cells) if (cell.trim() !== '') return false;
  return true;
}

// ---------------------------------------------------------------------------------------------------
// Stores and sale types

interface StoreEntry {
  name: string;
  /** What the store sells, when it sells one kind only. */
  kind: SaleType | null;
  aliases?: readonly string[];
}

const STORES: readonly StoreEntry[] = [
  { name: 'Spotify', kind: 'stream' },
  { name: 'Apple Music', kind: 'stream', aliases: ['Apple Music Streaming'] },
  { name: 'iTunes', kind: 'download', aliases: ['iTunes Store', 'Apple iTunes', 'iTunes Music Store'] },
  { name: 'Amazon Music', kind: 'stream', aliases: ['Amazon Streaming', 'Amazon Music Free'] },
  { name: 'Amazon Music Unlimited', kind: 'stream', aliases: ['Amazon Unlimited'] },
  { name: 'Amazon Prime Music', kind: 'stream', aliases: ['Amazon Prime'] },
  {
    name: 'Amazon MP3',
    kind: 'download',
    aliases: ['Amazon Digital', 'Amazon Downloads', 'Amazon Digital Music'],
  },
  { name: 'YouTube', kind: 'stream', aliases: ['YouTube Ads', 'YouTube (Ads)'] },
  { name: 'YouTube Music', kind: 'stream' },
  { name: 'YouTube Premium', kind: 'stream', aliases: ['YouTube Red'] },
  { name: 'YouTube Content ID', kind: 'stream', aliases: ['YouTube CID', 'YouTube (Content ID)'] },
  { name: 'Deezer', kind: 'stream' },
  { name: 'TIDAL', kind: 'stream' },
  { name: 'Pandora', kind: 'stream' },
  { name: 'SoundCloud', kind: 'stream', aliases: ['SoundCloud Go'] },
  { name: 'Napster', kind: 'stream', aliases: ['Rhapsody'] },
  { name: 'Anghami', kind: 'stream' },
  { name: 'Boomplay', kind: 'stream' },
  { name: 'JioSaavn', kind: 'stream', aliases: ['Saavn'] },
  { name: 'Gaana', kind: 'stream' },
  { name: 'Audiomack', kind: 'stream' },
  { name: 'Tencent Music', kind: 'stream', aliases: ['Tencent', 'Tencent Music Entertainment'] },
  { name: 'NetEase Cloud Music', kind: 'stream', aliases: ['NetEase'] },
  { name: 'KKBOX', kind: 'stream' },
  { name: 'Yandex Music', kind: 'stream', aliases: ['Yandex'] },
  { name: 'VK Music', kind: 'stream', aliases: ['VK', 'VKontakte'] },
  { name: 'Zvuk', kind: 'stream', aliases: ['Zvooq'] },
  { name: 'iHeartRadio', kind: 'stream', aliases: ['iHeart'] },
  { name: 'SiriusXM', kind: 'stream', aliases: ['Sirius XM'] },
  { name: 'Joox', kind: 'stream' },
  { name: 'LINE Music', kind: 'stream' },
  { name: 'Melon', kind: 'stream' },
  { name: 'Qobuz', kind: null },
  { name: 'Beatport', kind: 'download' },
  { name: 'Traxsource', kind: 'download' },
  { name: 'Bandcamp', kind: null },
  { name: '7digital', kind: 'download', aliases: ['7 Digital'] },
  { name: 'Juno Download', kind: 'download', aliases: ['Juno'] },
  { name: 'TikTok', kind: null },
  { name: 'Facebook', kind: null, aliases: ['Meta'] },
  { name: 'Instagram', kind: null },
  { name: 'Snapchat', kind: null },
  { name: 'Shazam', kind: null },
  { name: 'Peloton', kind: null },
];

/** A store or sale type word as compared: letters and digits only, lower case ("You Tube" = "YouTube"). */
function wordKey(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const STORE_BY_KEY = new Map<string, StoreEntry>();
for (const store of STORES)
  for (const name of [store.name, ...(store.aliases ?? [])]) STORE_BY_KEY.set(wordKey(name), store);

/** Title Case for a store name written in capitals: "NEW STORE" -> "New Store". */
function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-/(&])(\p{L})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
}

/**
 * A store's display name: "YOUTUBE", "YouTube", "youtube " -> "YouTube"; "Apple Music" and "iTunes"
 * stay apart (one streams, the other sells). An unknown store is kept as written, trimmed and with
 * single spaces, in Title Case if it was all capitals. Empty -> null.
 */
export function normalizeStore(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return null;
  const known = STORE_BY_KEY.get(wordKey(trimmed));
  if (known) return known.name;
  return /\p{Ll}/u.test(trimmed) || !/\p{Lu}/u.test(trimmed) ? trimmed : titleCase(trimmed);
}

/** The one kind a known store sells (iTunes -> download, Spotify -> stream), or null. */
export function storeSaleType(store: string): SaleType | null {
  return STORE_BY_KEY.get(wordKey(store))?.kind ?? null;
}

const SALE_TYPE_WORDS: Readonly<Record<SaleType, readonly string[]>> = {
  stream: [
    'stream',
    'streams',
    'streaming',
    'on demand',
    'on demand stream',
    'subscription',
    'subscription stream',
    'ad supported',
    'ad supported stream',
    'ad funded',
    'free stream',
    'premium stream',
    'audio stream',
    'video stream',
    'video',
    'interactive stream',
    'non interactive stream',
    'radio',
    'web radio',
    'YouTube Content ID',
    'content id',
    'UGC',
    'user generated content',
    'locker',
    'cloud',
  ],
  download: [
    'download',
    'downloads',
    'track download',
    'album download',
    'single download',
    'permanent download',
    'paid download',
    'digital download',
    'pay as you go',
    'PPD',
    'track',
    'album',
    'single',
    'song',
    'EP',
  ],
  physical: [
    'physical',
    'physical sale',
    'physical sales',
    'CD',
    'CDs',
    'vinyl',
    'LP',
    'cassette',
    'tape',
    'DVD',
    'box set',
    'mail order',
  ],
  sync: [
    'sync',
    'synch',
    'synchronisation',
    'synchronization',
    'sync licence',
    'sync license',
    'sync licensing',
    'licensing',
    'licence',
    'license',
    'master use',
  ],
  other: [
    'other',
    'misc',
    'miscellaneous',
    'ringtone',
    'ringtones',
    'ringback',
    'ringback tone',
    'realtone',
    'mastertone',
    'adjustment',
    'bonus',
    'fee',
    'performance',
    'neighbouring rights',
    'neighboring rights',
  ],
};

const SALE_TYPE_BY_KEY = new Map<string, SaleType>();
for (const type of SALE_TYPES)
  for (const word of SALE_TYPE_WORDS[type]) SALE_TYPE_BY_KEY.set(wordKey(word), type);

/**
 * A source's word for the kind of sale: "Stream", "Streaming", "Ad-Supported Stream", "YouTube Content
 * ID" -> stream; "Download", "Track Download", "Album Download" -> download; "Physical", "CD", "Vinyl"
 * -> physical; "Sync", "Licensing" -> sync; "Ringtone" -> other. Words that contain "stream",
 * "download", "vinyl", "sync" or "licens" are read by that part. Unknown or empty -> null.
 */
export function normalizeSaleType(text: string): SaleType | null {
  const key = wordKey(text);
  if (key === '') return null;
  const known = SALE_TYPE_BY_KEY.get(key);
  if (known) return known;
  if (key.includes('stream')) return 'stream';
  if (key.includes('download')) return 'download';
  if (key.includes('vinyl') || key.includes('physical')) return 'physical';
  if (key.includes('sync') || key.includes('licens') || key.includes('licenc')) return 'sync';
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Amounts

const PLAIN_POINT = /^(-?)(\d+)(?:\.(\d+))?$/;
const PLAIN_COMMA = /^(-?)(\d+)(?:,(\d+))?$/;
const CURRENCY_PREFIX = /^(?:[A-Z]{3}|[A-Z]{0,2}[$€£¥₩₹₽₺₪])\s*/;
const CURRENCY_SUFFIX = /\s*(?:[A-Z]{3}|[$€£¥₩₹₽₺₪])$/;
const GROUP_SPACES = /[\s'’\u00a0\u202f]/g;
const GROUPED_POINT = /^[1-9]\d{0,2}(?:,\d{3})+(?:\.\d*)?$/;
const GROUPED_COMMA = /^[1-9]\d{0,2}(?:\.\d{3})+(?:,\d*)?$/;
const BARE_POINT = /^(?:\d+\.?\d*|\.\d+)$/;
const BARE_COMMA = /^(?:\d+,?\d*|,\d+)$/;
const SCIENTIFIC = /^(\d+(?:[.,]\d+)?)[eE]([+-]?\d+)$/;

/** Canonical text of a plain decimal already split in sign, digits and fraction (no BigInt: the hot path). */
function canonicalPlain(negative: boolean, whole: string, fraction: string | undefined): string {
  let start = 0;
  while (start < whole.length - 1 && whole.charCodeAt(start) === 48) start++;
  let end = fraction ? fraction.length : 0;
  while (end > 0 && fraction!.charCodeAt(end - 1) === 48) end--;
  const digits = start === 0 ? whole : whole.slice(start);
  const text = end === 0 ? digits : `${digits}.${fraction!.slice(0, end)}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/**
 * An amount as a statement writes it -> canonical exact decimal text (./money.ts), null when empty,
 * undefined when it is not an amount. Reads "1,234.56", "-0.0003", "(12.50)" (accounting negative),
 * "12.50-", "$1.00", "1.00 EUR", "1 234,56" (space or no-break-space thousands), "3.5E-05" (Excel's
 * small numbers, shifted exactly), and with 'comma': "1.234,56", "10.000,50". In a 'comma' file a
 * point followed by other than groups of three digits is a decimal point ("12.5"), since spreadsheet
 * cells read from a workbook are written so.
 */
export function parseStatementAmount(text: string, numberFormat: NumberFormat): string | null | undefined {
  const fast = (numberFormat === 'point' ? PLAIN_POINT : PLAIN_COMMA).exec(text);
  if (fast) return canonicalPlain(fast[1] === '-', fast[2]!, fast[3]);
  let body = text.trim();
  if (body === '') return null;
  let negative = false;
  if (body.startsWith('(') && body.endsWith(')')) {
    negative = true;
    body = body.slice(1, -1).trim();
  }
  let sign = body.charAt(0);
  if (sign === '-' || sign === '+' || sign === '−') {
    negative = negative || sign !== '+';
    body = body.slice(1).trimStart();
  }
  body = body.replace(CURRENCY_PREFIX, '');
  sign = body.charAt(0);
  if (sign === '-' || sign === '−') {
    negative = true;
    body = body.slice(1);
  }
  body = body.replace(CURRENCY_SUFFIX, '');
  if (body.endsWith('-')) {
    negative = true;
    body = body.slice(0, -1);
  }
  body = body.replace(GROUP_SPACES, '');
  let decimal: string;
  const scientific = SCIENTIFIC.exec(body);
  if (scientific) {
    // A decimal comma in the mantissa only in a 'comma' file; a point in either (workbook cells).
    const mantissa = scientific[1]!;
    if (numberFormat === 'point' && mantissa.includes(',')) return undefined;
    decimal = `${mantissa.replace(',', '.')}e${scientific[2]}`;
  } else if (numberFormat === 'point') {
    if (GROUPED_POINT.test(body)) decimal = body.replace(/,/g, '');
    else if (BARE_POINT.test(body)) decimal = body;
    else return undefined;
  } else if (GROUPED_COMMA.test(body)) decimal = body.replace(/\./g, '').replace(',', '.');
  else if (BARE_COMMA.test(body)) decimal = body.replace(',', '.');
  else if (BARE_POINT.test(body)) decimal = body;
  else return undefined;
  let canonical: string;
  try {
    canonical = canonicalDecimal(decimal);
  } catch {
    return undefined;
  }
  return negative && canonical !== '0' ? `-${canonical}` : canonical;
}

// ---------------------------------------------------------------------------------------------------
// Dates

export type StatementDate =
  | { ok: true; year: number; month: number; day: number | null }
  | { ok: false; reason: 'invalid' | 'ambiguous' };

const MONTH_NAMES: Readonly<Record<string, number>> = {
  jan: 1,
  january: 1,
  feb: 2,
  february: 2,
  mar: 3,
  march: 3,
  apr: 4,
  april: 4,
  may: 5,
  jun: 6,
  june: 6,
  jul: 7,
  july: 7,
  aug: 8,
  august: 8,
  sep: 9,
  sept: 9,
  september: 9,
  oct: 10,
  october: 10,
  nov: 11,
  november: 11,
  dec: 12,
  december: 12,
};

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})(?:[-/.](\d{1,2}))?(?:[T\s].*)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})?$/;
const EXCEL_SERIAL = /^(\d{5})(?:\.\d+)?$/;
const MONTH_YEAR = /^(\d{1,2})[-/.](\d{4})$/;
const NUMERIC_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?:[T\s,].*)?$/;
const NAME_YEAR = /^(\p{L}+)\.?[\s\-/,]+(\d{4}|\d{2})$/u;
const YEAR_NAME = /^(\d{4})[\s\-/]+(\p{L}+)$/u;
const DAY_NAME_YEAR = /^(\d{1,2})[\s\-/.]+(\p{L}+)\.?[\s\-/.,]+(\d{4})$/u;
const NAME_DAY_YEAR = /^(\p{L}+)\.?\s+(\d{1,2}),?\s+(\d{4})$/u;
const QUARTER_AFTER = /^(\d{4})[\s\-/]*Q([1-4])$/i;
const QUARTER_BEFORE = /^Q([1-4])[\s\-/]*(\d{4})$/i;
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

const INVALID: StatementDate = { ok: false, reason: 'invalid' };
const AMBIGUOUS: StatementDate = { ok: false, reason: 'ambiguous' };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function checked(year: number, month: number, day: number | null): StatementDate {
  if (year < 1900 || year > 2199 || month < 1 || month > 12) return INVALID;
  if (day !== null && (day < 1 || day > daysInMonth(year, month))) return INVALID;
  return { ok: true, year, month, day };
}

const fullYear = (text: string) => (text.length === 2 ? 2000 + Number(text) : Number(text));

/**
 * A statement's date or month cell, read as DateFormat describes (year, month, and the day when the
 * cell has one). Excel serial days are read as Excel's 1900 date system counts them (45383 is
 * 2024-04-01); a time after the date is ignored ("10/15/2023 12:00:00 AM").
 */
export function parseStatementDate(text: string, dateFormat: DateFormat): StatementDate {
  const value = text.trim();
  const yearFirst = YEAR_FIRST.exec(value) ?? COMPACT.exec(value);
  if (yearFirst)
    return checked(Number(yearFirst[1]), Number(yearFirst[2]), yearFirst[3] ? Number(yearFirst[3]) : null);
  const serial = EXCEL_SERIAL.exec(value);
  if (serial) {
    const date = new Date(EXCEL_EPOCH + Number(serial[1]) * 86_400_000);
    return checked(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
  }
  const monthYear = MONTH_YEAR.exec(value);
  if (monthYear) return checked(Number(monthYear[2]), Number(monthYear[1]), null);
  const numeric = NUMERIC_DATE.exec(value);
  if (numeric) return numericDate(numeric, dateFormat);
  const nameYear = NAME_YEAR.exec(value);
  if (nameYear) return namedMonth(nameYear[1]!, fullYear(nameYear[2]!), null);
  const yearName = YEAR_NAME.exec(value);
  if (yearName) return namedMonth(yearName[2]!, Number(yearName[1]), null);
  const dayNameYear = DAY_NAME_YEAR.exec(value);
  if (dayNameYear) return namedMonth(dayNameYear[2]!, Number(dayNameYear[3]), Number(dayNameYear[1]));
  const nameDayYear = NAME_DAY_YEAR.exec(value);
  if (nameDayYear) return namedMonth(nameDayYear[1]!, Number(nameDayYear[3]), Number(nameDayYear[2]));
  // A quarter's sales are counted in its first month.
  const quarterAfter = QUARTER_AFTER.exec(value);
  if (quarterAfter) return checked(Number(quarterAfter[1]), Number(quarterAfter[2]) * 3 - 2, null);
  const quarterBefore = QUARTER_BEFORE.exec(value);
  if (quarterBefore) return checked(Number(quarterBefore[2]), Number(quarterBefore[1]) * 3 - 2, null);
  return INVALID;
}

function namedMonth(name: string, year: number, day: number | null): StatementDate {
  const month = MONTH_NAMES[name.toLowerCase()];
  return month ? checked(year, month, day) : INVALID;
}

/** 03/04/2024, 15-03-24, 15.03.2024: day and month both numbers, in the mapping's order. */
function numericDate(match: RegExpExecArray, dateFormat: DateFormat): StatementDate {
  const first = Number(match[1]);
  const second = Number(match[3]);
  const year = fullYear(match[4]!);
  // Dotted dates are European (day first) whatever the mapping says.
  const order = match[2] === '.' ? 'dmy' : dateFormat;
  if (order === 'mdy') return checked(year, first, second);
  if (order === 'dmy') return checked(year, second, first);
  if (first > 12 && second <= 12) return checked(year, second, first);
  if (second > 12 && first <= 12) return checked(year, first, second);
  if (first === second) return checked(year, first, first);
  return first > 12 ? INVALID : AMBIGUOUS;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

// ---------------------------------------------------------------------------------------------------
// Lines

export interface StatementLine {
  /** 'YYYY-MM-01' */
  sale_month: string;
  /** 'YYYY-MM-DD' (the first of the month when the file gives a month only) */
  reporting_date: string | null;
  /** Normalised display name (normalizeStore). */
  store: string | null;
  /** ISO 3166-1 alpha-2; null when the line reports no single country. */
  territory: string | null;
  /** 12 characters, upper case, no separators. */
  isrc: string | null;
  /** Digits only, 12 to 14. */
  upc: string | null;
  catalogue_number: string | null;
  release_title: string | null;
  track_title: string | null;
  artist: string | null;
  sale_type: SaleType;
  /** Whole units, negative for returns. */
  quantity: number;
  /** Exact canonical decimal text in `currency`, or null when the file gives none. */
  gross: string | null;
  /** Exact canonical decimal text in `currency`. */
  net: string;
  /** ISO 4217, upper case. */
  currency: string;
}

/** column = the file's header text (or the field name when the field is not mapped). */
export interface LineProblem {
  column: string;
  message: string;
}
export type LineResult = { ok: true; line: StatementLine } | { ok: false; problems: LineProblem[] };

const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;
const UPC_PATTERN = /^\d{12,14}$/;
const DIGITS = /^\d+$/;
const NUMBER_LIKE = /^\d+(?:[.,]\d+)?E\+?\d+$/i;
const INTEGER = /^-?\d{1,15}$/;
const RELEASE_ROW_WORDS = new Set(['album', 'release', 'bundle', 'ep', 'compilation']);
const RETURN_WORDS = new Set(['r', 'return', 'returns', 'refund', 'refunds']);

// Per-reader caches of the cells that repeat on every line (dates, stores, currencies, sale types),
// bounded in case a column holds unique values.
const CACHE_LIMIT = 10_000;
function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

function addProblem(problems: LineProblem[] | null, column: string, message: string): LineProblem[] {
  if (problems === null) return [{ column, message }];
  problems.push({ column, message });
  return problems;
}

/** A row's cell, trimmed; '' for an unmapped column or a short row. A plain function, not a closure
 * made per row: this runs for every cell of millions of rows. */
function cellAt(cells: readonly string[], i: number): string {
  if (i < 0) return '';
  const value = cells[i];
  return value === undefined ? '' : value.trim();
}

const negate = (amount: string) => (amount.startsWith('-') || amount === '0' ? amount : `-${amount}`);

/**
 * Builds a reader for one file: the header positions resolved once, then each row of cells -> one
 * line or its problems. Runs once per line of files with millions of lines: no regex is built per
 * call, repeated cells are read once, and a short row reads its missing cells as empty. Mapped
 * columns the header row lacks read as empty: validate the mapping first (validateColumnMapping).
 */
export function createStatementLineReader(
  mapping: ColumnMapping,
  headers: readonly string[],
): (cells: readonly string[]) => LineResult {
  const index = headerIndex(headers);
  const position = (column: string | null | undefined) =>
    column ? (index.get(headerKey(column)) ?? -1) : -1;
  const label = (field: string, at: number) => (at >= 0 ? (headers[at] ?? field).trim() : field);
  const at = (field: StatementField) => position(mapping.columns[field]);

  const iSaleMonth = at('sale_month');
  const iReportingDate = at('reporting_date');
  const iStore = at('store');
  const iTerritory = at('territory');
  const iIsrc = at('isrc');
  const iUpc = at('upc');
  const iCatalogue = at('catalogue_number');
  const iRelease = at('release_title');
  const iTrack = at('track_title');
  const iArtist = at('artist');
  const iSaleType = at('sale_type');
  const iQuantity = at('quantity');
  const iGross = at('gross');
  const iNet = at('net');
  const iCurrency = at('currency');
  const iReleaseRow = position(mapping.release_row_column);
  const iReturn = position(mapping.return_column);

  const cSaleMonth = label('sale_month', iSaleMonth);
  const cReportingDate = label('reporting_date', iReportingDate);
  const cTerritory = label('territory', iTerritory);
  const cIsrc = label('isrc', iIsrc);
  const cUpc = label('upc', iUpc);
  const cQuantity = label('quantity', iQuantity);
  const cGross = label('gross', iGross);
  const cNet = label('net', iNet);
  const cCurrency = label('currency', iCurrency);

  const numberFormat = mapping.number_format;
  const dateFormat = mapping.date_format;
  const defaultCurrency = mapping.default_currency?.trim().toUpperCase() || null;
  const hasDefaultCurrency = defaultCurrency !== null && isCurrency(defaultCurrency);
  const defaultStore = mapping.default_store ? normalizeStore(mapping.default_store) : null;
  const defaultSaleType = mapping.default_sale_type;
  const quantityRequired = mapping.quantity_required === true;

  const defaultStoreKind = defaultStore !== null ? storeSaleType(defaultStore) : null;
  const dates = new Map<string, StatementDate>();
  const stores = new Map<string, { name: string | null; kind: SaleType | null }>();
  const saleTypes = new Map<string, SaleType | null>();
  const currencies = new Map<string, boolean>();

  const readDate = (text: string) =>
    dates.get(text) ?? remember(dates, text, parseStatementDate(text, dateFormat));
  const dateProblem = (column: string, text: string, date: StatementDate) =>
    date.ok ? '' : date.reason === 'ambiguous' ? M.dateAmbiguous(column, text) : M.dateInvalid(column, text);

  return (cells) => {
    let problems: LineProblem[] | null = null;

    // Sale month
    let saleMonth = '';
    const saleMonthText = cellAt(cells, iSaleMonth);
    if (saleMonthText === '') problems = addProblem(problems, cSaleMonth, M.saleMonthMissing(cSaleMonth));
    else {
      const date = readDate(saleMonthText);
      if (date.ok) saleMonth = `${date.year}-${pad2(date.month)}-01`;
      else problems = addProblem(problems, cSaleMonth, dateProblem(cSaleMonth, saleMonthText, date));
    }

    // Reporting date
    let reportingDate: string | null = null;
    const reportingText = cellAt(cells, iReportingDate);
    if (reportingText !== '') {
      const date = readDate(reportingText);
      if (date.ok) reportingDate = `${date.year}-${pad2(date.month)}-${pad2(date.day ?? 1)}`;
      else problems = addProblem(problems, cReportingDate, dateProblem(cReportingDate, reportingText, date));
    }

    // Store
    let store = defaultStore;
    let storeKind = defaultStoreKind;
    const storeText = cellAt(cells, iStore);
    if (storeText !== '') {
      let known = stores.get(storeText);
      if (known === undefined) {
        const name = normalizeStore(storeText);
        known = remember(stores, storeText, { name, kind: name === null ? null : storeSaleType(name) });
      }
      if (known.name !== null) {
        store = known.name;
        storeKind = known.kind;
      }
    }

    // Territory
    let territory: string | null = null;
    const territoryText = cellAt(cells, iTerritory);
    if (territoryText !== '') {
      const code = normalizeTerritory(territoryText);
      if (code === undefined)
        problems = addProblem(problems, cTerritory, M.territoryInvalid(cTerritory, territoryText));
      else territory = code;
    }

    // ISRC
    let isrc: string | null = null;
    const isrcText = cellAt(cells, iIsrc);
    if (isrcText !== '') {
      if (ISRC_PATTERN.test(isrcText)) isrc = isrcText;
      else {
        const normalized = normalizeIsrc(isrcText);
        if (ISRC_PATTERN.test(normalized)) isrc = normalized;
        else problems = addProblem(problems, cIsrc, M.isrcInvalid(cIsrc, isrcText));
      }
    }

    // UPC / EAN
    let upc: string | null = null;
    const upcText = cellAt(cells, iUpc);
    if (upcText !== '') {
      if (UPC_PATTERN.test(upcText)) upc = upcText;
      else if (NUMBER_LIKE.test(upcText))
        problems = addProblem(problems, cUpc, M.upcScientific(cUpc, upcText));
      else {
        const digits = normalizeUpcEan(upcText);
        if (UPC_PATTERN.test(digits)) upc = digits;
        else if (
          // A spreadsheet drops a UPC's leading zero: 11 digits that are a valid UPC with it put back.
          digits.length === 11 &&
          DIGITS.test(digits) &&
          gs1CheckDigit(`0${digits.slice(0, -1)}`) === Number(digits.charAt(10))
        )
          upc = `0${digits}`;
        else problems = addProblem(problems, cUpc, M.upcInvalid(cUpc, upcText));
      }
    }

    // Titles and artist
    const catalogueNumber = cellAt(cells, iCatalogue) || null;
    let releaseTitle = cellAt(cells, iRelease) || null;
    let trackTitle = cellAt(cells, iTrack) || null;
    const artist = cellAt(cells, iArtist) || null;
    if (iReleaseRow >= 0 && RELEASE_ROW_WORDS.has(cellAt(cells, iReleaseRow).toLowerCase())) {
      releaseTitle = releaseTitle ?? trackTitle;
      trackTitle = null;
    } else if (
      iRelease < 0 &&
      isrc === null &&
      trackTitle !== null &&
      (upc !== null || catalogueNumber !== null)
    ) {
      // A file with one title column (Apple's "Title"): a line with a release code and no ISRC is a
      // release sale, and its title is the release's.
      releaseTitle = trackTitle;
      trackTitle = null;
    }

    // Sale type: the file's word, else what the store sells, else the mapping's default.
    let saleType: SaleType | null = null;
    const saleTypeText = cellAt(cells, iSaleType);
    if (saleTypeText !== '') {
      saleType = saleTypes.get(saleTypeText) ?? null;
      if (saleType === null && !saleTypes.has(saleTypeText))
        saleType = remember(saleTypes, saleTypeText, normalizeSaleType(saleTypeText));
      saleType ??= 'other';
    } else saleType = storeKind ?? defaultSaleType;

    // Quantity
    let quantity = 0;
    const quantityText = cellAt(cells, iQuantity);
    if (quantityText === '') {
      if (quantityRequired) problems = addProblem(problems, cQuantity, M.quantityMissing(cQuantity));
    } else if (INTEGER.test(quantityText))
      quantity = Number(quantityText) + 0; // + 0 turns -0 into 0
    else {
      // "1,234", "12.0" and "1.2E+3" are whole numbers too; "1.5" is not.
      const amount = parseStatementAmount(quantityText, numberFormat);
      const units = amount && !amount.includes('.') ? Number(amount) : Number.NaN;
      if (Number.isSafeInteger(units)) quantity = units;
      else problems = addProblem(problems, cQuantity, M.quantityInvalid(cQuantity, quantityText));
    }

    // Amounts
    let net = '';
    const netText = cellAt(cells, iNet);
    if (netText === '') problems = addProblem(problems, cNet, M.netMissing(cNet));
    else {
      const amount = parseStatementAmount(netText, numberFormat);
      if (amount) net = amount;
      else problems = addProblem(problems, cNet, M.amountInvalid(cNet, netText, numberFormat));
    }
    let gross: string | null = null;
    const grossText = cellAt(cells, iGross);
    if (grossText !== '') {
      const amount = parseStatementAmount(grossText, numberFormat);
      if (amount) gross = amount;
      else problems = addProblem(problems, cGross, M.amountInvalid(cGross, grossText, numberFormat));
    }

    // Currency
    let currency = defaultCurrency ?? '';
    const currencyText = cellAt(cells, iCurrency);
    if (currencyText !== '') {
      const code = currencyText.toUpperCase();
      let known = currencies.get(code);
      if (known === undefined) known = remember(currencies, code, isCurrency(code));
      if (known) currency = code;
      else problems = addProblem(problems, cCurrency, M.currencyInvalid(cCurrency, currencyText));
    } else if (!hasDefaultCurrency) problems = addProblem(problems, cCurrency, M.currencyMissing(cCurrency));

    if (problems !== null) return { ok: false, problems };

    // A return never adds income: made negative when the file writes it positive.
    if (iReturn >= 0 && RETURN_WORDS.has(cellAt(cells, iReturn).toLowerCase())) {
      if (quantity > 0) quantity = -quantity;
      net = negate(net);
      if (gross !== null) gross = negate(gross);
    }

    return {
      ok: true,
      line: {
        sale_month: saleMonth,
        reporting_date: reportingDate,
        store,
        territory,
        isrc,
        upc,
        catalogue_number: catalogueNumber,
        release_title: releaseTitle,
        track_title: trackTitle,
        artist,
        sale_type: saleType,
        quantity,
        gross,
        net,
        currency,
      },
    };
  };
}

// ---------------------------------------------------------------------------------------------------
// A first mapping for a file no built-in source or saved mapping recognises

/**
 * Header names that usually hold each field, most telling first (compared as wordKey: letters and
 * digits only). A suggestion only: the member confirms or changes it before the import starts.
 */
const FIELD_HEADER_WORDS: ReadonlyArray<readonly [StatementField, readonly string[]]> = [
  ['isrc', ['ISRC', 'Optional ISRC', 'Asset ISRC', 'Track ISRC', 'ISRC Code', 'ISRC/ISBN']],
  ['upc', ['UPC', 'EAN', 'UPC/EAN', 'EAN/UPC', 'Barcode', 'Product UPC', 'Release UPC', 'ICPN', 'GTIN']],
  [
    'catalogue_number',
    ['Catalogue Number', 'Catalog Number', 'Cat No', 'Catalogue No', 'Catalog No', 'Cat #', 'Catalog #'],
  ],
  [
    'sale_month',
    ['Sale Month', 'Sales Month', 'Sales Period', 'Sale Period', 'Transaction Month', 'Usage Period'],
  ],
  ['reporting_date', ['Reporting Date', 'Report Date', 'Posted Date', 'Statement Date', 'Payment Date']],
  [
    'currency',
    ['Currency', 'Currency Code', 'Payment Currency', 'Client Payment Currency', 'Account Currency'],
  ],
  ['quantity', ['Quantity', 'Qty', 'Units', 'Units Sold', '# Units Sold', 'Unit Count', 'Number of Units']],
  ['gross', ['Gross', 'Gross Revenue', 'Gross Amount', 'Gross Sales', 'Gross Income', 'Gross Royalty']],
  [
    'net',
    [
      'Net',
      'Net Revenue',
      'Net Amount',
      'Net Royalty',
      'Net Income',
      'Earnings',
      'Royalty',
      'Royalties',
      'Total Earned',
      'Reported Royalty',
      'Amount',
      'Revenue',
      'Income',
      'Payable',
    ],
  ],
  ['store', ['Store', 'Store Name', 'Retailer', 'Platform', 'DSP', 'Service', 'Shop', 'Provider', 'Partner']],
  [
    'territory',
    ['Territory', 'Country', 'Country of Sale', 'Sale Country', 'Country Code', 'Region', 'Market'],
  ],
  [
    'sale_type',
    ['Sale Type', 'Sales Type', 'Transaction Type', 'Trans Type', 'Usage Type', 'Type', 'Format'],
  ],
  [
    'track_title',
    ['Track Title', 'Track', 'Track Name', 'Song Title', 'Song', 'Song Name', 'Asset Title', 'Title'],
  ],
  [
    'release_title',
    [
      'Release Title',
      'Release',
      'Release Name',
      'Album',
      'Album Title',
      'Album Name',
      'Product Title',
      'Product',
    ],
  ],
  [
    'artist',
    ['Artist', 'Artist Name', 'Track Artist', 'Release Artist', 'Product Artist', 'Artists', 'Performer'],
  ],
  // Dates that are a period rather than the sale's, taken only when nothing better is there.
  [
    'sale_month',
    ['Period', 'Month', 'Date', 'Sale Date', 'Start Date', 'Reporting Month', 'Reporting Period'],
  ],
];

const CURRENCY_IN_HEADER = /\(\s*([A-Za-z]{3})\s*\)/;
// "1.234,56", "12,5", "0,0003": a decimal comma ("1,234" could be thousands, so it tells nothing).
const COMMA_AMOUNT = /^-?\d{1,3}(?:\.\d{3})+,\d+$|^-?\d+,(?:\d{1,2}|\d{4,})$/;

/**
 * A first mapping for an unknown header row: each field to the column whose name usually holds it
 * ("Earnings (USD)" is the net, in USD). With sample rows, the number format and date order are
 * guessed from the values (a "1.234,56" net means decimal commas; a "15/03/2024" month, day first).
 * The member confirms it: fields it cannot place stay unmapped and validateColumnMapping says so.
 */
export function suggestColumnMapping(
  headers: readonly string[],
  sampleRows: readonly (readonly string[])[] = [],
): ColumnMapping {
  const keys = headers.map((header) => wordKey(header.replace(CURRENCY_IN_HEADER, '')));
  const used = new Set<number>();
  const columns: Partial<Record<StatementField, string>> = {};
  for (const [field, words] of FIELD_HEADER_WORDS) {
    if (columns[field] !== undefined) continue;
    for (const word of words) {
      const at = keys.findIndex((key, i) => key === wordKey(word) && !used.has(i));
      if (at >= 0) {
        used.add(at);
        columns[field] = headers[at]!;
        break;
      }
    }
  }
  let defaultCurrency: string | null = null;
  for (const field of ['net', 'gross'] as const) {
    const code = columns[field] && CURRENCY_IN_HEADER.exec(columns[field])?.[1]?.toUpperCase();
    if (code && isCurrency(code) && defaultCurrency === null) defaultCurrency = code;
  }
  const valuesOf = (field: StatementField) => {
    const at = columns[field] === undefined ? -1 : headers.indexOf(columns[field]);
    return at < 0 ? [] : sampleRows.map((cells) => (cells[at] ?? '').trim()).filter((v) => v !== '');
  };
  const amounts = [...valuesOf('net'), ...valuesOf('gross')];
  const numberFormat: NumberFormat = amounts.some((v) => COMMA_AMOUNT.test(v)) ? 'comma' : 'point';
  let dateFormat: DateFormat = 'auto';
  for (const value of [...valuesOf('sale_month'), ...valuesOf('reporting_date')]) {
    const match = NUMERIC_DATE.exec(value);
    if (match && match[2] !== '.') {
      if (Number(match[1]) > 12) dateFormat = 'dmy';
      else if (Number(match[3]) > 12) dateFormat = 'mdy';
    }
  }
  return {
    columns,
    number_format: numberFormat,
    date_format: dateFormat,
    default_currency: columns.currency ? null : defaultCurrency,
    default_sale_type: 'stream',
  };
}
