// Database-independent: the tabular reader reads files only (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * XLSX statements, written here part by part: cells of every kind, dates computed exactly from
 * their serials, the first sheet with rows, and workbooks laid out as Excel and streaming writers
 * lay them out.
 */
import * as fflate from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectTabular, readTabularRows, type TabularFile } from './index.ts';
import { bytesSource, columnName, writeXlsx } from './test-helpers.ts';
import { formatKind, serialDateText } from './xlsx.ts';

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

async function readAll(bytes: Buffer, chunkSize?: number) {
  const source = bytesSource(bytes, chunkSize);
  const file = await inspectTabular(source.open, 'statement.xlsx');
  return { file, rows: await rowsOf(source, file), source };
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

describe('XLSX cells', () => {
  // Cell formats: 0 General, 1 built-in date (14), 2 custom date and time, 3 custom mm:ss, 4 custom number.
  const workbook = {
    numFmts: [
      { id: 164, code: 'dd/mm/yyyy\\ hh:mm' },
      { id: 165, code: '[mm]:ss' },
      { id: 166, code: '#,##0.00\\ "m"' },
    ],
    cellFormats: [0, 14, 164, 165, 166],
  };

  it('reads shared and inline strings, exact number text, booleans, errors and dates', async () => {
    const bytes = writeXlsx({
      ...workbook,
      sheets: [
        {
          name: 'Statement',
          rows: [
            ['ISRC', 'Amount', 'Sold', 'Paid', 'Period', 'Length', 'Flag', 'Note'],
            [
              'USRC17607839',
              { v: '3.5E-05' },
              { v: '45292', s: 1 },
              { v: '45292.5', s: 2 },
              { v: '45292.99999999', s: 1 },
              { v: '0.00260416666666667', s: 3 },
              { v: '1', t: 'b' },
              { inline: 'Beyoncé & “Jay” <live>' },
            ],
            ['USRC17607840', { v: '0.1', s: 4 }, { v: '#N/A', t: 'e' }, null, null, null, { v: '0', t: 'b' }],
          ],
        },
      ],
    });
    const { file, rows } = await readAll(bytes);
    expect(file).toMatchObject({
      format: 'xlsx',
      encoding: null,
      delimiter: null,
      sheetName: 'Statement',
      innerName: null,
      headers: ['ISRC', 'Amount', 'Sold', 'Paid', 'Period', 'Length', 'Flag', 'Note'],
    });
    expect(rows).toEqual([
      {
        row: 2,
        cells: [
          'USRC17607839',
          '3.5E-05',
          '2024-01-01',
          '2024-01-01 12:00:00',
          // 0.99999999 of a day rounds to the next midnight, as Excel shows it.
          '2024-01-02',
          '00:03:45',
          'TRUE',
          'Beyoncé & “Jay” <live>',
        ],
      },
      // Missing cells (D3 to F3) leave '' between the cells that are there.
      { row: 3, cells: ['USRC17607840', '0.1', '#N/A', '', '', '', 'FALSE'] },
    ]);
    expect(file.sample).toEqual(rows.map((r) => r.cells));
  });

  it('counts dates in the 1904 system when the workbook says so', async () => {
    const bytes = writeXlsx({
      date1904: true,
      cellFormats: [0, 14],
      sheets: [{ name: 'S', rows: [['Date'], [{ v: '43830', s: 1 }]] }],
    });
    expect((await readAll(bytes)).rows[0]!.cells).toEqual(['2024-01-01']);
  });

  it('places cells by their reference and numbers rows by the sheet, skipping blank rows', async () => {
    const xml = `<worksheet xmlns="${NS}"><sheetData>
      <row r="1"><c r="A1" t="inlineStr"><is><t>A</t></is></c><c r="C1" t="inlineStr"><is><t>C</t></is></c></row>
      <row r="2"><c r="A2" s="0"/><c r="B2"/></row>
      <row r="4"><c r="C4"><v>3</v></c><c r="E4"><v>5</v></c></row>
      <row r="7" spans="1:3"><c r="A7" t="str"><f>A1&amp;"x"</f><v>Ax</v></c></row>
    </sheetData><mergeCells count="1"><mergeCell ref="A9:B9"/></mergeCells></worksheet>`;
    const { file, rows } = await readAll(writeXlsx({ sheets: [{ name: 'S', xml }] }));
    expect(file.headers).toEqual(['A', '', 'C']);
    expect(rows).toEqual([
      { row: 4, cells: ['', '', '3', '', '5'] },
      { row: 7, cells: ['Ax'] },
    ]);
  });

  it('reads rich text runs without their phonetic guides, prefixed tags, entities and _x000D_ escapes', async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?>
<x:worksheet xmlns:x="${NS}"><x:sheetData>
  <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="s"><x:v>1</x:v></x:c></x:row>
  <x:row r="2"><x:c r="A2" t="s"><x:v>2</x:v></x:c><x:c r="B2" t='inlineStr'><x:is><x:t>&#x41;&#66;&apos;</x:t></x:is></x:c></x:row>
</x:sheetData></x:worksheet>`;
    const bytes = writeXlsx({ sheets: [{ name: 'S', xml: sheet }] });
    // The writer's shared strings part is empty here: put one in by hand, runs and phonetic guide included.
    const withStrings = replacePart(
      bytes,
      'xl/sharedStrings.xml',
      `<sst xmlns="${NS}"><si><t>Title</t></si><si><r><rPr><b/></rPr><t>Ar</t></r><r><t xml:space="preserve">tist </t></r></si><si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>`,
    );
    const { file, rows } = await readAll(withStrings);
    expect(file.headers).toEqual(['Title', 'Artist']);
    expect(rows).toEqual([{ row: 2, cells: ['東京', "AB'"] }]);
  });

  it('reads markup written in other ways: no references, single quotes, spaces, comments, CDATA, inline runs', async () => {
    const xml = `<?xml version="1.0"?>
<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetData>
  <row><c t="inlineStr"><is><t>Name</t></is></c><c t = 'inlineStr' ><is><t>Value</t></is></c></row>
  <!-- a comment -->
  <row><c><v><![CDATA[12]]></v></c><c t="inlineStr"><is><r><t>Tō</t></r><r><rPr><b/></rPr><t>kyō</t></r><rPh sb="0" eb="1"><t>とう</t></rPh></is></c></row>
  <row r="5"><c r="B5" s="0"><v/></c><c><f>1+1</f><v>2</v></c></row>
</sheetData></worksheet>`;
    const { file, rows } = await readAll(writeXlsx({ sheets: [{ name: 'S', xml }] }));
    expect(file.headers).toEqual(['Name', 'Value']);
    expect(rows).toEqual([
      { row: 2, cells: ['12', 'Tōkyō'] },
      { row: 5, cells: ['', '', '2'] },
    ]);
  });

  it('reads the first sheet that has rows, when sheets before it are empty', async () => {
    const bytes = writeXlsx({
      sheets: [
        { name: 'Cover', rows: [] },
        { name: 'Lines', rows: [['ISRC'], ['X1'], ['X2']] },
        { name: 'Summary', rows: [['Total'], ['2']] },
      ],
    });
    const { file, rows } = await readAll(bytes);
    expect(file.sheetName).toBe('Lines');
    expect(rows.map((r) => r.cells)).toEqual([['X1'], ['X2']]);
  });

  it('gives the same rows for shared strings before or after the sheet, deflated or streamed, in any chunks', async () => {
    const rows = [
      ['ISRC', 'Amount'],
      ...Array.from({ length: 300 }, (_, i) => [`ISRC${i % 37}`, { v: `${i}.5` }]),
    ];
    const expected = (await readAll(writeXlsx({ sheets: [{ name: 'S', rows }] }))).rows;
    expect(expected).toHaveLength(300);
    for (const variant of [{ sharedStringsFirst: true }, { streamedZip: true }]) {
      for (const chunkSize of [97, 4096]) {
        const result = await readAll(writeXlsx({ sheets: [{ name: 'S', rows }], ...variant }), chunkSize);
        expect(result.rows).toEqual(expected);
      }
    }
  });

  it('refuses an empty workbook and one with a header only', async () => {
    const empty = bytesSource(writeXlsx({ sheets: [{ name: 'S', rows: [] }] }));
    await expect(inspectTabular(empty.open, 'a.xlsx')).rejects.toMatchObject({ code: 'empty' });
    const headerOnly = bytesSource(writeXlsx({ sheets: [{ name: 'S', rows: [['ISRC', 'Amount']] }] }));
    await expect(inspectTabular(headerOnly.open, 'a.xlsx')).rejects.toMatchObject({ code: 'header_only' });
  });

  it('refuses a workbook whose sheet is cut short, and one pointing at a missing shared string', async () => {
    const cut = writeXlsx({
      sheets: [{ name: 'S', xml: `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1"><v>1` }],
    });
    await expect(inspectTabular(bytesSource(cut).open, 'a.xlsx')).rejects.toMatchObject({
      code: 'broken_workbook',
    });
    const missing = writeXlsx({
      sheets: [{ name: 'S', rows: [['A'], [{ v: '7', t: 's' }]] }],
    });
    await expect(inspectTabular(bytesSource(missing).open, 'a.xlsx')).rejects.toMatchObject({
      code: 'broken_workbook',
    });
  });

  it('closes both reads when the consumer stops, and reports progress on the read yielding rows', async () => {
    const rows = [['N'], ...Array.from({ length: 20_000 }, (_, i) => [{ v: String(i) }])];
    const source = bytesSource(writeXlsx({ sheets: [{ name: 'S', rows }] }), 1024);
    const file = await inspectTabular(source.open, 'a.xlsx');
    const opened = source.opened;
    const reported: number[] = [];
    for await (const row of readTabularRows(source.open, file, { onProgress: (n) => reported.push(n) })) {
      if (row.row === 100) break;
    }
    expect(source.opened - opened).toBe(2);
    expect(source.allDestroyed).toBe(true);
    const all = await rowsOf(source, file, { onProgress: (n) => reported.push(n) });
    expect(all).toHaveLength(20_000);
    expect(reported.at(-1)).toBeGreaterThan(0);
    expect(reported.at(-1)).toBeLessThanOrEqual(source.size);
  });
});

describe('dates from serials', () => {
  it.each([
    ['1', '1900-01-01'],
    ['59', '1900-02-28'],
    // Excel's (Lotus's) 29 February 1900, kept as Excel shows it.
    ['60', '1900-02-29'],
    ['61', '1900-03-01'],
    ['45292', '2024-01-01'],
    ['45292.25', '2024-01-01 06:00:00'],
    ['4.5292E4', '2024-01-01'],
    ['45351', '2024-02-29'],
    ['2958465', '9999-12-31'],
  ])('1900 system: %s is %s', (serial, text) => {
    expect(serialDateText(serial, 'date', false)).toBe(text);
  });

  it('counts the 1904 system from 1 January 1904, with no leap-day correction', () => {
    expect(serialDateText('0', 'date', true)).toBe('1904-01-01');
    expect(serialDateText('43830', 'date', true)).toBe('2024-01-01');
  });

  it('rounds the time to the nearest second, exactly', () => {
    // 1/3 of a day is 08:00:00; float noise in the file's text does not move it.
    expect(serialDateText('45292.333333333336', 'date', false)).toBe('2024-01-01 08:00:00');
    expect(serialDateText('0.5', 'time', false)).toBe('12:00:00');
  });

  it('keeps the number when no date shows it', () => {
    expect(serialDateText('-1', 'date', false)).toBeNull();
    expect(serialDateText('2958466', 'date', false)).toBeNull();
    expect(serialDateText('1.5', 'time', false)).toBeNull();
    expect(serialDateText('abc', 'date', false)).toBeNull();
  });

  it.each([
    ['yyyy-mm-dd', 'date'],
    ['d/m/yy h:mm', 'date'],
    ['[$-409]mmmm d, yyyy;@', 'date'],
    ['h:mm AM/PM', 'time'],
    ['[h]:mm:ss', 'time'],
    ['mm:ss', 'time'],
    ['0.00', null],
    ['#,##0 "days"', null],
    ['[Red]0.00', null],
    ['0.00\\ "m"', null],
  ])('format %s shows a %s', (code, kind) => {
    expect(formatKind(code)).toBe(kind);
  });
});

/** Rewrites one part of an XLSX (the test writer lays parts out; this swaps one's content). */
function replacePart(bytes: Buffer, name: string, content: string): Buffer {
  const { unzipSync, zipSync, strToU8 } = fflate;
  const files = unzipSync(bytes);
  files[name] = strToU8(content);
  return Buffer.from(zipSync(files));
}

describe('large workbook', () => {
  it('streams a 100,000-row sheet', { timeout: 60_000 }, async () => {
    const rows = [
      ['ISRC', 'Title', 'Amount', 'Date'],
      ...Array.from({ length: 100_000 }, (_, i) => [
        `USRC1${String(i % 5000).padStart(7, '0')}`,
        `Track ${i % 997}`,
        { v: (i * 0.00137).toFixed(6) },
        { v: String(45292 + (i % 365)), s: 1 },
      ]),
    ];
    const bytes = writeXlsx({ cellFormats: [0, 14], sheets: [{ name: 'S', rows }] });
    const { rows: read } = await readAll(bytes);
    expect(read).toHaveLength(100_000);
    const last = 99_999;
    const day = new Date(Date.UTC(2024, 0, 1) + (last % 365) * 86_400_000).toISOString().slice(0, 10);
    expect(read[last]).toEqual({
      row: 100_001,
      cells: [
        `USRC1${String(last % 5000).padStart(7, '0')}`,
        `Track ${last % 997}`,
        (last * 0.00137).toFixed(6),
        day,
      ],
    });
    expect(columnName(27)).toBe('AB');
  });
});
