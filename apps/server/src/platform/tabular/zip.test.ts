// Database-independent: the tabular reader reads files only (the PostgreSQL pass skips it; vitest.config.ts).
/**
 * ZIP files as distributors send them (The Orchard, FUGA): the statement beside other files, entries
 * written by streaming writers, workbooks inside, and the archives refused: damaged, encrypted,
 * nested, or bombs that inflate far beyond any statement.
 */
import zlib from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { inspectTabular, readTabularRows, type TabularFile, type TabularOptions } from './index.ts';
import { bytesSource, writeXlsx, writeZip, type ZipInput, zerosDeflated } from './test-helpers.ts';

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

async function readAll(bytes: Buffer, options: { chunkSize?: number } & TabularOptions = {}) {
  const source = bytesSource(bytes, options.chunkSize);
  const file = await inspectTabular(source.open, 'statement.zip', options);
  return { file, rows: await rowsOf(source, file, options), source };
}

const statement = ['ISRC;Amount', ...Array.from({ length: 500 }, (_, i) => `USRC${i};0.${i}`)].join('\n');
const expectedRows = Array.from({ length: 500 }, (_, i) => ({ row: i + 2, cells: [`USRC${i}`, `0.${i}`] }));

describe('ZIP holding a statement', () => {
  it('reads the one table beside folders, macOS leftovers and the self-billing invoice, naming it', async () => {
    const bytes = writeZip([
      { name: 'Statement 2024-03/', data: '' },
      { name: 'Statement 2024-03/Self-billing invoice.pdf', data: `%PDF-1.4 ${'x'.repeat(5000)}` },
      { name: '__MACOSX/Statement 2024-03/._report.csv', data: 'x'.repeat(9000) },
      { name: 'Statement 2024-03/.hidden.csv', data: 'x'.repeat(9000) },
      { name: 'Statement 2024-03/report.csv', data: statement },
    ]);
    const { file, rows, source } = await readAll(bytes);
    expect(file).toMatchObject({
      format: 'csv',
      encoding: 'utf-8',
      delimiter: ';',
      headers: ['ISRC', 'Amount'],
      innerName: 'Statement 2024-03/report.csv',
      sheetName: null,
    });
    expect(rows).toEqual(expectedRows);
    expect(source.allDestroyed).toBe(true);
  });

  it('reads the largest of several tables, naming it', async () => {
    const bytes = writeZip([
      { name: 'summary.csv', data: 'Total;Amount\nAll;1\n' },
      { name: 'lines.tsv', data: statement.replace(/;/g, '\t') },
      { name: 'readme.txt', data: 'Read me\nplease\n' },
    ]);
    const { file, rows } = await readAll(bytes);
    expect(file.innerName).toBe('lines.tsv');
    expect(file.delimiter).toBe('\t');
    expect(rows).toEqual(expectedRows);
  });

  it.each<[string, Partial<ZipInput>]>([
    ['a data descriptor', { descriptor: true }],
    ['a data descriptor without its signature', { descriptor: { signature: false } }],
    ['ZIP64 sizes and a data descriptor', { descriptor: true, zip64: true }],
    ['ZIP64 sizes in the header', { zip64: true }],
    ['no compression', { method: 'store' }],
    ['no compression and a data descriptor', { method: 'store', descriptor: true }],
  ])('reads entries written with %s, whatever the chunks', async (_name, variant) => {
    const bytes = writeZip([
      // Stored data that looks like descriptors followed by headers: only the sizes tell them apart.
      {
        name: 'invoice.pdf',
        data: `%PDF-1.4 ${'PK\u0007\u0008aaaabbbbccccPK\u0003\u0004'.repeat(50)}`,
        ...variant,
      },
      { name: 'report.csv', data: statement, ...variant },
      { name: 'notes.pdf', data: 'PK\u0003\u0004 not a header', ...variant },
    ]);
    for (const chunkSize of [1, 61, 4096]) {
      const { file, rows } = await readAll(bytes, { chunkSize });
      expect(file.innerName).toBe('report.csv');
      expect(rows).toEqual(expectedRows);
    }
  });

  it('reads a ZIP written by another writer (fflate)', async () => {
    const bytes = Buffer.from(
      zipSync({ 'a/b/report.csv': strToU8(statement), 'a/b/invoice.pdf': strToU8('%PDF') }),
    );
    const { file, rows } = await readAll(bytes);
    expect(file.innerName).toBe('a/b/report.csv');
    expect(rows).toEqual(expectedRows);
  });

  it('reads a workbook inside a ZIP, reporting progress against the ZIP', async () => {
    const xlsx = writeXlsx({
      sheets: [
        {
          name: 'Lines',
          rows: [
            ['ISRC', 'Amount'],
            ['X1', { v: '1.5' }],
          ],
        },
      ],
    });
    const bytes = writeZip([
      { name: 'invoice.pdf', data: '%PDF' },
      { name: 'statement.xlsx', data: xlsx },
    ]);
    const source = bytesSource(bytes, 512);
    const file = await inspectTabular(source.open, 'statement.zip');
    expect(file).toMatchObject({ format: 'xlsx', innerName: 'statement.xlsx', sheetName: 'Lines' });
    const reported: number[] = [];
    expect(await rowsOf(source, file, { onProgress: (n) => reported.push(n) })).toEqual([
      { row: 2, cells: ['X1', '1.5'] },
    ]);
    expect(reported.at(-1)).toBeLessThanOrEqual(bytes.length);
    expect(reported.at(-1)).toBeGreaterThan(0);
    expect(source.allDestroyed).toBe(true);
  });
});

describe('ZIP refusals', () => {
  const refused = (bytes: Buffer, options: TabularOptions = {}) =>
    inspectTabular(bytesSource(bytes).open, 'statement.zip', options);

  it('refuses a ZIP holding no table, pointing at the invoice case', async () => {
    await expect(refused(writeZip([{ name: 'invoice.pdf', data: '%PDF-1.4' }]))).rejects.toMatchObject({
      code: 'no_table_in_archive',
      message: expect.stringContaining('PDF'),
    });
  });

  it('refuses a ZIP inside a ZIP, whether named .zip or posing as a table', async () => {
    const inner = writeZip([{ name: 'report.csv', data: statement }]);
    await expect(refused(writeZip([{ name: 'inner.zip', data: inner }]))).rejects.toMatchObject({
      code: 'nested_archive',
    });
    await expect(refused(writeZip([{ name: 'report.csv', data: inner }]))).rejects.toMatchObject({
      code: 'nested_archive',
    });
  });

  it('refuses an old .xls inside a ZIP with its own advice', async () => {
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(600),
    ]);
    await expect(refused(writeZip([{ name: 'statement.xls', data: xls }]))).rejects.toMatchObject({
      code: 'xls_binary',
    });
  });

  it('refuses a damaged or cut ZIP', async () => {
    const bytes = writeZip([{ name: 'report.csv', data: statement }]);
    await expect(refused(bytes.subarray(0, 200))).rejects.toMatchObject({ code: 'broken_archive' });
    const garbled = Buffer.from(bytes);
    garbled.fill(0x55, 60, 120);
    await expect(refused(garbled)).rejects.toMatchObject({ code: 'broken_archive' });
    const cutDescriptor = writeZip([{ name: 'report.csv', data: statement, descriptor: true }]);
    await expect(refused(cutDescriptor.subarray(0, cutDescriptor.length - 120))).rejects.toMatchObject({
      code: 'broken_archive',
    });
  });

  it('refuses password-protected entries and compression methods it cannot read', async () => {
    await expect(
      refused(writeZip([{ name: 'report.csv', data: statement, encrypted: true }])),
    ).rejects.toMatchObject({ code: 'unsupported_archive', message: expect.stringContaining('password') });
    const bzip2 = writeZip([{ name: 'report.csv', data: statement, method: 'store' }]);
    bzip2.writeUInt16LE(12, 8);
    await expect(refused(bzip2)).rejects.toMatchObject({ code: 'unsupported_archive' });
  });

  it('refuses a gibibyte of zeros posing as a workbook, quickly', async () => {
    const zeros = zerosDeflated(1024);
    expect(zeros.data.length).toBeLessThan(2 * 1024 * 1024);
    for (const part of ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml']) {
      const bytes = writeZip([
        { name: '[Content_Types].xml', data: '<Types/>' },
        { name: part, deflated: zeros },
      ]);
      const source = bytesSource(bytes);
      const started = performance.now();
      await expect(inspectTabular(source.open, 'statement.xlsx')).rejects.toMatchObject({ code: 'zip_bomb' });
      expect(performance.now() - started).toBeLessThan(2000);
      expect(source.allDestroyed).toBe(true);
    }
  });

  it('refuses a statement inflating past the ratio limit, while reading it', async () => {
    // Lines that compress a thousandfold: the sample passes, the whole does not.
    const block = zlib.deflateRawSync(Buffer.from('1,2\n'.repeat(256 * 1024)), {
      finishFlush: zlib.constants.Z_SYNC_FLUSH,
    });
    const head = zlib.deflateRawSync(Buffer.from('a,b\n'), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    const data = Buffer.concat([head, ...Array.from({ length: 64 }, () => block), Buffer.from([0x03, 0x00])]);
    const bytes = writeZip([{ name: 'report.csv', deflated: { data, size: 4 + 64 * 1024 * 1024 } }]);
    const source = bytesSource(bytes);
    const file = await inspectTabular(source.open, 'statement.zip');
    // The check starts after 1 MiB here (10 MiB by default), sparing the test ten million rows.
    const limits = { ratioAfterBytes: 1024 * 1024 };
    await expect(rowsOf(source, file, { limits })).rejects.toMatchObject({ code: 'zip_bomb' });
    expect(source.allDestroyed).toBe(true);
  });

  it('refuses a statement inflating past the total limit (lowered here), while reading it', async () => {
    const lines = [
      'ISRC,Amount',
      ...Array.from({ length: 100_000 }, (_, i) => `USRC${(i * 7919) % 100_003},${i}`),
    ];
    const bytes = writeZip([{ name: 'report.csv', data: lines.join('\n') }]);
    const limits = { maxInflatedBytes: 1024 * 1024 };
    const source = bytesSource(bytes);
    const file = await inspectTabular(source.open, 'statement.zip', { limits });
    await expect(rowsOf(source, file, { limits })).rejects.toMatchObject({ code: 'zip_bomb' });
    // The same file reads whole under the default limits.
    expect(await rowsOf(source, file)).toHaveLength(100_000);
  });
});
