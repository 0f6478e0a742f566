import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_SOURCES,
  type ColumnMapping,
  columnMappingSchema,
  createStatementLineReader,
  detectSource,
  headerSignature,
  isBlankRow,
  STATEMENT_MESSAGES as M,
  normalizeSaleType,
  normalizeStore,
  parseStatementAmount,
  parseStatementDate,
  SOURCE_DEFINITIONS,
  type StatementLine,
  sourceMappingForHeaders,
  suggestColumnMapping,
  validateColumnMapping,
} from './royalty-sources.ts';

/** A row of cells for `headers` from a { header: value } record; unnamed columns are empty. */
function row(headers: readonly string[], values: Record<string, string>): string[] {
  return headers.map((header) => values[header] ?? '');
}

const DISTROKID = SOURCE_DEFINITIONS.distrokid.headers;

describe('detectSource', () => {
  it.each(BUILT_IN_SOURCES)('recognises %s from its published header row', (source) => {
    expect(detectSource(SOURCE_DEFINITIONS[source].headers)).toBe(source);
  });

  it('ignores case, spaces and a byte-order mark', () => {
    const headers = DISTROKID.map((h, i) => (i === 0 ? `\uFEFF${h.toUpperCase()}` : `  ${h.toLowerCase()} `));
    expect(detectSource(headers)).toBe('distrokid');
  });

  it('needs only the required columns, in any order', () => {
    const apple = SOURCE_DEFINITIONS.apple;
    expect(detectSource([...apple.required].reverse())).toBe('apple');
  });

  it("reads Apple's own spellings of two columns", () => {
    const headers = SOURCE_DEFINITIONS.apple.headers.map((h) =>
      h === 'ISRC' ? 'ISRC/ISBN' : h === 'Sale or Return' ? 'Sales or Return' : h,
    );
    expect(detectSource(headers)).toBe('apple');
  });

  it('is null for a file that lacks a required column or is another layout', () => {
    expect(detectSource(DISTROKID.filter((h) => h !== 'Earnings (USD)'))).toBeNull();
    expect(detectSource(['Date', 'Song', 'Amount'])).toBeNull();
    expect(detectSource([])).toBeNull();
  });
});

describe('sourceMappingForHeaders and validateColumnMapping', () => {
  it.each(BUILT_IN_SOURCES)('a built-in mapping is valid for its own header row (%s)', (source) => {
    const headers = SOURCE_DEFINITIONS[source].headers;
    expect(validateColumnMapping(sourceMappingForHeaders(source, headers), headers)).toEqual({});
  });

  it('leaves out the optional columns a file lacks and takes the file spelling', () => {
    const headers = ['Start Date', 'End Date', 'UPC', 'ISRC/ISBN', 'Vendor Identifier', 'Quantity'].concat([
      'Partner Share',
      'Extended Partner Share',
      'Partner Share Currency',
      'sales or return',
    ]);
    const mapping = sourceMappingForHeaders('apple', headers);
    expect(mapping.columns.isrc).toBe('ISRC/ISBN');
    expect(mapping.columns.territory).toBeUndefined();
    expect(mapping.columns.track_title).toBeUndefined();
    expect(mapping.return_column).toBe('sales or return');
    expect(validateColumnMapping(mapping, headers)).toEqual({});
  });

  const custom: ColumnMapping = {
    columns: { sale_month: 'Month', net: 'Royalty', isrc: 'ISRC' },
    number_format: 'point',
    date_format: 'auto',
    default_currency: 'EUR',
    default_sale_type: 'stream',
  };

  it('accepts a custom mapping whose columns are in the file', () => {
    expect(validateColumnMapping(custom, ['month', 'ISRC', 'Royalty'])).toEqual({});
  });

  it('names each mapped column the file does not have', () => {
    expect(validateColumnMapping(custom, ['Month', 'Royalty'])).toEqual({ isrc: M.columnMissing('ISRC') });
    expect(
      validateColumnMapping({ ...custom, release_row_column: 'Kind' }, ['Month', 'Royalty', 'ISRC']),
    ).toEqual({ mapping: M.columnMissing('Kind') });
  });

  it('needs the sale month, the net and a currency', () => {
    expect(
      validateColumnMapping({ ...custom, columns: { isrc: 'ISRC' }, default_currency: null }, ['ISRC']),
    ).toEqual({
      sale_month: M.saleMonthNotMapped,
      net: M.netNotMapped,
      currency: M.currencyNotMapped,
    });
    expect(
      validateColumnMapping({ ...custom, default_currency: 'EURO' }, ['Month', 'Royalty', 'ISRC']),
    ).toEqual({
      currency: M.defaultCurrencyInvalid('EURO'),
    });
  });

  it('has a schema that upper-cases the default currency and refuses unknown fields values', () => {
    expect(columnMappingSchema.parse({ ...custom, default_currency: 'eur' }).default_currency).toBe('EUR');
    expect(columnMappingSchema.safeParse({ ...custom, default_currency: 'XYZ' }).success).toBe(false);
    expect(columnMappingSchema.safeParse({ ...custom, date_format: 'ymd' }).success).toBe(false);
  });
});

describe('suggestColumnMapping', () => {
  it('maps the usual column names of an unknown layout', () => {
    const headers = [
      'Period',
      'Retailer',
      'Country',
      'Artist',
      'Track',
      'Album',
      'ISRC',
      'EAN',
      'Units',
      'Net Revenue',
      'Currency',
      'Notes',
    ];
    const mapping = suggestColumnMapping(headers);
    expect(mapping.columns).toEqual({
      sale_month: 'Period',
      store: 'Retailer',
      territory: 'Country',
      artist: 'Artist',
      track_title: 'Track',
      release_title: 'Album',
      isrc: 'ISRC',
      upc: 'EAN',
      quantity: 'Units',
      net: 'Net Revenue',
      currency: 'Currency',
    });
    expect(mapping).toMatchObject({ number_format: 'point', date_format: 'auto', default_currency: null });
    expect(validateColumnMapping(mapping, headers)).toEqual({});
  });

  it('takes the currency from an amount header and guesses formats from sample rows', () => {
    const headers = ['Date', 'Title', 'Earnings (EUR)'];
    const mapping = suggestColumnMapping(headers, [
      ['15/03/2024', 'Song', '1.234,56'],
      ['16/03/2024', 'Song', '0,5'],
    ]);
    expect(mapping).toMatchObject({
      columns: { sale_month: 'Date', track_title: 'Title', net: 'Earnings (EUR)' },
      default_currency: 'EUR',
      number_format: 'comma',
      date_format: 'dmy',
    });
    expect(suggestColumnMapping(headers, [['03/15/2024', 'Song', '1,234']])).toMatchObject({
      number_format: 'point',
      date_format: 'mdy',
    });
  });

  it('leaves unmapped what it cannot place, for the member to choose', () => {
    const mapping = suggestColumnMapping(['Foo', 'Bar']);
    expect(mapping.columns).toEqual({});
    expect(validateColumnMapping(mapping, ['Foo', 'Bar'])).toMatchObject({
      sale_month: M.saleMonthNotMapped,
      net: M.netNotMapped,
      currency: M.currencyNotMapped,
    });
  });
});

describe('headerSignature', () => {
  it('is the same for the same columns written differently', () => {
    const signature = headerSignature(['Sale Month', 'Net  Amount', 'ISRC']);
    expect(signature).toBe('sale month|net amount|isrc');
    expect(headerSignature(['\uFEFFSALE MONTH ', 'net amount', 'Isrc', '', ''])).toBe(signature);
  });

  it('differs when the columns or their order differ', () => {
    expect(headerSignature(['ISRC', 'Sale Month'])).not.toBe(headerSignature(['Sale Month', 'ISRC']));
    expect(headerSignature(['Sale Month'])).not.toBe(headerSignature(['Sale Month', 'ISRC']));
  });
});

describe('isBlankRow', () => {
  it('is true only when every cell is empty or spaces', () => {
    expect(isBlankRow(['', ' ', '\t'])).toBe(true);
    expect(isBlankRow([])).toBe(true);
    expect(isBlankRow(['', '0'])).toBe(false);
  });
});

describe('parseStatementAmount', () => {
  it.each([
    ['1,234.56', '1234.56'],
    ['1234.56', '1234.56'],
    ['1234.50', '1234.5'],
    ['-0.0003', '-0.0003'],
    ['0.000', '0'],
    ['-0', '0'],
    ['(12.50)', '-12.5'],
    ['($1,000.00)', '-1000'],
    ['12.50-', '-12.5'],
    ['$1.00', '1'],
    ['-$1.00', '-1'],
    ['$-1.00', '-1'],
    ['US$ 3.10', '3.1'],
    ['1.00 USD', '1'],
    ['£2,000', '2000'],
    ['1 234.56', '1234.56'],
    ['1\u00a0234.56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['3.5E-05', '0.000035'],
    ['-1.2e-7', '-0.00000012'],
    ['1E+3', '1000'],
    ['.5', '0.5'],
    ['+4', '4'],
  ])('point: %j -> %s', (text, amount) => {
    expect(parseStatementAmount(text, 'point')).toBe(amount);
  });

  it.each([
    ['1.234,56', '1234.56'],
    ['10.000,50', '10000.5'],
    ['1234,56', '1234.56'],
    ['-0,0003', '-0.0003'],
    ['1 234,56', '1234.56'],
    ['1\u202f234,56', '1234.56'],
    ['1.234', '1234'], // groups of three after a point are thousands
    ['12.5', '12.5'], // a workbook cell: its point is a decimal point
    ['0.123', '0.123'],
    ['3,5E-05', '0.000035'],
    ['(1.234,50 €)', '-1234.5'],
  ])('comma: %j -> %s', (text, amount) => {
    expect(parseStatementAmount(text, 'comma')).toBe(amount);
  });

  it('is null for an empty cell', () => {
    expect(parseStatementAmount('', 'point')).toBeNull();
    expect(parseStatementAmount('   ', 'comma')).toBeNull();
  });

  it.each([
    ['abc', 'point'],
    ['1,5', 'point'], // a decimal comma in a decimal-point file: the mapping's number format is wrong
    ['12,34,5', 'point'],
    ['1.2.3', 'point'],
    ['3,5E-05', 'point'],
    ['-', 'point'],
    ['$', 'point'],
    ['1,2,3', 'comma'],
    ['N/A', 'comma'],
    ['1e', 'point'],
  ] as const)('refuses %j (%s)', (text, format) => {
    expect(parseStatementAmount(text, format)).toBeUndefined();
  });
});

describe('parseStatementDate', () => {
  const ym = (text: string, format: 'auto' | 'mdy' | 'dmy' = 'auto') => {
    const date = parseStatementDate(text, format);
    return date.ok ? `${date.year}-${date.month}${date.day === null ? '' : `-${date.day}`}` : date.reason;
  };

  it.each([
    ['2024-03', '2024-3'],
    ['2024-03-01', '2024-3-1'],
    ['2024-3-15', '2024-3-15'],
    ['2024/03', '2024-3'],
    ['2024/03/31', '2024-3-31'],
    ['2024-03-15T00:00:00Z', '2024-3-15'],
    ['2024-03-15 08:30:00', '2024-3-15'],
    ['202403', '2024-3'],
    ['20240315', '2024-3-15'],
    ['03/2024', '2024-3'],
    ['3-2024', '2024-3'],
    ['Mar 2024', '2024-3'],
    ['March 2024', '2024-3'],
    ['MARCH 2024', '2024-3'],
    ['Sept. 2024', '2024-9'],
    ['Mar-24', '2024-3'],
    ['2024 March', '2024-3'],
    ['15 Mar 2024', '2024-3-15'],
    ['Mar 15, 2024', '2024-3-15'],
    ['2024-Q1', '2024-1'],
    ['Q4 2023', '2023-10'],
    ['45383', '2024-4-1'], // Excel serial day: 2024-04-01
    ['45383.5', '2024-4-1'],
    ['15.03.2024', '2024-3-15'], // dotted dates are day first
    ['15/03/2024', '2024-3-15'], // unambiguous: 15 is no month
    ['10/15/2023 12:00:00 AM', '2023-10-15'],
    ['03/04/2024', 'ambiguous'],
    ['04/04/2024', '2024-4-4'],
    ['2024-13', 'invalid'],
    ['2023-02-29', 'invalid'],
    ['2024-02-29', '2024-2-29'],
    ['Smarch 2024', 'invalid'],
    ['yesterday', 'invalid'],
    ['2024', 'invalid'],
    ['13/13/2024', 'invalid'],
  ])('auto: %j -> %s', (text, expected) => {
    expect(ym(text)).toBe(expected);
  });

  it('reads numeric dates in the order the mapping gives', () => {
    expect(ym('03/04/2024', 'mdy')).toBe('2024-3-4');
    expect(ym('03/04/2024', 'dmy')).toBe('2024-4-3');
    expect(ym('10/15/2023 12:00:00 AM', 'mdy')).toBe('2023-10-15');
    expect(ym('10/15/2023', 'dmy')).toBe('invalid');
    expect(ym('01/03/24', 'dmy')).toBe('2024-3-1');
    expect(ym('15.03.2024', 'mdy')).toBe('2024-3-15');
  });
});

describe('normalizeStore', () => {
  it.each([
    ['YOUTUBE', 'YouTube'],
    ['YouTube', 'YouTube'],
    ['youtube ', 'YouTube'],
    ['You Tube', 'YouTube'],
    ['spotify', 'Spotify'],
    ['Apple Music', 'Apple Music'],
    ['iTunes', 'iTunes'],
    ['ITUNES STORE', 'iTunes'],
    ['Amazon Unlimited', 'Amazon Music Unlimited'],
    ['Tidal', 'TIDAL'],
    ['7digital', '7digital'],
    ['NEW  LOCAL STORE', 'New Local Store'],
    ['MyStore  Radio', 'MyStore Radio'],
    ['indie shop', 'indie shop'],
  ])('%j -> %j', (text, name) => {
    expect(normalizeStore(text)).toBe(name);
  });

  it('keeps Apple Music and iTunes apart', () => {
    expect(normalizeStore('APPLE MUSIC')).not.toBe(normalizeStore('ITUNES'));
  });

  it('is null for an empty cell', () => {
    expect(normalizeStore('  ')).toBeNull();
  });
});

describe('normalizeSaleType', () => {
  it.each([
    ['Stream', 'stream'],
    ['Streaming', 'stream'],
    ['STREAMS', 'stream'],
    ['Ad-Supported Stream', 'stream'],
    ['Subscription', 'stream'],
    ['YouTube Content ID', 'stream'],
    ['Premium Streaming Audio', 'stream'],
    ['Download', 'download'],
    ['Track Download', 'download'],
    ['Album Download', 'download'],
    ['Physical', 'physical'],
    ['CD', 'physical'],
    ['Vinyl', 'physical'],
    ['12" Vinyl', 'physical'],
    ['Sync', 'sync'],
    ['Licensing', 'sync'],
    ['Ringtone', 'other'],
    ['Other', 'other'],
  ])('%j -> %s', (text, type) => {
    expect(normalizeSaleType(text)).toBe(type);
  });

  it('is null for unknown or empty text', () => {
    expect(normalizeSaleType('Wibble')).toBeNull();
    expect(normalizeSaleType('')).toBeNull();
  });
});

describe('createStatementLineReader', () => {
  const distrokid = (values: Record<string, string>) => {
    const read = createStatementLineReader(sourceMappingForHeaders('distrokid', DISTROKID), DISTROKID);
    return read(row(DISTROKID, values));
  };
  const distrokidSong = {
    'Reporting Date': '2024-05-07',
    'Sale Month': '2024-03',
    Store: 'SPOTIFY',
    Artist: 'Dome Artist',
    Title: 'Night Drive',
    ISRC: 'gb-abc-24-00001',
    UPC: '5061234567892',
    Quantity: '1,234',
    'Team Percentage': '100',
    'Song/Album': 'Song',
    'Country of Sale': 'GB',
    'Songwriter Royalties Withheld': '0',
    'Earnings (USD)': '3.5E-05',
  };

  it('reads a DistroKid song line', () => {
    expect(distrokid(distrokidSong)).toEqual({
      ok: true,
      line: {
        sale_month: '2024-03-01',
        reporting_date: '2024-05-07',
        store: 'Spotify',
        territory: 'GB',
        isrc: 'GBABC2400001',
        upc: '5061234567892',
        catalogue_number: null,
        release_title: null,
        track_title: 'Night Drive',
        artist: 'Dome Artist',
        sale_type: 'stream',
        quantity: 1234,
        gross: null,
        net: '0.000035',
        currency: 'USD',
      } satisfies StatementLine,
    });
  });

  it("reads a DistroKid album line's title as the release title", () => {
    const result = distrokid({ ...distrokidSong, ISRC: '', 'Song/Album': 'Album', Title: 'Night Album' });
    expect(result.ok && result.line).toMatchObject({
      isrc: null,
      release_title: 'Night Album',
      track_title: null,
    });
  });

  it('takes the sale type from the store when the file has no sale type column', () => {
    const itunes = distrokid({ ...distrokidSong, Store: 'iTunes' });
    expect(itunes.ok && itunes.line.sale_type).toBe('download');
    const unknown = distrokid({ ...distrokidSong, Store: 'Corner Shop' });
    expect(unknown.ok && unknown.line).toMatchObject({ store: 'Corner Shop', sale_type: 'stream' });
  });

  it('keeps a line without any identifier or title (it will be unmatched)', () => {
    const result = distrokid({ ...distrokidSong, ISRC: '', UPC: '', Title: '', Artist: '' });
    expect(result.ok && result.line).toMatchObject({
      isrc: null,
      upc: null,
      track_title: null,
      artist: null,
    });
  });

  it('lists every problem of a line, each on the column as the file names it', () => {
    const result = distrokid({
      ...distrokidSong,
      'Sale Month': 'someday',
      ISRC: 'GBABC24',
      UPC: '5.06123E+12',
      Quantity: '1.5',
      'Country of Sale': 'Atlantis',
      'Earnings (USD)': '',
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { column: 'Sale Month', message: M.dateInvalid('Sale Month', 'someday') },
        { column: 'Country of Sale', message: M.territoryInvalid('Country of Sale', 'Atlantis') },
        { column: 'ISRC', message: M.isrcInvalid('ISRC', 'GBABC24') },
        { column: 'UPC', message: M.upcScientific('UPC', '5.06123E+12') },
        { column: 'Quantity', message: M.quantityInvalid('Quantity', '1.5') },
        { column: 'Earnings (USD)', message: M.netMissing('Earnings (USD)') },
      ],
    });
  });

  it('reads a row shorter than the header row as ending in empty cells', () => {
    const read = createStatementLineReader(sourceMappingForHeaders('distrokid', DISTROKID), DISTROKID);
    const result = read(['2024-05-07', '2024-03', 'Spotify']);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.column)).toEqual(['Earnings (USD)']);
  });

  it('puts back the leading zero a spreadsheet drops from a UPC, when the check digit agrees', () => {
    const result = distrokid({ ...distrokidSong, UPC: '36000241457' });
    expect(result.ok && result.line.upc).toBe('036000241457');
    const wrong = distrokid({ ...distrokidSong, UPC: '36000241458' });
    expect(wrong.ok).toBe(false);
  });

  it('reads a CD Baby line: US dates with a time, USD, and a required quantity', () => {
    const headers = SOURCE_DEFINITIONS.cdbaby.headers;
    const read = createStatementLineReader(sourceMappingForHeaders('cdbaby', headers), headers);
    const cells = row(headers, {
      'Report Date': '10/15/2023 12:00:00 AM',
      Quantity: '3',
      Isrc: 'USRC17607839',
      CDBabySku: 'cdb12345',
      'Artist Name': 'Band',
      'Album Name': 'Record',
      Subtotal: '2.97',
    });
    expect(read(cells)).toEqual({
      ok: true,
      line: expect.objectContaining({
        sale_month: '2023-10-01',
        reporting_date: '2023-10-15',
        catalogue_number: 'cdb12345',
        release_title: 'Record',
        quantity: 3,
        net: '2.97',
        currency: 'USD',
        sale_type: 'other',
        store: null,
      }),
    });
    const noQuantity = read(row(headers, { 'Report Date': '10/15/2023', Subtotal: '1' }));
    expect(noQuantity).toEqual({
      ok: false,
      problems: [{ column: 'Quantity', message: M.quantityMissing('Quantity') }],
    });
  });

  it('reads an empty quantity as 0 units where the source does not always write one', () => {
    const result = distrokid({ ...distrokidSong, Quantity: '' });
    expect(result.ok && result.line.quantity).toBe(0);
  });

  it('makes an Apple return negative when the file writes it positive', () => {
    const headers = SOURCE_DEFINITIONS.apple.headers;
    const read = createStatementLineReader(sourceMappingForHeaders('apple', headers), headers);
    const sale = {
      'Start Date': '03/03/2024',
      'End Date': '03/30/2024',
      ISRC: 'USRC17607839',
      'Vendor Identifier': 'DMR001',
      Quantity: '2',
      'Partner Share': '0.70',
      'Extended Partner Share': '1.40',
      'Partner Share Currency': 'eur',
      'Sale or Return': 'S',
      'Country Of Sale': 'DEU',
    };
    expect(read(row(headers, sale))).toEqual({
      ok: true,
      line: expect.objectContaining({
        sale_month: '2024-03-01',
        store: 'iTunes',
        sale_type: 'download',
        territory: 'DE',
        catalogue_number: 'DMR001',
        quantity: 2,
        net: '1.4',
        currency: 'EUR',
      }),
    });
    const positiveReturn = read(row(headers, { ...sale, 'Sale or Return': 'R' }));
    expect(positiveReturn.ok && positiveReturn.line).toMatchObject({ quantity: -2, net: '-1.4' });
    const negativeReturn = read(
      row(headers, { ...sale, 'Sale or Return': 'R', Quantity: '-2', 'Extended Partner Share': '-1.40' }),
    );
    expect(negativeReturn.ok && negativeReturn.line).toMatchObject({ quantity: -2, net: '-1.4' });
  });

  it("reads The Orchard's European numbers and its gross", () => {
    const headers = SOURCE_DEFINITIONS.orchard.headers;
    const read = createStatementLineReader(sourceMappingForHeaders('orchard', headers), headers);
    const result = read(
      row(headers, {
        'Transaction Month': '01/03/2024',
        Retailer: 'Deezer',
        Territory: 'FR',
        'Track Name': 'Song',
        ISRC: 'FRABC2400001',
        'Trans Type Description': 'Streaming',
        Quantity: '10.000',
        Total: '1.234,56',
        'Label Share Net Receipts': '864,19',
        Currency: 'EUR',
      }),
    );
    expect(result.ok && result.line).toMatchObject({
      sale_month: '2024-03-01',
      quantity: 10000,
      gross: '1234.56',
      net: '864.19',
      sale_type: 'stream',
    });
    const wrong = read(
      row(headers, {
        'Transaction Month': '01/03/2024',
        'Label Share Net Receipts': '1,234.56',
        Currency: 'EUR',
      }),
    );
    expect(!wrong.ok && wrong.problems).toEqual([
      {
        column: 'Label Share Net Receipts',
        message: M.amountInvalid('Label Share Net Receipts', '1,234.56', 'comma'),
      },
    ]);
  });

  it('reads a custom mapping: Excel serial months, an unknown sale type as other, the currency column', () => {
    const headers = ['Month', 'Type', 'Amount', 'Cur', 'Gross'];
    const mapping: ColumnMapping = {
      columns: { sale_month: 'Month', sale_type: 'Type', net: 'Amount', currency: 'Cur', gross: 'Gross' },
      number_format: 'point',
      date_format: 'auto',
      default_currency: null,
      default_sale_type: 'sync',
    };
    const read = createStatementLineReader(mapping, headers);
    expect(read(['45383', 'Wibble', '1', 'gbp', ''])).toEqual({
      ok: true,
      line: expect.objectContaining({
        sale_month: '2024-04-01',
        sale_type: 'other',
        currency: 'GBP',
        gross: null,
      }),
    });
    expect(read(['45383', '', '1', 'GBP', '2']).ok && read(['45383', '', '1', 'GBP', '2'])).toMatchObject({
      line: { sale_type: 'sync', gross: '2' },
    });
    expect(read(['03/04/2024', 'Stream', '1', '', 'x'])).toEqual({
      ok: false,
      problems: [
        { column: 'Month', message: M.dateAmbiguous('Month', '03/04/2024') },
        { column: 'Gross', message: M.amountInvalid('Gross', 'x', 'point') },
        { column: 'Cur', message: M.currencyMissing('Cur') },
      ],
    });
    expect(read(['2024-03', 'Stream', '1', 'XYZ', ''])).toEqual({
      ok: false,
      problems: [{ column: 'Cur', message: M.currencyInvalid('Cur', 'XYZ') }],
    });
  });

  it('reports an unmapped currency under the field name', () => {
    const read = createStatementLineReader(
      {
        columns: { sale_month: 'Month', net: 'Amount' },
        number_format: 'point',
        date_format: 'auto',
        default_currency: null,
        default_sale_type: 'stream',
      },
      ['Month', 'Amount'],
    );
    expect(read(['2024-03', '1'])).toEqual({
      ok: false,
      problems: [{ column: 'currency', message: M.currencyMissing('currency') }],
    });
  });

  it('gives the same answers when the same cells repeat (its caches)', () => {
    const first = distrokid(distrokidSong);
    for (let i = 0; i < 3; i++) expect(distrokid(distrokidSong)).toEqual(first);
  });
});
