// Database-independent: statement files only (the PostgreSQL pass skips it; vitest.config.ts).
import { canonicalDecimal, toScaled } from '@music-review/core/money';
import {
  BUILT_IN_SOURCES,
  type BuiltInSource,
  createStatementLineReader,
  detectSource,
  normalizeStore,
  type StatementLine,
  sourceMappingForHeaders,
  storeSaleType,
  validateColumnMapping,
} from '@music-review/core/royalty-sources';
import { TERRITORIES } from '@music-review/core/territories';
import { describe, expect, it } from 'vitest';
import {
  type FixtureLine,
  STATEMENT_FIXTURE_DELIMITERS,
  sampleFixtureLine,
  statementFileChunks,
  statementFileText,
} from './statement-fixtures.ts';

/** Rows of cells from file text: RFC 4180 quotes, any line ending, a byte-order mark ignored. */
function parseRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === delimiter) {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** Reads a generated file back: the source detected, its mapping valid, every row a line. */
function readBack(source: BuiltInSource, text: string) {
  const [headers = [], ...rows] = parseRows(text, STATEMENT_FIXTURE_DELIMITERS[source]);
  expect(detectSource(headers)).toBe(source);
  const mapping = sourceMappingForHeaders(source, headers);
  expect(validateColumnMapping(mapping, headers)).toEqual({});
  const read = createStatementLineReader(mapping, headers);
  return rows.map((cells) => {
    const result = read(cells);
    if (!result.ok) throw new Error(`${source}: ${JSON.stringify(result.problems)}`);
    return result.line;
  });
}

const SONG: FixtureLine = {
  saleMonth: '2024-03',
  store: 'Spotify',
  territory: 'GB',
  isrc: 'GBFXT2400001',
  upc: '506000000007',
  catalogueNumber: 'FXT001',
  releaseTitle: 'Night Album',
  trackTitle: 'Night Drive',
  artist: 'Dome Artist',
  saleType: 'stream',
  quantity: 1234,
  net: '4.3190',
  gross: '6.17',
  currency: 'USD',
};

/** Lines that test each quirk: tiny and large amounts, an album sale, a download return, names with commas. */
const LINES: FixtureLine[] = [
  SONG,
  {
    ...SONG,
    store: 'iTunes',
    saleType: 'download',
    quantity: 2,
    net: '1.40',
    gross: '1.98',
    territory: 'DE',
  },
  {
    ...SONG,
    store: 'iTunes',
    saleType: 'download',
    quantity: -1,
    net: '-0.7',
    gross: '-0.99',
    territory: 'US',
  },
  {
    ...SONG,
    isrc: undefined,
    store: 'Beatport',
    saleType: 'download',
    quantity: 1,
    net: '12345.67',
    gross: '20000',
    territory: 'BQ', // "Bonaire, Sint Eustatius and Saba": a comma inside AWAL's country name
  },
  {
    ...SONG,
    store: 'Corner Shop',
    saleType: 'physical',
    quantity: 0,
    net: '0.0003',
    gross: undefined,
    territory: 'CI',
  },
  { ...SONG, store: 'YouTube', saleType: 'sync', net: '-0.000035', saleMonth: '2023-12', territory: 'KR' },
  {
    ...SONG,
    saleType: 'other',
    catalogueNumber: undefined,
    upc: undefined,
    trackTitle: 'Song, with "quotes"',
    net: '3',
  },
];

const reportedMonth = (saleMonth: string) => {
  const [year, month] = saleMonth.split('-').map(Number) as [number, number];
  return month > 10
    ? `${year + 1}-${String(month - 10).padStart(2, '0')}`
    : `${year}-${String(month + 2).padStart(2, '0')}`;
};

/** What each source's file says about a line, as core reads it back (the source's quirks in one place). */
function expected(source: BuiltInSource, line: FixtureLine): StatementLine {
  const isSong = line.isrc !== undefined;
  const base: StatementLine = {
    sale_month: `${line.saleMonth}-01`,
    reporting_date: null,
    store: normalizeStore(line.store),
    territory: line.territory,
    isrc: line.isrc ?? null,
    upc: line.upc ?? null,
    catalogue_number: line.catalogueNumber ?? null,
    release_title: line.releaseTitle,
    track_title: isSong ? line.trackTitle : null,
    artist: line.artist,
    sale_type: line.saleType,
    quantity: line.quantity,
    gross: null,
    net: canonicalDecimal(line.net),
    currency: line.currency,
  };
  const kindOfStore = storeSaleType(line.store);
  switch (source) {
    case 'distrokid':
      return {
        ...base,
        reporting_date: `${reportedMonth(line.saleMonth)}-07`,
        catalogue_number: null,
        release_title: isSong ? null : line.releaseTitle,
        sale_type: kindOfStore ?? 'stream',
      };
    case 'tunecore':
      return { ...base, reporting_date: `${reportedMonth(line.saleMonth)}-07`, catalogue_number: null };
    case 'cdbaby':
      return {
        ...base,
        reporting_date: `${line.saleMonth}-15`,
        store: null,
        territory: null,
        upc: null,
        track_title: null,
        sale_type: 'other',
      };
    case 'awal':
      return {
        ...base,
        reporting_date: `${reportedMonth(line.saleMonth)}-01`,
        catalogue_number: null,
        track_title: null,
        sale_type: kindOfStore ?? 'stream',
      };
    case 'believe':
      return { ...base, track_title: line.trackTitle };
    case 'orchard':
      return {
        ...base,
        reporting_date: `${reportedMonth(line.saleMonth)}-01`,
        catalogue_number: null,
        gross: line.gross === undefined ? null : canonicalDecimal(line.gross),
      };
    case 'fuga':
      return { ...base, gross: line.gross === undefined ? null : canonicalDecimal(line.gross) };
    case 'apple':
      // Apple's one title is the release's on a release sale; its report is iTunes downloads.
      return {
        ...base,
        store: 'iTunes',
        sale_type: 'download',
        upc: isSong ? null : (line.upc ?? null),
        release_title: isSong ? null : line.releaseTitle,
      };
  }
}

/** The lines a source can send: DistroKid and CD Baby pay in USD only. */
const linesFor = (source: BuiltInSource, currency: string) =>
  LINES.map((line) => ({
    ...line,
    currency: source === 'distrokid' || source === 'cdbaby' ? 'USD' : currency,
  }));

describe('statementFileText', () => {
  it.each(BUILT_IN_SOURCES)('writes %s files that read back line for line', (source) => {
    const lines = linesFor(source, 'EUR');
    const text = statementFileText(source, lines);
    expect(readBack(source, text)).toEqual(lines.map((line) => expected(source, line)));
  });

  it('writes the header row exactly as each source publishes it, with its delimiter', () => {
    expect(statementFileText('distrokid', []).trimEnd()).toBe(
      'Reporting Date\tSale Month\tStore\tArtist\tTitle\tISRC\tUPC\tQuantity\tTeam Percentage\tSong/Album\tCountry of Sale\tSongwriter Royalties Withheld\tEarnings (USD)',
    );
    expect(statementFileText('believe', []).split(';')[0]).toBe('Reporting month');
    expect(statementFileText('cdbaby', [])).toBe(
      'Report Date\tQuantity\tIsrc\tCDBabySku\tArtist Name\tAlbum Name\tSubtotal\n',
    );
  });

  it("writes each source's own number and date forms", () => {
    const line = { ...SONG, net: '-1234.5', gross: '10000.5', quantity: 10000 };
    const [, orchard] = parseRows(statementFileText('orchard', [line]), '\t');
    expect(orchard).toEqual(expect.arrayContaining(['01/03/2024', '-1.234,5', '10.000,5', '10.000']));
    const [, cdbaby] = parseRows(statementFileText('cdbaby', [line]), '\t');
    expect(cdbaby?.[0]).toBe('03/15/2024 12:00:00 AM');
    const [, awal] = parseRows(statementFileText('awal', [line]), ',');
    expect(awal).toEqual(expect.arrayContaining(['May 2024', '15/03/2024', 'UNITED KINGDOM']));
    const [, apple] = parseRows(statementFileText('apple', [{ ...SONG, quantity: -1, net: '-0.7' }]), '\t');
    expect(apple).toEqual(expect.arrayContaining(['03/01/2024', '03/31/2024', 'R', '-1', '-0.7']));
  });

  it('reads every country name AWAL writes back to its code', () => {
    const lines = TERRITORIES.map((t) => ({ ...SONG, territory: t.alpha2 }));
    const read = readBack('awal', statementFileText('awal', lines, { lineEnding: '\r\n', bom: true }));
    expect(read.map((line) => line.territory)).toEqual(TERRITORIES.map((t) => t.alpha2));
  });

  it('refuses a currency DistroKid and CD Baby never pay in', () => {
    expect(() => statementFileText('distrokid', [{ ...SONG, currency: 'EUR' }])).toThrow('USD');
    expect(() => statementFileText('cdbaby', [{ ...SONG, currency: 'GBP' }])).toThrow('USD');
  });
});

describe('statementFileChunks', () => {
  it('streams the same text as statementFileText, the header first and alone', () => {
    const lines = Array.from({ length: 25 }, (_, i) => sampleFixtureLine(i));
    const chunks = [...statementFileChunks('fuga', lines.length, (i) => lines[i]!, { rowsPerChunk: 10 })];
    expect(chunks).toHaveLength(4); // the header, then 10 + 10 + 5 rows
    expect(chunks[0]).toBe(statementFileText('fuga', []));
    expect(chunks.join('')).toBe(statementFileText('fuga', lines));
  });

  it('makes large files a chunk at a time, every line readable', () => {
    const count = 50_000;
    let rows = 0;
    let largest = 0;
    let first = true;
    let read: ReturnType<typeof createStatementLineReader> | null = null;
    let net = 0n;
    for (const chunk of statementFileChunks('distrokid', count, (i) => sampleFixtureLine(i))) {
      largest = Math.max(largest, chunk.length);
      const parsed = parseRows(chunk, '\t');
      if (first) {
        read = createStatementLineReader(sourceMappingForHeaders('distrokid', parsed[0]!), parsed[0]!);
        first = false;
        continue;
      }
      for (const cells of parsed) {
        const result = read!(cells);
        if (!result.ok) throw new Error(JSON.stringify(result.problems));
        net += toScaled(result.line.net, 4);
        rows++;
      }
    }
    expect(rows).toBe(count);
    // No chunk holds more than its 10,000 rows (about a megabyte).
    expect(largest).toBeLessThan(2_000_000);
    // The sum, exact in units of 0.0001, equals the sum of the lines as made.
    let made = 0n;
    for (let i = 0; i < count; i++) made += toScaled(sampleFixtureLine(i).net, 4);
    expect(net).toBe(made);
  });
});

describe('sampleFixtureLine', () => {
  it('is deterministic and varied, with valid codes', () => {
    expect(sampleFixtureLine(3)).toEqual(sampleFixtureLine(3));
    const lines = Array.from({ length: 2000 }, (_, i) => sampleFixtureLine(i));
    expect(new Set(lines.map((l) => l.store)).size).toBe(7);
    expect(new Set(lines.map((l) => l.isrc)).size).toBe(500);
    expect(lines.some((l) => l.quantity < 0)).toBe(true);
    expect(sampleFixtureLine(0, { currency: 'EUR' }).currency).toBe('EUR');
    // Every sample line reads back from every source's file that can carry it.
    for (const source of BUILT_IN_SOURCES)
      expect(readBack(source, statementFileText(source, lines.slice(0, 50)))).toHaveLength(50);
  });
});
