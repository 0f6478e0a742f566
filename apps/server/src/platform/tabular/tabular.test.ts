// Database-independent: the tabular reader reads files only (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * Delimited text statements: what inspectTabular tells of a file, the rows readTabularRows yields,
 * and every refusal a member may meet, on files made here byte by byte.
 */
import { describe, expect, it } from 'vitest';
import {
  inspectTabular,
  readTabularRows,
  type TabularError,
  type TabularErrorCode,
  type TabularFile,
} from './index.ts';
import { bytesSource } from './test-helpers.ts';

type Source = ReturnType<typeof bytesSource>;

async function rowsOf(
  source: Source,
  file: TabularFile,
  options: Parameters<typeof readTabularRows>[2] = {},
) {
  const rows: { row: number; cells: string[] }[] = [];
  for await (const row of readTabularRows(source.open, file, options)) rows.push(row);
  return rows;
}

/** Inspects and reads a file whole. */
async function readAll(bytes: Uint8Array | string, chunkSize?: number) {
  const source = bytesSource(bytes, chunkSize);
  const file = await inspectTabular(source.open, 'statement.csv');
  return { file, rows: await rowsOf(source, file), source };
}

/** The TabularError a promise rejects with (failing the test when it does not). */
async function refusal(promise: Promise<unknown>, code: TabularErrorCode): Promise<TabularError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toMatchObject({ name: 'TabularError', code });
  return error as TabularError;
}

const utf16le = (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
const utf16be = (text: string) =>
  Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]);

describe('CSV structure', () => {
  const csv = [
    'ISRC,Title,Quantity,Amount',
    'USRC17607839,"Song, with comma",3,0.0042',
    'USRC17607840,"She said ""hi""",1,0.001',
    '',
    'USRC17607841,"Two',
    'lines",2,0.5',
    'USRC17607842,Plain,,',
  ].join('\r\n');

  it('reads the header, a sample and the data rows numbered as a spreadsheet shows them', async () => {
    const { file, rows } = await readAll(csv);
    expect(file).toEqual({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['ISRC', 'Title', 'Quantity', 'Amount'],
      innerName: null,
      sheetName: null,
      sample: [
        ['USRC17607839', 'Song, with comma', '3', '0.0042'],
        ['USRC17607840', 'She said "hi"', '1', '0.001'],
        ['USRC17607841', 'Two\r\nlines', '2', '0.5'],
        ['USRC17607842', 'Plain', '', ''],
      ],
    });
    // The blank line 4 is skipped but counted; the quoted cell with a line break keeps its record one row.
    expect(rows.map((r) => r.row)).toEqual([2, 3, 5, 6]);
    expect(rows.map((r) => r.cells)).toEqual(file.sample);
  });

  it('gives the same rows whatever the chunk boundaries', async () => {
    const whole = await readAll(csv);
    for (const chunkSize of [1, 2, 3, 7, 13]) {
      expect((await readAll(csv, chunkSize)).rows).toEqual(whole.rows);
    }
  });

  it('reads LF and old-Mac CR line breaks and a last line without a break', async () => {
    expect((await readAll('a,b\n1,2\n3,4')).rows).toEqual([
      { row: 2, cells: ['1', '2'] },
      { row: 3, cells: ['3', '4'] },
    ]);
    expect((await readAll('a,b\r1,2\r3,4\r')).rows.map((r) => r.cells)).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('trims headers, drops empty trailing ones and a second byte order mark, keeps cells as they are', async () => {
    const { file, rows } = await readAll('\uFEFF Store ; Net ;;\n Spotify ; 1,5 ;;\n');
    expect(file.headers).toEqual(['Store', 'Net']);
    expect(file.delimiter).toBe(';');
    expect(rows[0]!.cells).toEqual([' Spotify ', ' 1,5 ', '', '']);
  });

  it.each([
    ['comma', ',', 'a,b,c\n1,"x;y|z",3\n'],
    ['semicolon', ';', 'a;b;c\n1;"2,5";3\n4;5,5;6\n'],
    ['tab', '\t', 'a\tb\tc\n"1,2"\t2\t3\n'],
    ['pipe', '|', 'a|b|c\n1,1|2;2|3\n'],
  ])('tells a %s-separated file', async (_name, delimiter, text) => {
    const { file, rows } = await readAll(text);
    expect(file.delimiter).toBe(delimiter);
    expect(file.headers).toEqual(['a', 'b', 'c']);
    expect(rows[0]!.cells).toHaveLength(3);
  });

  it('stops reading, and closes the stream, when the consumer stops', async () => {
    const lines = ['a,b', ...Array.from({ length: 50_000 }, (_, i) => `${i},x`)].join('\n');
    const source = bytesSource(lines, 1024);
    const file = await inspectTabular(source.open, 'a.csv');
    let seen = 0;
    for await (const row of readTabularRows(source.open, file)) {
      seen = row.row;
      if (seen === 10) break;
    }
    expect(seen).toBe(10);
    expect(source.opened).toBe(2);
    expect(source.allDestroyed).toBe(true);
  });

  it('reports the bytes read, ending at the file size', async () => {
    const lines = ['a,b', ...Array.from({ length: 200_000 }, (_, i) => `${i},some text`)].join('\n');
    const source = bytesSource(lines);
    const file = await inspectTabular(source.open, 'a.csv');
    const reported: number[] = [];
    const rows = await rowsOf(source, file, { onProgress: (n) => reported.push(n) });
    expect(rows).toHaveLength(200_000);
    expect(reported.length).toBeGreaterThan(1);
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.at(-1)).toBe(source.size);
  });
});

describe('encodings', () => {
  const text = 'Artist\tTitle\tAmount\nBeyoncé\t“Déjà vu” – live\t€1\n';

  it('reads UTF-8 with and without a byte order mark', async () => {
    for (const bytes of [
      Buffer.from(text),
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]),
    ]) {
      const { file, rows } = await readAll(bytes);
      expect(file.encoding).toBe('utf-8');
      expect(file.headers[0]).toBe('Artist');
      expect(rows[0]!.cells).toEqual(['Beyoncé', '“Déjà vu” – live', '€1']);
    }
  });

  it('reads UTF-16 LE and BE with a byte order mark (Excel "Unicode text", Apple reports)', async () => {
    for (const [bytes, encoding] of [
      [utf16le(text), 'utf-16le'],
      [utf16be(text), 'utf-16be'],
    ] as const) {
      // Odd chunk sizes cut characters (and the emoji's surrogate pair) in half.
      const { file, rows } = await readAll(Buffer.concat([bytes, utf16tail(encoding)]), 5);
      expect(file.encoding).toBe(encoding);
      expect(file.delimiter).toBe('\t');
      expect(file.headers).toEqual(['Artist', 'Title', 'Amount']);
      expect(rows.map((r) => r.cells)).toEqual([
        ['Beyoncé', '“Déjà vu” – live', '€1'],
        ['🎵 日本', 'x', '2'],
      ]);
    }
  });

  it('reads Windows-1252 when the bytes are not UTF-8, its 0x80-0x9F letters included', async () => {
    const bytes = Buffer.from([
      ...Buffer.from('Artist;Title\n'),
      ...[0x42, 0x65, 0x79, 0x6f, 0x6e, 0x63, 0xe9], // Beyoncé
      0x3b,
      ...[0x93, 0x44, 0xe9, 0x6a, 0xe0, 0x94, 0x20, 0x96, 0x20, 0x80, 0x8a], // “Déjà” – €Š
      0x0a,
    ]);
    const { file, rows } = await readAll(bytes);
    expect(file.encoding).toBe('windows-1252');
    expect(rows[0]!.cells).toEqual(['Beyoncé', '“Déjà” – €Š']);
  });

  it.each([
    ['UTF-16 without a byte order mark', Buffer.from('a,b\n1,2\n', 'utf16le')],
    ['UTF-32 with a byte order mark', Buffer.from([0xff, 0xfe, 0, 0, 0x61, 0, 0, 0, 0x0a, 0, 0, 0])],
    ['bytes Windows-1252 leaves undefined', Buffer.from([0x61, 0x2c, 0x62, 0x0a, 0x81, 0x2c, 0x8d, 0x0a])],
  ])('refuses %s, saying how to save the file', async (_name, bytes) => {
    const error = await refusal(inspectTabular(bytesSource(bytes).open, 'a.csv'), 'unknown_encoding');
    expect(error.message).toContain('CSV UTF-8');
  });

  it('refuses binary: NUL bytes, control characters', async () => {
    const nuls = Buffer.from('a,b\n1,2\u0000\u0001\u0002,3\n');
    await refusal(inspectTabular(bytesSource(nuls).open, 'a.csv'), 'not_tabular');
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    await refusal(inspectTabular(bytesSource(random).open, 'a.csv'), 'not_tabular');
  });

  it('refuses a later byte that is not UTF-8 in a file judged UTF-8, naming its row', async () => {
    // Over 64 KiB of plain ASCII, then a Windows-1252 é at row 2,002.
    const lines = ['a,b', ...Array.from({ length: 2000 }, (_, i) => `${i},${'x'.repeat(40)}`)];
    const bytes = Buffer.concat([
      Buffer.from(`${lines.join('\n')}\n2000,"Beyonc`),
      Buffer.from([0xe9]),
      Buffer.from('"\n'),
    ]);
    const source = bytesSource(bytes);
    const file = await inspectTabular(source.open, 'a.csv');
    expect(file.encoding).toBe('utf-8');
    const seen: number[] = [];
    const error = await refusal(
      (async () => {
        for await (const row of readTabularRows(source.open, file)) seen.push(row.row);
      })(),
      'unknown_encoding',
    );
    expect(error.row).toBe(2002);
    expect(error.message).toContain('Row 2002');
    expect(seen.at(-1)).toBe(2001);
    expect(source.allDestroyed).toBe(true);
  });

  it('refuses a NUL later in the file the same way', async () => {
    const lines = ['a,b', ...Array.from({ length: 2000 }, (_, i) => `${i},${'x'.repeat(40)}`), '7,\u0000'];
    const source = bytesSource(lines.join('\n'));
    const file = await inspectTabular(source.open, 'a.csv');
    const error = await refusal(rowsOf(source, file), 'unknown_encoding');
    expect(error.row).toBe(2002);
  });
});

/** Two more lines in the given UTF-16 byte order, the first with an emoji (a surrogate pair). */
function utf16tail(encoding: 'utf-16le' | 'utf-16be'): Buffer {
  const bytes = Buffer.from('🎵 日本\tx\t2\n', 'utf16le');
  return encoding === 'utf-16le' ? bytes : bytes.swap16();
}

describe('refusals', () => {
  it('refuses an empty file, a blank one, and one with a header only', async () => {
    await refusal(inspectTabular(bytesSource('').open, 'a.csv'), 'empty');
    await refusal(inspectTabular(bytesSource('\n\r\n  \n').open, 'a.csv'), 'empty');
    const error = await refusal(
      inspectTabular(bytesSource('ISRC,Amount\r\n,\r\n').open, 'a.csv'),
      'header_only',
    );
    expect(error.message).toContain('no data rows');
  });

  it('refuses an old binary .xls with the advice to save it as .xlsx or CSV', async () => {
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const error = await refusal(inspectTabular(bytesSource(xls).open, 'statement.xls'), 'xls_binary');
    expect(error.message).toBe(
      'This is an old Excel file (.xls). Open it in Excel or LibreOffice and save it as .xlsx or CSV, then import that file.',
    );
  });

  it('refuses PDFs, gzip and web pages saved as spreadsheets', async () => {
    const pdf = await refusal(
      inspectTabular(bytesSource('%PDF-1.7\n%\u00e2\u00e3\n').open, 'a.pdf'),
      'not_tabular',
    );
    expect(pdf.message).toContain('PDF');
    await refusal(
      inspectTabular(bytesSource(Buffer.from([0x1f, 0x8b, 8, 0, 0])).open, 'a.csv.gz'),
      'not_tabular',
    );
    await refusal(
      inspectTabular(
        bytesSource('<html><body><table><tr><td>a</td></tr></table></body></html>').open,
        'a.xls',
      ),
      'not_tabular',
    );
  });

  it('refuses a quotation mark never closed, naming the row it opens in', async () => {
    // Within the sample, inspection already refuses it.
    const early = await refusal(
      inspectTabular(bytesSource('a,b\n1,2\n3,"open\n4,5\n').open, 'a.csv'),
      'bad_quoting',
    );
    expect(early.row).toBe(3);
    expect(early.message).toMatch(/^Row 3 has a quotation mark/);
    const lines = [
      'a,b',
      ...Array.from({ length: 2000 }, (_, i) => `${i},${'x'.repeat(40)}`),
      '11,"open',
      '12,x',
    ];
    const source = bytesSource(lines.join('\n'));
    const file = await inspectTabular(source.open, 'a.csv');
    const error = await refusal(rowsOf(source, file), 'bad_quoting');
    expect(error.row).toBe(2002);
  });

  it('refuses text right after a closing quotation mark, naming the row', async () => {
    // Past the first 64 KiB, so that inspection (which parses what it reads) does not meet it.
    const lines = [
      'a,b',
      ...Array.from({ length: 2000 }, (_, i) => `${i},${'x'.repeat(40)}`),
      '11,"quoted"tail',
    ];
    const source = bytesSource(lines.join('\n'));
    const file = await inspectTabular(source.open, 'a.csv');
    const error = await refusal(rowsOf(source, file), 'bad_quoting');
    expect(error.row).toBe(2002);
  });

  it('refuses a quotation mark left open in a big file once the cell passes a million characters', async () => {
    const lines = [
      'a,b',
      '1,"never closed',
      ...Array.from({ length: 40_000 }, (_, i) => `${i},${'y'.repeat(40)}`),
    ];
    const source = bytesSource(lines.join('\n'));
    const error = await refusal(inspectTabular(source.open, 'a.csv'), 'bad_quoting');
    expect(error.row).toBe(2);
    expect(source.allDestroyed).toBe(true);
  });
});

describe('speed', () => {
  // Measured on demand (TABULAR_BENCH=1): a million 13-column rows, as the lead's budget needs.
  it.runIf(process.env.TABULAR_BENCH)('reads a million 13-column rows', { timeout: 120_000 }, async () => {
    const header = 'Month,Store,Territory,ISRC,UPC,Artist,Title,Quantity,Net,Currency,Type,Share,Notes';
    const lines = [header];
    for (let i = 0; i < 1_000_000; i++) {
      lines.push(
        `2024-0${1 + (i % 9)},Spotify,GB,USRC1${String(i % 100000).padStart(7, '0')},0880000${i % 50000},Artist ${i % 997},"Track, ${i % 5003}",${i % 50},${(i * 0.00137).toFixed(6)},EUR,Stream,0.${i % 100},${i % 7 === 0 ? '"said ""hi"""' : ''}`,
      );
    }
    const source = bytesSource(`${lines.join('\r\n')}\r\n`);
    const file = await inspectTabular(source.open, 'big.csv');
    const started = performance.now();
    let count = 0;
    for await (const _row of readTabularRows(source.open, file)) count++;
    const seconds = (performance.now() - started) / 1000;
    console.info(`tabular: ${count} rows in ${seconds.toFixed(2)} s, ${Math.round(count / seconds)} rows/s`);
    expect(count).toBe(1_000_000);
    expect(count / seconds).toBeGreaterThan(200_000);
  });
});
