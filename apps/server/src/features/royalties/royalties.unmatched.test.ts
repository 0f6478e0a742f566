/**
 * "Unmatched" (issue 16; decision 0028): lines no code matched, grouped by source and identifier and
 * sorted by amount, with a suggestion; a resolution is remembered as an alias of that source and
 * applied to every later import; reassigning moves the identifier's history; "Match again" after a
 * code is added; an import cancelled midway leaves nothing; the summary strip. PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { JobCancelled } from '../../platform/jobs/queue.ts';
import type { TestServer } from '../../test/harness.ts';
import { loadStatement, plainRunner } from './import-job.ts';
import { summarizeImportLines } from './imports.repo.ts';
import {
  addRecording,
  addRelease,
  createFinanceTestServer,
  DISTROKID_HEADER,
  distroKidRow,
  financeApi,
  financeLabel,
  lineRows,
  tableText,
} from './royalties-test-helpers.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;

const APPLE_HEADER = [
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
];
const dk = (month: string, title: string, artist: string, isrc: string, upc: string, net: string) =>
  distroKidRow({ month, title, artist, isrc, upc, net, quantity: '10' });

/** An import row the job has not taken yet, for loadStatement called directly. */
async function importRow(server: TestServer, org: string, fileName: string, key: string) {
  const { SOURCE_DEFINITIONS } = await import('@music-review/core/royalty-sources');
  const [row] = await queryRows<{ id: string }>(
    server.database.asOwner('the test makes an import row the job has not taken'),
    sql`insert into royalty_imports (organization_id, file_name, storage_key, size_bytes, source, mapping)
        values (${org}, ${fileName}, ${key}, 100, 'distrokid', ${JSON.stringify(SOURCE_DEFINITIONS.distrokid.mapping)}::jsonb)
        returning id`,
  );
  return row!;
}

describe('unmatched statement lines', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Label;
  let other: Label;

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Matching Records');
    other = await financeLabel(server, 'Elsewhere Records');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  const unmatched = async (q = '') =>
    (
      await api.get(label.headers, `/api/v1/finance/unmatched${q ? `?q=${encodeURIComponent(q)}` : ''}`)
    ).json();

  it('groups by source and identifier, largest amount first, suggests a look-alike, and remembers a resolution for later imports', async () => {
    const org = label.organization.id;
    const sunrise = await addRecording(server, org, 'Sunrise Boulevard', 'Mira Kato', 'GBBBB2400001');
    const yoru = await addRecording(server, org, '夜の街', '宇多 ミラ', null);
    const first = await api.importFile(
      label.headers,
      tableText([
        DISTROKID_HEADER,
        dk('2025-01', 'Sunrise Blvd', 'Mira Kato', 'USZZZ2500001', '', '1.10'),
        dk('2025-02', 'Sunrise Blvd', 'Mira Kato', 'USZZZ2500001', '', '2.25'),
        dk('2025-02', '夜の街', '宇多 ミラ', 'JPZZZ2500002', '', '7.5'),
        dk('2025-03', 'Tiny', 'Nobody', 'USZZZ2500003', '', '0.01'),
      ]),
      'dk-2025q1.tsv',
    );
    expect(first).toMatchObject({ status: 'imported', matched_lines: 0 });

    const list = await unmatched();
    expect(list).toMatchObject({ total: 3, lines: 4, amounts: [{ currency: 'USD', net: '10.86' }] });
    expect(
      list.rows.map((r: { identifier: string; lines: number; amounts: unknown }) => [
        r.identifier,
        r.lines,
        r.amounts,
      ]),
    ).toEqual([
      ['JPZZZ2500002', 1, [{ currency: 'USD', net: '7.5' }]],
      // 1.10 + 2.25 = 3.35
      ['USZZZ2500001', 2, [{ currency: 'USD', net: '3.35' }]],
      ['USZZZ2500003', 1, [{ currency: 'USD', net: '0.01' }]],
    ]);
    expect(list.rows[0]).toMatchObject({
      source: 'distrokid',
      source_name: 'DistroKid',
      identifier_kind: 'isrc',
      track_title: '夜の街',
      first_month: '2025-02',
      suggestion: { kind: 'recording', id: yoru, title: '夜の街' },
    });
    expect(list.rows[1].suggestion).toMatchObject({ kind: 'recording', id: sunrise });
    expect((await unmatched('sunrise')).total).toBe(1);

    // Another label's recording cannot be a target.
    const theirs = await addRecording(server, other.organization.id, 'Sunrise Boulevard', 'Mira Kato', null);
    const refused = await api.post(label.headers, '/api/v1/finance/unmatched/resolve', {
      items: [
        { source: 'distrokid', identifier_kind: 'isrc', identifier: 'USZZZ2500001', recording_id: theirs },
      ],
    });
    expect(refused.statusCode).toBe(404);

    const resolved = await api.post(label.headers, '/api/v1/finance/unmatched/resolve', {
      items: [
        { source: 'distrokid', identifier_kind: 'isrc', identifier: 'USZZZ2500001', recording_id: sunrise },
        { source: 'distrokid', identifier_kind: 'isrc', identifier: 'JPZZZ2500002', recording_id: yoru },
      ],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toEqual({ aliases: 2, lines: 3 });
    expect((await unmatched()).rows.map((r: { identifier: string }) => r.identifier)).toEqual([
      'USZZZ2500003',
    ]);
    const lines = await lineRows(server, label.organization.id, first.id);
    expect(lines.filter((l) => l.matched_by === 'alias').map((l) => l.recording_id)).toEqual([
      sunrise,
      sunrise,
      yoru,
    ]);

    // The next DistroKid file with that ISRC matches at once; another source's does not.
    const later = await api.importFile(
      label.headers,
      tableText([DISTROKID_HEADER, dk('2025-04', 'Sunrise Blvd', 'Mira Kato', 'USZZZ2500001', '', '4')]),
      'dk-2025-04.tsv',
    );
    expect(later.matched_lines).toBe(1);
    expect((await lineRows(server, label.organization.id, later.id))[0]).toMatchObject({
      recording_id: sunrise,
      matched_by: 'alias',
    });
    const apple = await api.importFile(
      label.headers,
      tableText([
        APPLE_HEADER,
        ['04/01/2025', '04/30/2025', '', 'USZZZ2500001', 'V1', '3', '0.5', '1.5', 'EUR', 'S'],
      ]),
      'apple-2025-04.txt',
    );
    expect(apple).toMatchObject({ source: 'apple', matched_lines: 0 });

    // Reassigning the identifier moves its history (no period is locked yet).
    const moved = await api.post(label.headers, '/api/v1/finance/unmatched/resolve', {
      items: [
        { source: 'distrokid', identifier_kind: 'isrc', identifier: 'USZZZ2500001', recording_id: yoru },
      ],
    });
    expect(moved.json()).toEqual({ aliases: 1, lines: 3 });
  });

  it('matches again once the catalogue has the code, and a 12-digit UPC finds its 13-digit EAN', async () => {
    const org = label.organization.id;
    const imported = await api.importFile(
      label.headers,
      tableText([
        DISTROKID_HEADER,
        dk('2025-05', 'Late Code', 'Mira Kato', 'GBCCC2500009', '', '0.40'),
        dk('2025-05', 'The Album', 'Mira Kato', '', '602445987654', '9'),
      ]),
      'dk-2025-05.tsv',
    );
    const release = await addRelease(server, org, 'The Album', 'Mira Kato', '0602445987654');
    const recording = await addRecording(server, org, 'Late Code', 'Mira Kato', 'GBCCC2500009');
    expect(imported.matched_lines).toBe(0);
    const again = await api.post(label.headers, '/api/v1/finance/unmatched/rematch');
    expect(again.json()).toEqual({ lines: 2 });
    expect((await api.getImport(label.headers, imported.id)).matched_lines).toBe(2);
    const lines = await lineRows(server, label.organization.id, imported.id);
    expect(lines.map((l) => [l.recording_id, l.release_id, l.matched_by])).toEqual([
      [recording, null, 'isrc'],
      [null, release, 'upc'],
    ]);
  });

  it('lists the lines of one unmatched identifier with their raw rows, for this label only', async () => {
    const res = await api.get(
      label.headers,
      '/api/v1/finance/lines?source=distrokid&identifier_kind=isrc&identifier=USZZZ2500003',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      total: 1,
      rows: [{ isrc: 'USZZZ2500003', net: '0.01', sale_type: 'stream' }],
    });
    expect(res.json().rows[0].raw).toContain('Tiny');
    const theirs = await api.get(
      other.headers,
      '/api/v1/finance/lines?source=distrokid&identifier_kind=isrc&identifier=USZZZ2500003',
    );
    expect(theirs.json()).toMatchObject({ total: 0, rows: [] });
  });

  it('sums the latest quarter per currency and the unmatched amount in the summary', async () => {
    const summary = (await api.get(label.headers, '/api/v1/finance/summary')).json();
    // Latest month imported: 2025-05 → 2025-Q2. USD: 4 (April) + 0.40 + 9 (May) = 13.40; EUR: Apple's 1.5.
    expect(summary).toMatchObject({
      quarter: '2025-Q2',
      income: [
        { currency: 'EUR', net: '1.5' },
        { currency: 'USD', net: '13.4' },
      ],
      unmatched_groups: 2,
      imports_waiting: 0,
    });
    expect(summary.unmatched).toEqual([
      { currency: 'EUR', net: '1.5' },
      { currency: 'USD', net: '0.01' },
    ]);
  });

  it('an import cancelled at 60 % keeps none of its lines', async () => {
    const org = label.organization.id;
    const rows = Array.from({ length: 50 }, (_, i) =>
      dk('2025-06', `Track ${i}`, 'Mira Kato', `GBDDD25${String(i).padStart(5, '0')}`, '', '0.1'),
    );
    const key = await api.upload(label.headers, tableText([DISTROKID_HEADER, ...rows]), 'cancel-me.tsv');
    const row = await importRow(server, org, 'cancel-me.tsv', key);
    const plain = plainRunner(server.database, org);
    let steps = 0;
    const run = {
      attempt: 1,
      batchLines: 10,
      step: (async (work) => {
        steps++;
        // The hash step, then five batches of 10: the member cancels after three (60 %).
        if (steps === 5) throw new JobCancelled();
        return plain.step(work);
      }) as typeof plain.step,
    };
    await expect(
      loadStatement({ database: server.database, driver: server.ctx.storage.driver }, org, row.id, run),
    ).rejects.toBeInstanceOf(JobCancelled);
    expect(await lineRows(server, label.organization.id, row.id)).toEqual([]);
    const after = await api.getImport(label.headers, row.id);
    expect(after).toMatchObject({
      status: 'cancelled',
      error: 'Cancelled. Nothing from this file was imported.',
    });
  });

  it('an import loaded in many batches (two at a time on PostgreSQL) has the summary its lines give', async () => {
    const org = label.organization.id;
    const rows = Array.from({ length: 50 }, (_, i) =>
      dk(
        i % 3 === 0 ? '2025-07' : '2025-08',
        `Song ${i}`,
        'Mira Kato',
        `GBEEE25${String(i).padStart(5, '0')}`,
        '',
        `0.${i + 1}7`,
      ),
    );
    const key = await api.upload(label.headers, tableText([DISTROKID_HEADER, ...rows]), 'batches.tsv');
    const row = await importRow(server, org, 'batches.tsv', key);
    const plain = plainRunner(server.database, org);
    await loadStatement({ database: server.database, driver: server.ctx.storage.driver }, org, row.id, {
      ...plain,
      batchLines: 7,
    });
    const stored = await api.getImport(label.headers, row.id);
    const fromLines = await server.database.withOrg(org, (tx) => summarizeImportLines(tx, org, row.id));
    // By hand: 50 lines in months 07 (i = 0, 3, …, 48) and 08. The nets: 0.17 + 0.27 + … + 0.97 =
    // 4.5 + 9 × 0.07 = 5.13, and 0.107 + … + 0.507 = (10 + … + 50) / 100 + 41 × 0.007 = 12.3 + 0.287
    // = 12.587; in all 17.717, exactly.
    expect(stored).toMatchObject({
      status: 'imported',
      line_count: 50,
      first_month: '2025-07',
      last_month: '2025-08',
    });
    expect({
      currencies: stored.currencies,
      first_month: stored.first_month,
      last_month: stored.last_month,
      matched_lines: stored.matched_lines,
    }).toEqual({
      currencies: fromLines.currencies,
      first_month: fromLines.first_month,
      last_month: fromLines.last_month,
      matched_lines: fromLines.matched_lines,
    });
    expect(stored.currencies).toEqual([{ currency: 'USD', lines: 50, net: '17.717' }]);
  });
});
