/**
 * Distributor statement files as each source writes them (docs/DOMAIN.md "Statement layouts"; the
 * columns of core royalty-sources SOURCE_DEFINITIONS): the header row as published, the source's
 * delimiter, its date forms and its number format (The Orchard: "1.234,56"). For tests, benchmarks
 * and the demo seed. statementFileChunks streams files of a million lines and more without holding
 * them in memory.
 *
 * A line carries only what its source reports: DistroKid and CD Baby write USD only (another
 * currency is refused here, as it would be a file those sources never send), Apple gives no UPC on
 * track sales, CD Baby names no store, AWAL writes country names.
 */

import { fromScaled } from '@music-review/core/money';
import { gs1CheckDigit } from '@music-review/core/music-codes';
import { type BuiltInSource, type SaleType, SOURCE_DEFINITIONS } from '@music-review/core/royalty-sources';
import { territoryByAlpha2 } from '@music-review/core/territories';

export interface FixtureLine {
  /** 'YYYY-MM' */
  saleMonth: string;
  store: string;
  /** ISO 3166-1 alpha-2 */
  territory: string;
  isrc?: string;
  upc?: string;
  catalogueNumber?: string;
  releaseTitle: string;
  trackTitle: string;
  artist: string;
  saleType: SaleType;
  /** Whole units, negative for a return. */
  quantity: number;
  /** Exact decimal string ("0.0035", "-1.5"), written in the source's number format. */
  net: string;
  gross?: string;
  currency: string;
}

export interface StatementFileOptions {
  /** Between rows and after the last; '\n' unless given. */
  lineEnding?: '\n' | '\r\n';
  /** A UTF-8 byte-order mark first, as Excel writes "CSV UTF-8". */
  bom?: boolean;
  /** The reporting date of sources that write one ('YYYY-MM-DD'); else the 7th, two months after the sale. */
  reportingDate?: string;
  /** Rows per chunk of statementFileChunks (10,000 unless given). */
  rowsPerChunk?: number;
}

type Delimiter = '\t' | ',' | ';';

/** Each source's delimiter in the files it sends. */
export const STATEMENT_FIXTURE_DELIMITERS: Record<BuiltInSource, Delimiter> = {
  distrokid: '\t',
  tunecore: ',',
  cdbaby: '\t',
  awal: ',',
  believe: ';',
  orchard: '\t',
  fuga: ',',
  apple: '\t',
};

const pad2 = (n: number) => String(n).padStart(2, '0');

function splitMonth(saleMonth: string): { year: number; month: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(saleMonth);
  if (!match) throw new Error(`A fixture line's saleMonth is 'YYYY-MM', not "${saleMonth}"`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** '2024-05-07' from the options, else the 7th two months after the sale month. */
function reportingDate(
  line: FixtureLine,
  options: StatementFileOptions,
): { year: number; month: number; day: number } {
  if (options.reportingDate) {
    const [year, month, day] = options.reportingDate.split('-').map(Number);
    return { year: year!, month: month!, day: day! };
  }
  const { year, month } = splitMonth(line.saleMonth);
  const later = month + 2;
  return { year: later > 12 ? year + 1 : year, month: later > 12 ? later - 12 : later, day: 7 };
}

/** "-1234.5" -> "-1.234,5": European grouping and decimal comma (The Orchard). */
function europeanAmount(decimal: string): string {
  const negative = decimal.startsWith('-');
  const [whole = '0', fraction] = (negative ? decimal.slice(1) : decimal).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${negative ? '-' : ''}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** The words sources write for each kind of sale. */
const SALE_TYPE_WORDS: Record<SaleType, string> = {
  stream: 'Streaming',
  download: 'Download',
  physical: 'Physical',
  sync: 'Sync',
  other: 'Other',
};

function requireUsd(source: BuiltInSource, line: FixtureLine) {
  if (line.currency !== 'USD')
    throw new Error(`${SOURCE_DEFINITIONS[source].name} statements are in USD only, not ${line.currency}`);
}

type CellWriter = (line: FixtureLine, options: StatementFileOptions) => Record<string, string>;

/** One line as each source writes it: published header -> cell text. */
const WRITERS: Record<BuiltInSource, CellWriter> = {
  distrokid: (line, options) => {
    requireUsd('distrokid', line);
    const reported = reportingDate(line, options);
    const isSong = line.isrc !== undefined;
    return {
      'Reporting Date': `${reported.year}-${pad2(reported.month)}-${pad2(reported.day)}`,
      'Sale Month': line.saleMonth,
      Store: line.store,
      Artist: line.artist,
      Title: isSong ? line.trackTitle : line.releaseTitle,
      ISRC: line.isrc ?? '',
      UPC: line.upc ?? '',
      Quantity: String(line.quantity),
      'Team Percentage': '100',
      'Song/Album': isSong ? 'Song' : 'Album',
      'Country of Sale': line.territory,
      'Songwriter Royalties Withheld': '0',
      'Earnings (USD)': line.net,
    };
  },
  tunecore: (line, options) => {
    const { year, month } = splitMonth(line.saleMonth);
    const reported = reportingDate(line, options);
    return {
      'Sales Period': `${pad2(month)}/01/${year}`,
      'Posted Date': `${pad2(reported.month)}/${pad2(reported.day)}/${reported.year}`,
      'Store Name': line.store,
      'Country Of Sale': line.territory,
      Artist: line.artist,
      'Release Type': 'Album',
      'Release Title': line.releaseTitle,
      'Song Title': line.isrc !== undefined ? line.trackTitle : '',
      Label: 'Fixture Records',
      UPC: line.upc ?? '',
      'Optional UPC': '',
      'TC Song ID': '',
      'Optional ISRC': line.isrc ?? '',
      'Sales Type': SALE_TYPE_WORDS[line.saleType],
      '# Units Sold': String(line.quantity),
      'Per Unit Price': '',
      'Net Sales': line.net,
      'Net Sales Currency': line.currency,
      'Exchange Rate': '1',
      'Total Earned': line.net,
      Currency: line.currency,
    };
  },
  cdbaby: (line) => {
    requireUsd('cdbaby', line);
    const { year, month } = splitMonth(line.saleMonth);
    return {
      'Report Date': `${pad2(month)}/15/${year} 12:00:00 AM`,
      Quantity: String(line.quantity),
      Isrc: line.isrc ?? '',
      CDBabySku: line.catalogueNumber ?? '',
      'Artist Name': line.artist,
      'Album Name': line.releaseTitle,
      Subtotal: line.net,
    };
  },
  awal: (line, options) => {
    const { year, month } = splitMonth(line.saleMonth);
    const reported = reportingDate(line, options);
    const country = territoryByAlpha2(line.territory);
    if (!country) throw new Error(`Not a territory: ${line.territory}`);
    return {
      'STATEMENT PERIOD': `${MONTH_NAMES[reported.month - 1]} ${reported.year}`,
      'ACCOUNT ID': '100200',
      'CONTRACT ID': 'C-0001',
      'TRANSACTION DATE': `15/${pad2(month)}/${year}`,
      'SALE COUNTRY': country.name.toUpperCase(),
      STORE: line.store,
      'SERVICE DETAIL': SALE_TYPE_WORDS[line.saleType],
      'LABEL IMPRINT': 'Fixture Records',
      'PRODUCT ARTIST': line.artist,
      PRODUCT: line.releaseTitle,
      'PRODUCT VERSION': '',
      UPC: line.upc ?? '',
      ISRC: line.isrc ?? '',
      QUANTITY: String(line.quantity),
      'ACCOUNT CURRENCY': line.currency,
      'NET SHARE ACCOUNT CURRENCY': line.net,
    };
  },
  believe: (line) => {
    const { year, month } = splitMonth(line.saleMonth);
    return {
      'Reporting month': `${pad2(month)}/${year}`,
      Platform: line.store,
      'Country / Region': line.territory,
      'Artist Name': line.artist,
      'Release title': line.releaseTitle,
      'Track title': line.trackTitle,
      UPC: line.upc ?? '',
      ISRC: line.isrc ?? '',
      'Release Catalog nb': line.catalogueNumber ?? '',
      'Sales Type': SALE_TYPE_WORDS[line.saleType],
      Quantity: String(line.quantity),
      'Client Payment Currency': line.currency,
      'Net Revenue': line.net,
    };
  },
  orchard: (line, options) => {
    const { year, month } = splitMonth(line.saleMonth);
    const reported = reportingDate(line, options);
    const download = line.isrc !== undefined ? 'Track Download' : 'Album Download';
    return {
      'Reporting Period': `01/${pad2(reported.month)}/${reported.year}`,
      'Transaction Month': `01/${pad2(month)}/${year}`,
      Retailer: line.store,
      Territory: line.territory,
      Label: 'Fixture Records',
      'Artist Name': line.artist,
      'Release Name': line.releaseTitle,
      'Track Name': line.isrc !== undefined ? line.trackTitle : '',
      UPC: line.upc ?? '',
      ISRC: line.isrc ?? '',
      'Trans Type Description': line.saleType === 'download' ? download : SALE_TYPE_WORDS[line.saleType],
      Quantity: europeanAmount(String(line.quantity)),
      Total: line.gross !== undefined ? europeanAmount(line.gross) : '',
      'Label Share Net Receipts': europeanAmount(line.net),
      Currency: line.currency,
    };
  },
  fuga: (line) => {
    const { year, month } = splitMonth(line.saleMonth);
    return {
      'Sale Start date': `${year}-${pad2(month)}-01`,
      'Sale End date': `${year}-${pad2(month)}-${pad2(lastDay(year, month))}`,
      DSP: line.store,
      'Sale Store Name': line.store,
      Territory: line.territory,
      'Product UPC': line.upc ?? '',
      'Product Catalog Number': line.catalogueNumber ?? '',
      'Product Title': line.releaseTitle,
      'Product Artist': line.artist,
      'Asset ISRC': line.isrc ?? '',
      'Asset Title': line.isrc !== undefined ? line.trackTitle : '',
      'Asset Artist': line.artist,
      'Sale Type': SALE_TYPE_WORDS[line.saleType],
      Quantity: String(line.quantity),
      'Sale net receipts': line.gross ?? '',
      'Reported Royalty': line.net,
      Currency: line.currency,
    };
  },
  apple: (line) => {
    const { year, month } = splitMonth(line.saleMonth);
    const isTrack = line.isrc !== undefined;
    return {
      'Start Date': `${pad2(month)}/01/${year}`,
      'End Date': `${pad2(month)}/${pad2(lastDay(year, month))}/${year}`,
      // Apple gives no UPC on track sales.
      UPC: isTrack ? '' : (line.upc ?? ''),
      ISRC: line.isrc ?? '',
      'Vendor Identifier': line.catalogueNumber ?? '',
      Quantity: String(line.quantity),
      'Partner Share': '',
      'Extended Partner Share': line.net,
      'Partner Share Currency': line.currency,
      'Sale or Return': line.quantity < 0 ? 'R' : 'S',
      'Artist/Show/Developer/Author': line.artist,
      Title: isTrack ? line.trackTitle : line.releaseTitle,
      'Country Of Sale': line.territory,
    };
  },
};

/** A cell quoted (RFC 4180) when it holds the delimiter, a quote or a line break. */
function quoteCell(value: string, delimiter: Delimiter): string {
  return value.includes(delimiter) || /["\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function headerRow(source: BuiltInSource, options: StatementFileOptions): string {
  const delimiter = STATEMENT_FIXTURE_DELIMITERS[source];
  const row = SOURCE_DEFINITIONS[source].headers.map((h) => quoteCell(h, delimiter)).join(delimiter);
  return (options.bom ? '\uFEFF' : '') + row + (options.lineEnding ?? '\n');
}

function dataRow(source: BuiltInSource, line: FixtureLine, options: StatementFileOptions): string {
  const delimiter = STATEMENT_FIXTURE_DELIMITERS[source];
  const cells = WRITERS[source](line, options);
  return (
    SOURCE_DEFINITIONS[source].headers.map((h) => quoteCell(cells[h] ?? '', delimiter)).join(delimiter) +
    (options.lineEnding ?? '\n')
  );
}

/** A whole statement file of one source: its header row, then one row per line. */
export function statementFileText(
  source: BuiltInSource,
  lines: readonly FixtureLine[],
  options: StatementFileOptions = {},
): string {
  let text = headerRow(source, options);
  for (const line of lines) text += dataRow(source, line, options);
  return text;
}

/**
 * The same file in chunks of rows (the header row first, alone), for files of a million lines and
 * more: each line is made when its chunk is, so memory holds one chunk at a time.
 */
export function* statementFileChunks(
  source: BuiltInSource,
  count: number,
  makeLine: (index: number) => FixtureLine,
  options: StatementFileOptions = {},
): Generator<string> {
  yield headerRow(source, options);
  const rowsPerChunk = options.rowsPerChunk ?? 10_000;
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += dataRow(source, makeLine(i), options);
    if ((i + 1) % rowsPerChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

const withCheckDigit = (digits: string) => digits + String(gs1CheckDigit(digits));

const SAMPLE_STORES = [
  'Spotify',
  'Apple Music',
  'YouTube',
  'Amazon Music Unlimited',
  'Deezer',
  'iTunes',
  'TIDAL',
];
const SAMPLE_TERRITORIES = ['US', 'GB', 'DE', 'FR', 'NL', 'SE', 'JP', 'BR', 'AU', 'CA'];

/**
 * A varied, deterministic line for index i (benchmarks, the demo seed): 500 recordings on 50
 * releases, seven stores (one in seven lines an iTunes download, one in fifty of those a return),
 * ten countries, stream amounts of 0.0035 a unit. ISRCs are GBFXT24 + 5 digits, UPCs 12 digits with a valid check digit.
 */
export function sampleFixtureLine(i: number, overrides: Partial<FixtureLine> = {}): FixtureLine {
  const recording = i % 500;
  const release = recording % 50;
  const store = SAMPLE_STORES[i % SAMPLE_STORES.length]!;
  const isDownload = store === 'iTunes';
  const isReturn = isDownload && Math.floor(i / SAMPLE_STORES.length) % 50 === 0;
  const quantity = isDownload ? (isReturn ? -1 : 1 + (i % 3)) : 1 + ((i * 7) % 400);
  // 0.70 a download, 0.0035 a stream, times the units: exact.
  const net = isDownload ? fromScaled(BigInt(quantity) * 7n, 1) : fromScaled(BigInt(quantity) * 35n, 4);
  return {
    saleMonth: `2024-${pad2(1 + (Math.floor(i / 1000) % 12))}`,
    store,
    territory: SAMPLE_TERRITORIES[(i * 3) % SAMPLE_TERRITORIES.length]!,
    isrc: `GBFXT24${String(recording + 1).padStart(5, '0')}`,
    upc: withCheckDigit(`50600000${String(release).padStart(3, '0')}`),
    catalogueNumber: `FXT${String(release + 1).padStart(3, '0')}`,
    releaseTitle: `Fixture Release ${release + 1}`,
    trackTitle: `Fixture Track ${recording + 1}`,
    artist: `Fixture Artist ${(release % 10) + 1}`,
    saleType: isDownload ? 'download' : 'stream',
    quantity,
    net,
    currency: 'USD',
    ...overrides,
  };
}
