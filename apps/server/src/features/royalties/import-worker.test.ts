/**
 * A large statement file on PostgreSQL is imported in a process of its own (import-worker.ts); the
 * threshold is set to 0 here so a small file goes there too. Its lines, summary and matching are
 * those of an import in the server. PostgreSQL only (on PGlite the server holds the database).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import type { TestServer } from '../../test/harness.ts';
import { testDbKind } from '../../test/harness.ts';
import {
  createFinanceTestServer,
  DISTROKID_HEADER,
  distroKidRow,
  financeApi,
  financeLabel,
  lineRows,
  tableText,
} from './royalties-test-helpers.ts';

describe.skipIf(testDbKind() !== 'postgres')('a statement imported in a worker process', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await createFinanceTestServer();
    (server.ctx.config as { IMPORT_WORKER_MIN_BYTES: number }).IMPORT_WORKER_MIN_BYTES = 0;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('loads, sums and matches the file as the server would, and says the worker did it', async () => {
    const api = financeApi(server);
    const label = await financeLabel(server, 'Worker Records');
    const org = label.organization.id;
    await server.database.withOrg(org, (tx) =>
      tx.execute(
        sql`insert into recordings (organization_id, title, display_artist, isrc) values (${org}, 'Tidal Glass', 'Ada Wex', 'GBWRK2600001')`,
      ),
    );
    const row = (month: string, isrc: string, net: string) => distroKidRow({ month, isrc, net });
    const file = tableText([
      DISTROKID_HEADER,
      row('2026-01', 'GBWRK2600001', '1.25'),
      row('2026-02', 'GBWRK2600001', '0.005'),
      row('2026-02', 'USNOP2600009', '2'),
    ]);
    const imported = await api.importFile(label.headers, file, 'worker.tsv');
    // 1.25 + 0.005 + 2 = 3.255; two lines matched by ISRC.
    expect(imported).toMatchObject({
      status: 'imported',
      line_count: 3,
      matched_lines: 2,
      first_month: '2026-01',
      last_month: '2026-02',
    });
    expect(imported.currencies).toEqual([{ currency: 'USD', lines: 3, net: '3.255' }]);
    const lines = await lineRows(server, org, imported.id);
    expect(lines.map((l) => [l.line_number, l.net, l.matched_by])).toEqual([
      [2, '1.25', 'isrc'],
      [3, '0.005', 'isrc'],
      [4, '2', null],
    ]);
    // The import is `imported` once the worker's last step commits; the job's result is saved by the
    // server after the worker has exited, a moment later.
    const jobOf = async () => {
      const [job] = await queryRows<{ status: string; result: Record<string, unknown> | null }>(
        server.database.asOwner('the test reads the job the import ran as'),
        sql`select status, result from jobs where organization_id = ${org} and kind = 'royalty-import'`,
      );
      return job;
    };
    await expect.poll(jobOf, { timeout: 15_000 }).toMatchObject({ status: 'succeeded' });
    expect((await jobOf())!.result).toEqual({ lines: 3, bad_lines: 0, worker: true });
  });
});
