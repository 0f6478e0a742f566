/**
 * The dry run reads the file once and keeps what it learnt for the import (decision 0038): the
 * import takes it only for the same bytes, kind and mapping, and its answers are the same as with
 * a first pass of its own. PGlite and PostgreSQL.
 */
import {
  CSV_LIMITS,
  CSV_MESSAGES,
  type CsvDryRunResult,
  type CsvImportResult,
} from '@music-review/core/catalogue-csv';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness.ts';
import { dryRunScanKey, loadDryRunScan, saveDryRunScan, sha256Of } from './csv-dry-run-scan.ts';
import { createFileScan, type ReadRow } from './csv-rows.ts';
import { catalogueLabel, createCsvTestServer, csvApi, csvText } from './csv-test-helpers.ts';

const ISRC = (n: number) => `GBQQQ24${String(n).padStart(5, '0')}`;
const mapping = { title: 'Title', display_artist: 'Artist', isrc: 'ISRC' };

/** 1,600 rows with their own ISRCs, then the changes asked for (by row number, the header being row 1). */
function file(changes: Record<number, [string, string, string]> = {}) {
  const rows: string[][] = [['Title', 'Artist', 'ISRC']];
  for (let row = 2; row <= 1601; row++) rows.push(changes[row] ?? [`Song ${row}`, 'Nova Lane', ISRC(row)]);
  return csvText(rows);
}

const reasons = (body: string) => (parse(body, { bom: true }) as string[][]).map((r) => r.at(-1));

describe('the dry run’s reading of the file, kept for the import', () => {
  let server: TestServer;
  let api: ReturnType<typeof csvApi>;

  beforeAll(async () => {
    server = await createCsvTestServer();
    api = csvApi(server);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('the import takes the dry run’s scan of the same file: a code 1,500 rows on is still refused, and the scan goes with the upload', async () => {
    const label = await catalogueLabel(server, 'Scan Kept Records');
    const driver = server.ctx.storage.driver;
    // Row 1502 names row 2's ISRC again; row 10 has no title, so the ISRC it names is row 1601's own.
    const text = file({
      10: ['', 'Nova Lane', ISRC(99_999)],
      1502: ['Song again', 'Nova Lane', ISRC(2)],
      1601: ['Last song', 'Nova Lane', ISRC(99_999)],
    });
    const key = await api.upload(label.headers, text);
    const dryRun = await api.run(label.headers, 'dry-runs', key, mapping);
    expect(dryRun.status, dryRun.error ?? '').toBe('succeeded');
    expect(dryRun.result as unknown as CsvDryRunResult).toMatchObject({
      rows: 1600,
      create: 1598,
      failed: 2,
      errors: [
        { row: 10, column: 'Title', message: 'Enter a title' },
        { row: 1502, column: 'ISRC', message: 'Also on row 2 of this file' },
      ],
    });

    const input = { kind: 'recordings' as const, key, mapping };
    const kept = await loadDryRunScan(driver, input);
    // Only the codes more than one row names are kept: any other is its own row's.
    expect(kept).toEqual({ rows: 1600, firstRowOf: new Map([[`isrc:${ISRC(2)}`, 2]]) });
    // Another mapping or kind reads the file differently: the scan is not theirs.
    expect(
      await loadDryRunScan(driver, { ...input, mapping: { title: 'Title', display_artist: 'Artist' } }),
    ).toBe(null);
    expect(await loadDryRunScan(driver, { ...input, kind: 'works' })).toBe(null);
    // The same mapping written in another order is the same mapping.
    const reordered = { isrc: 'ISRC', title: 'Title', display_artist: 'Artist' };
    expect(await loadDryRunScan(driver, { ...input, mapping: reordered })).toEqual(kept);

    const job = await api.run(label.headers, 'imports', key, mapping);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result as unknown as CsvImportResult).toMatchObject({
      rows: 1600,
      created: 1598,
      failed: 2,
      failed_rows_file: true,
    });
    const failed = await api.failedRows(label.headers, job.id);
    expect(reasons(failed.body)).toEqual([
      'Reason',
      'Title: Enter a title',
      'ISRC: Also on row 2 of this file',
    ]);
    expect(await driver.getStream(key)).toBe(null);
    expect(await driver.getStream(dryRunScanKey(key)!)).toBe(null);
  }, 60_000);

  it('the import reads the kept scan, not the file a second time', async () => {
    const label = await catalogueLabel(server, 'Scan Read Records');
    const driver = server.ctx.storage.driver;
    const text = csvText([
      ['Title', 'Artist', 'ISRC'],
      ['One', 'Nova Lane', ISRC(1)],
      ['Two', 'Nova Lane', ISRC(2)],
    ]);
    const key = await api.upload(label.headers, text);
    const input = { kind: 'recordings' as const, key, mapping };
    // A scan of these very bytes that says row 3's ISRC was named on row 2 first: only the kept
    // scan says so, the file does not.
    const code = `isrc:${ISRC(2)}`;
    const sha256 = (await sha256Of(driver, key))!;
    await saveDryRunScan(
      driver,
      input,
      sha256,
      { rows: 2, firstRowOf: new Map([[code, 2]]) },
      new Set([code]),
    );
    const job = await api.run(label.headers, 'imports', key, mapping);
    expect(job.result as unknown as CsvImportResult).toMatchObject({ rows: 2, created: 1, failed: 1 });
  });

  it('a file sent again after the dry run is read again by the import: a code it repeats is refused', async () => {
    const label = await catalogueLabel(server, 'Sent Again Records');
    const driver = server.ctx.storage.driver;
    const key = await api.upload(label.headers, file());
    const dryRun = await api.run(label.headers, 'dry-runs', key, mapping);
    expect(dryRun.result as unknown as CsvDryRunResult).toMatchObject({
      rows: 1600,
      create: 1600,
      failed: 0,
    });

    // The same length, other bytes: only row 1502's ISRC differs, and it repeats row 2's.
    const again = file({ 1502: ['Song 1502', 'Nova Lane', ISRC(2)] });
    await api.putAgain(key, again);
    expect(await loadDryRunScan(driver, { kind: 'recordings', key, mapping })).toBe(null);

    const job = await api.run(label.headers, 'imports', key, mapping);
    expect(job.status, job.error ?? '').toBe('succeeded');
    expect(job.result as unknown as CsvImportResult).toMatchObject({ rows: 1600, created: 1599, failed: 1 });
    const failed = await api.failedRows(label.headers, job.id);
    expect(reasons(failed.body)).toEqual(['Reason', 'ISRC: Also on row 2 of this file']);
  }, 60_000);
});

describe('a file’s scan, row by row', () => {
  const row = (n: number, values: ReadRow['values'], problems: ReadRow['problems'] = []): ReadRow => ({
    row: n,
    cells: [],
    values,
    problems,
  });

  it('lets a row without problems claim its codes, notes the codes named again, and counts every row', () => {
    const scanning = createFileScan('releases');
    scanning.add(row(2, { upc: '5012345678900', catalogue_number: 'ab-1' }));
    scanning.add(row(3, { upc: '5012345678917' }, [{ field: 'title', message: 'Enter a title' }]));
    scanning.add(row(4, { upc: '5012345678917', catalogue_number: 'AB-1' }));
    scanning.add(row(5, { upc: '5012345678900' }));
    expect(scanning.finish()).toEqual({
      rows: 4,
      firstRowOf: new Map([
        ['upc:5012345678900', 2],
        ['catalogue_number:AB-1', 2],
        ['upc:5012345678917', 4],
      ]),
    });
    expect([...scanning.repeated].sort()).toEqual(['catalogue_number:AB-1', 'upc:5012345678900']);
  });

  it('refuses a file without rows, and the row past the limit', () => {
    expect(() => createFileScan('recordings').finish()).toThrow(CSV_MESSAGES.headerOnly);
    const scanning = createFileScan('recordings');
    for (let n = 2; n <= CSV_LIMITS.maxRows + 1; n++) scanning.add(row(n, {}));
    expect(() => scanning.add(row(CSV_LIMITS.maxRows + 2, {}))).toThrow(CSV_MESSAGES.tooManyRows);
  });
});
