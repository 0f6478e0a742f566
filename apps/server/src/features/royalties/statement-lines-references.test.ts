/**
 * statement_lines has no foreign keys (migration 0026): triggers do what they did on delete, and a
 * batch being loaded locks what it matched, so a delete meanwhile waits for it and then clears what
 * it wrote. PGlite and PostgreSQL (the concurrent case on PostgreSQL only: PGlite has one connection).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyTextRow } from '../../platform/db/copy.ts';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer, testDbKind } from '../../test/harness.ts';
import { insertImport } from './imports.repo.ts';
import { createLoadTable, insertLoadedLines, LOAD_COLUMNS } from './matching.repo.ts';

describe('statement lines and what they point at', () => {
  let server: TestServer;
  let org: string;
  let reviewer: string;

  const withOrg = <T>(work: (tx: OrgTx) => Promise<T>) => server.database.withOrg(org, work);
  const one = async (tx: OrgTx, query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: string }>(tx, query))[0]!.id;
  const recording = (isrc: string) =>
    withOrg((tx) =>
      one(
        tx,
        sql`insert into recordings (organization_id, title, display_artist, isrc) values (${org}, ${isrc}, 'Ada Wex', ${isrc}) returning id`,
      ),
    );
  const release = (upc: string) =>
    withOrg((tx) =>
      one(
        tx,
        sql`insert into releases (organization_id, title, display_artist, upc) values (${org}, ${upc}, 'Ada Wex', ${upc}) returning id`,
      ),
    );
  const newImport = (name: string) =>
    withOrg((tx) =>
      insertImport(tx, org, {
        fileName: name,
        storageKey: `${org}/files/${name}`,
        sizeBytes: 1,
        source: 'distrokid',
        mappingId: null,
        mapping: {},
        createdBy: reviewer,
      }),
    );
  /** One batch as the import job loads it: COPY into the load table, then matched and inserted. */
  const load = async (tx: OrgTx, importId: string, codes: Array<{ isrc?: string; upc?: string }>) => {
    await createLoadTable(tx);
    const text = codes
      .map((c, i) =>
        copyTextRow([
          i + 2,
          '2026-01-01',
          null,
          'Spotify',
          'US',
          c.isrc ?? null,
          c.upc ?? null,
          null,
          null,
          'T',
          'Ada Wex',
          'stream',
          1,
          null,
          '0.5',
          'USD',
          'raw',
        ]),
      )
      .join('');
    await server.database.copyInto(tx, 'royalty_load', LOAD_COLUMNS, text);
    await insertLoadedLines(tx, org, importId, 'distrokid');
  };
  const lines = (importId: string) =>
    withOrg((tx) =>
      queryRows<{ line_number: number; recording_id: string | null; release_id: string | null }>(
        tx,
        sql`select line_number, recording_id, release_id from statement_lines where import_id = ${importId} order by line_number`,
      ),
    );

  beforeAll(async () => {
    server = await createTestServer();
    const label = await adminWithLabel(server.app, 'Reference Records');
    org = label.organization.id;
    reviewer = label.reviewer.id;
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('keeps the lines of a deleted recording or release, matched to it no more; a deleted import takes its lines', async () => {
    const rec = await recording('GBREF2600001');
    const rel = await release('5063000000049');
    const importId = await newImport('a.tsv');
    await withOrg((tx) => load(tx, importId, [{ isrc: 'GBREF2600001' }, { upc: '5063000000049' }]));
    expect(await lines(importId)).toEqual([
      { line_number: 2, recording_id: rec, release_id: null },
      { line_number: 3, recording_id: null, release_id: rel },
    ]);

    await withOrg((tx) => tx.execute(sql`delete from recordings where id = ${rec}`));
    await withOrg((tx) => tx.execute(sql`delete from releases where id = ${rel}`));
    expect(await lines(importId)).toEqual([
      { line_number: 2, recording_id: null, release_id: null },
      { line_number: 3, recording_id: null, release_id: null },
    ]);

    await withOrg((tx) => tx.execute(sql`delete from royalty_imports where id = ${importId}`));
    expect(await lines(importId)).toEqual([]);
  });

  it('loads nothing into an import deleted before its batch', async () => {
    await recording('GBREF2600002');
    const importId = await newImport('b.tsv');
    await withOrg((tx) => tx.execute(sql`delete from royalty_imports where id = ${importId}`));
    await withOrg((tx) => load(tx, importId, [{ isrc: 'GBREF2600002' }]));
    expect(await lines(importId)).toEqual([]);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'makes a delete of a recording a batch matched wait for the batch, then clears the batch’s lines',
    async () => {
      const rec = await recording('GBREF2600003');
      const importId = await newImport('c.tsv');
      let loaded!: () => void;
      const batchLoaded = new Promise<void>((resolve) => {
        loaded = resolve;
      });
      let commit!: () => void;
      const committing = new Promise<void>((resolve) => {
        commit = resolve;
      });
      const batch = withOrg(async (tx) => {
        await load(tx, importId, [{ isrc: 'GBREF2600003' }]);
        loaded();
        await committing;
      });
      await batchLoaded;
      let deleted = false;
      const deleting = withOrg((tx) => tx.execute(sql`delete from recordings where id = ${rec}`)).then(() => {
        deleted = true;
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(deleted).toBe(false); // waiting for the batch's lock
      commit();
      await batch;
      await deleting;
      expect(await lines(importId)).toEqual([{ line_number: 2, recording_id: null, release_id: null }]);
    },
  );
});
