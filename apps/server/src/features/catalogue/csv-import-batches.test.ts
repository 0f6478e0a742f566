/**
 * "Import CSV" in batches (issue 14: "never half-apply ... a kill mid-import resumes from the
 * cursor"; decisions 0024 and 0026): an import stopped inside a batch's transaction loses that batch
 * whole, and the next attempt goes on from the saved cursor, writing every row once and every failed
 * row once. Each batch is announced with one realtime message, not one per row. PGlite and PostgreSQL.
 */
import { CSV_JOB_KINDS, type CsvImportResult } from '@music-review/core/catalogue-csv';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { type JobRun, jobsRepo } from '../../platform/jobs/queue.ts';
import type { TestServer } from '../../test/harness.ts';
import { type CsvJobInput, type ImportCursor, runCsvImport } from './csv-jobs.ts';
import { catalogueLabel, createCsvTestServer, csvApi, csvText } from './csv-test-helpers.ts';

/** 2,500 rows (three batches of 1,000); rows 12 and 1,512 have no artist. */
function songs(prefix: string) {
  const rows = [['Title', 'Artist', 'Genre']];
  for (let i = 1; i <= 2500; i++)
    rows.push([`${prefix} ${i}`, i === 11 || i === 1511 ? '' : 'Nova Lane', 'House']);
  return csvText(rows);
}

describe('an import in batches', () => {
  let server: TestServer;
  let api: ReturnType<typeof csvApi>;
  let label: Awaited<ReturnType<typeof catalogueLabel>>;

  const count = async (prefix: string) =>
    (
      await queryRows<{ n: number; titles: number }>(
        server.database.asOwner('tests build rows directly'),
        sql`select count(*)::int as n, count(distinct title)::int as titles from recordings
            where organization_id = ${label.organization.id} and title like ${`${prefix} %`}`,
      )
    )[0]!;

  beforeAll(async () => {
    server = await createCsvTestServer();
    api = csvApi(server);
    label = await catalogueLabel(server, 'Batch Records');
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('resumes an import killed inside a batch from its cursor, without doubling or losing a row', async () => {
    const org = label.organization.id;
    const key = await api.upload(label.headers, songs('Resumed'));
    // This test runs the attempts itself: no queue may take the job meanwhile.
    await server.ctx.jobs.stop();
    const input: CsvJobInput = {
      kind: 'recordings',
      key,
      mapping: { title: 'Title', display_artist: 'Artist', genre: 'Genre' },
    };
    const job = await server.database.withOrg(org, (tx) =>
      jobsRepo.insertJob(tx, {
        organizationId: org,
        reviewerId: label.reviewer.id,
        kind: CSV_JOB_KINDS.import,
        input,
      }),
    );
    // The queue's step: the work and its progress in one transaction of the label. `killAt` throws
    // inside that transaction after the work, as a process killed before COMMIT would.
    let steps = 0;
    const attempt = (
      number: number,
      cursor: Record<string, unknown> | null,
      killAt?: number,
    ): JobRun<CsvJobInput> => ({
      id: job.id,
      organizationId: org,
      reviewerId: label.reviewer.id,
      input,
      cursor,
      attempt: number,
      step: <T>(work: Parameters<JobRun<CsvJobInput>['step']>[0]) =>
        server.database.withOrg(org, async (tx) => {
          steps++;
          const { value, ...progress } = await work(tx);
          await jobsRepo.saveProgress(tx, org, job.id, progress);
          if (steps === killAt) throw new Error('killed');
          return value as T | undefined;
        }),
    });

    // Step 1 reads the file, steps 2-4 are the batches: killed in the second batch.
    await expect(runCsvImport(server.ctx, attempt(1, null, 3))).rejects.toThrow('killed');
    expect(await count('Resumed')).toEqual({ n: 999, titles: 999 });
    const saved = await server.database.withOrg(org, (tx) => jobsRepo.findJob(tx, org, job.id));
    expect(saved).toMatchObject({ progress_done: 1000, progress_total: 2500 });
    expect(saved!.cursor).toMatchObject({
      next: 1000,
      created: 999,
      failed: 1,
    } satisfies Partial<ImportCursor>);

    const result: CsvImportResult = await runCsvImport(server.ctx, attempt(2, saved!.cursor));
    expect(result).toMatchObject({
      rows: 2500,
      created: 2498,
      updated: 0,
      failed: 2,
      failed_rows_file: true,
    });
    expect(await count('Resumed')).toEqual({ n: 2498, titles: 2498 });

    // Its failed rows, each once, through the download the member uses.
    await server.database.withOrg(org, (tx) =>
      jobsRepo.finishJob(tx, org, job.id, { status: 'succeeded', result: { ...result } }),
    );
    const file = parse((await api.failedRows(label.headers, job.id)).body, { bom: true }) as string[][];
    expect(file.map((r) => r[0])).toEqual(['Title', 'Resumed 11', 'Resumed 1511']);
    expect(file[1]).toEqual(['Resumed 11', '', 'House', 'Artist: Enter the display artist']);
    // The upload is removed once the import is done.
    expect((await api.analyse(label.headers, key)).statusCode).toBe(404);
    await server.ctx.jobs.start();
  }, 120_000);

  it('announces each batch once over realtime, not each row', async () => {
    const org = label.organization.id;
    const messages: { table: string; event: string; organization_id?: string }[] = [];
    const stop = await server.database.listen('mr_changes', (payload) => {
      const change = JSON.parse(payload) as (typeof messages)[number];
      if (change.organization_id === org && change.table === 'recordings') messages.push(change);
    });
    try {
      const job = await api.importFile(label.headers, songs('Announced'));
      expect(job.result).toMatchObject({ created: 2498 });
      await expect.poll(() => messages.length).toBe(3);
      expect(messages.every((m) => m.event === 'BULK')).toBe(true);
      expect(await count('Announced')).toEqual({ n: 2498, titles: 2498 });
    } finally {
      await stop();
    }
  }, 120_000);
});
