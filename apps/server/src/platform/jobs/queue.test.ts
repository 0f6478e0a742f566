/**
 * The job queue (decision 0024) with two server copies on one database: each job runs once, in
 * steps that save progress and a cursor with their work, resumes after a failed attempt without
 * applying a batch twice, ends failed with a message the member can act on, can be cancelled, is its
 * starter's alone, and recurring work runs once per interval. Runs on PGlite and on PostgreSQL.
 */

import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { JobDto } from '@music-review/core/contracts/jobs';
import { JOB_MESSAGES } from '@music-review/core/jobs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer, testDbKind } from '../../test/harness.ts';
import { type Database, queryRows } from '../db/index.ts';
import { connectMember, listenForSockets } from '../realtime/socket-test-utils.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { createEffectsTable, type WriteItemsInput, writeItems } from './test-kinds.ts';

const ROOT = join(import.meta.dirname, '../../../../..');
const FAST = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  sweepIntervalSeconds: 1,
  staleAfterSeconds: 2,
};
/** A kind whose lost attempts expire quickly, for the copy that is killed mid-job. */
const KILLABLE = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 3 };
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the job queue', () => {
  let server: TestServer;
  let copies: JobQueue[];
  let label: Awaited<ReturnType<typeof adminWithLabel>>;
  let colleague: Awaited<ReturnType<typeof memberOf>>;
  let other: Awaited<ReturnType<typeof adminWithLabel>>;
  /** Which copy ran which attempt of which job. */
  const attempts: { copy: number; job: string; attempt: number }[] = [];
  const ticks: number[] = [];

  const startCopy = async (copy: number) => {
    const queue = createJobQueue(server.database, FAST);
    const onAttempt = (job: string, attempt: number) => attempts.push({ copy, job, attempt });
    queue.define<WriteItemsInput>('test-write', writeItems(onAttempt), {
      retryLimit: 2,
      retryDelaySeconds: 1,
    });
    queue.define<WriteItemsInput>('test-write-killable', writeItems(onAttempt), KILLABLE);
    queue.every('test-tick', 1, async () => {
      ticks.push(Date.now());
    });
    await queue.start();
    return queue;
  };

  const job = async (headers: { authorization: string }, id: string) => {
    const res = await server.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    return { status: res.statusCode, body: res.json<JobDto>() };
  };
  const finished = async (id: string) => {
    await expect
      .poll(async () => (await job(label.headers, id)).body.status, { timeout: 30_000, interval: 250 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return (await job(label.headers, id)).body;
  };
  const effects = (jobId: string) =>
    queryRows<{ item: number; n: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select item, count(*)::int as n from job_test_effects where job_id = ${jobId} group by item order by item`,
    );
  const enqueue = (input: WriteItemsInput, queue = copies[0]!) =>
    queue.enqueue(label.organization.id, label.reviewer.id, 'test-write', input);

  beforeAll(async () => {
    server = await createTestServer();
    await createEffectsTable(server.database);
    label = await adminWithLabel(server.app, 'Queue Label');
    colleague = await memberOf(server.app, label.inviteCode);
    other = await adminWithLabel(server.app, 'Elsewhere');
    copies = [await startCopy(1), await startCopy(2)];
  }, 60_000);

  afterAll(async () => {
    for (const queue of copies ?? []) await queue.stop();
    await server?.close();
  });

  it('runs each job exactly once across two copies, with its progress for the member who started it', async () => {
    const rows = await Promise.all(
      Array.from({ length: 6 }, (_, i) => enqueue({ items: 25, batch: 10 }, copies[i % 2]!)),
    );
    for (const row of rows) {
      const done = await finished(row.id);
      expect(done).toMatchObject({
        status: 'succeeded',
        progress_done: 25,
        progress_total: 25,
        progress_message: '25 of 25',
        result: { written: 25 },
        error: null,
        attempts: 1,
      });
      expect(done.started_at).not.toBeNull();
      expect(done.finished_at).not.toBeNull();
      const written = await effects(row.id);
      expect(written.map((w) => w.item)).toEqual(Array.from({ length: 25 }, (_, i) => i));
      expect(written.every((w) => w.n === 1)).toBe(true);
      expect(attempts.filter((a) => a.job === row.id)).toHaveLength(1);
    }
    const list = await server.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: label.headers });
    expect(list.json<JobDto[]>().map((j) => j.id)).toEqual(expect.arrayContaining(rows.map((r) => r.id)));
  });

  it('resumes a failed attempt from its cursor: no batch is applied twice or half', async () => {
    const row = await enqueue({ items: 50, batch: 10, failOnce: true });
    const done = await finished(row.id);
    expect(done).toMatchObject({ status: 'succeeded', attempts: 2, progress_done: 50, error: null });
    const written = await effects(row.id);
    expect(written).toHaveLength(50);
    expect(written.every((w) => w.n === 1)).toBe(true);
    expect(attempts.filter((a) => a.job === row.id).map((a) => a.attempt)).toEqual([1, 2]);
  });

  it('ends a job that keeps failing as failed, saying why in words the member can act on', async () => {
    const member = await enqueue({ items: 5, batch: 5, failAlways: 'member' });
    const internal = await enqueue({ items: 5, batch: 5, failAlways: 'internal' });
    expect(await finished(member.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Row 3: the ISRC is not valid.',
    });
    const failed = await finished(internal.id);
    expect(failed).toMatchObject({ status: 'failed', error: JOB_MESSAGES.failedUnexpectedly });
    expect(JSON.stringify(failed)).not.toContain('secret internal detail');
  });

  it('cancels a running job after its current step, and refuses to cancel a finished one', async () => {
    const row = await enqueue({ items: 200, batch: 5, pauseMs: 150 });
    await expect
      .poll(async () => (await job(label.headers, row.id)).body.progress_done, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const cancel = await server.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${row.id}/cancel`,
      headers: label.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json<JobDto>().cancel_requested).toBe(true);
    const done = await finished(row.id);
    expect(done.status).toBe('cancelled');
    expect(done.progress_done).toBeLessThan(200);
    // What was written is whole batches, each once.
    const written = await effects(row.id);
    expect(written.length % 5).toBe(0);
    expect(written.every((w) => w.n === 1)).toBe(true);

    const again = await server.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${row.id}/cancel`,
      headers: label.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'conflict', message: JOB_MESSAGES.alreadyFinished },
    });
  });

  it('keeps a job saved while no queue runs, runs it when one starts, and never runs a job cancelled before', async () => {
    for (const queue of copies) await queue.stop();
    const waiting = await enqueue({ items: 3, batch: 3 });
    const dropped = await enqueue({ items: 3, batch: 3 });
    expect((await job(label.headers, waiting.id)).body.status).toBe('queued');
    const cancel = await server.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${dropped.id}/cancel`,
      headers: label.headers,
    });
    expect(cancel.json<JobDto>().status).toBe('cancelled');
    copies = [await startCopy(1), await startCopy(2)];
    expect(await finished(waiting.id)).toMatchObject({ status: 'succeeded', attempts: 1 });
    await wait(1500);
    expect(attempts.some((a) => a.job === dropped.id)).toBe(false);
    expect(await effects(dropped.id)).toEqual([]);
  });

  it("pushes a job's changes over the socket to the member who started it, and to no one else", async () => {
    const url = await listenForSockets(server.app);
    const mine = await connectMember(url, label.token, ['table:jobs']);
    const theirs = await connectMember(url, colleague.token, ['table:jobs']);
    try {
      const row = await enqueue({ items: 3, batch: 1 });
      await mine.waitForChange(row.id);
      // A fence: the colleague's own job reaches them; the admin's, sent before it, never did.
      const fence = await copies[0]!.enqueue(label.organization.id, colleague.reviewer.id, 'test-write', {
        items: 1,
        batch: 1,
      });
      await theirs.waitForChange(fence.id);
      expect(theirs.hasChange(row.id)).toBe(false);
      await finished(row.id);
    } finally {
      mine.close();
      theirs.close();
    }
  });

  it('shows a job to its starter only: another member and another label get 404', async () => {
    const row = await enqueue({ items: 1, batch: 1 });
    await finished(row.id);
    expect((await job(colleague.headers, row.id)).status).toBe(404);
    expect((await job(other.headers, row.id)).status).toBe(404);
    const cancel = await server.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${row.id}/cancel`,
      headers: other.headers,
    });
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json()).toMatchObject({ error: { code: 'not_found', message: JOB_MESSAGES.notFound } });
    const theirs = await server.app.inject({
      method: 'GET',
      url: '/api/v1/jobs',
      headers: colleague.headers,
    });
    expect(theirs.json<JobDto[]>().map((j) => j.id)).not.toContain(row.id);
    expect((await job(label.headers, 'not-a-uuid')).status).toBe(404);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'resumes a job whose server copy was killed (kill -9) mid-job, on another copy, from its cursor',
    async () => {
      // Node itself runs the worker (tsx as a loader, not its CLI, which would be a parent process
      // that kill -9 leaves the worker behind).
      const worker = spawn(
        process.execPath,
        ['--import', 'tsx', join(import.meta.dirname, 'test-worker.ts'), server.database.url!],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
      );
      try {
        await new Promise<void>((resolve, reject) => {
          worker.stdout.on('data', (chunk: Buffer) => {
            if (chunk.toString().includes('ready')) resolve();
          });
          worker.on('exit', (code) => reject(new Error(`the worker exited with ${code}`)));
        });
        // Only the worker runs jobs now: this file's copies stop, then the job is saved.
        for (const queue of copies) await queue.stop();
        const row = await copies[0]!.enqueue(
          label.organization.id,
          label.reviewer.id,
          'test-write-killable',
          {
            items: 60,
            batch: 5,
            pauseMs: 200,
          },
        );
        await expect
          .poll(async () => (await job(label.headers, row.id)).body.progress_done, { timeout: 20_000 })
          .toBeGreaterThanOrEqual(10);
        worker.kill('SIGKILL');
        const before = (await job(label.headers, row.id)).body;
        expect(before.status).toBe('running');
        expect(before.progress_done).toBeLessThan(60);
        copies = [await startCopy(1), await startCopy(2)];
        const done = await finished(row.id);
        expect(done).toMatchObject({ status: 'succeeded', progress_done: 60, attempts: 2 });
        const written = await effects(row.id);
        expect(written.map((w) => w.item)).toEqual(Array.from({ length: 60 }, (_, i) => i));
        expect(written.every((w) => w.n === 1)).toBe(true);
      } finally {
        worker.kill('SIGKILL');
      }
    },
    60_000,
  );

  it("starts a job in the copy that sent it at once, not at its worker's next poll", async () => {
    // A worker that polls every 30 seconds: only the wake-up on send can start the job sooner.
    const slow = createJobQueue(server.database, { ...FAST, pollingIntervalSeconds: 30 });
    slow.define<WriteItemsInput>(
      'test-write-woken',
      writeItems(() => {}),
    );
    await slow.start();
    try {
      const row = await slow.enqueue(label.organization.id, label.reviewer.id, 'test-write-woken', {
        items: 3,
        batch: 3,
      });
      await expect
        .poll(async () => (await job(label.headers, row.id)).body.status, { timeout: 8_000, interval: 100 })
        .toBe('succeeded');
    } finally {
      await slow.stop();
    }
  });

  it('leaves a job its worker fetched while the copy stopped to another copy, untouched', async () => {
    // pg-boss's graceful stop waits only for workers holding a job: a worker whose fetch is under way
    // can receive one after stop returned. The copy's fetch is held open here, stop is called, then
    // the fetch goes on (against the real database) and finds the job.
    let holding = false;
    let fetching!: () => void;
    const fetchStarted = new Promise<void>((resolve) => {
      fetching = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held: Database = Object.create(server.database, {
      queueSql: {
        value: {
          async executeSql(text: string, values?: unknown[]) {
            if (holding && text.includes('SKIP LOCKED')) {
              holding = false;
              fetching();
              await released;
            }
            return server.database.queueSql.executeSql(text, values);
          },
        },
      },
    });
    const late = (copy: number, database: Database) => {
      const queue = createJobQueue(database, FAST);
      queue.define<WriteItemsInput>(
        'test-write-late',
        writeItems((job, attempt) => attempts.push({ copy, job, attempt })),
        { retryLimit: 2, retryDelaySeconds: 1 },
      );
      return queue;
    };
    const stopping = late(3, held);
    await stopping.start();
    holding = true;
    await fetchStarted;
    const row = await stopping.enqueue(label.organization.id, label.reviewer.id, 'test-write-late', {
      items: 4,
      batch: 2,
    });
    await stopping.stop();
    release();
    await wait(1_500);
    expect(attempts.filter((a) => a.job === row.id)).toEqual([]);
    expect((await job(label.headers, row.id)).body.status).toBe('queued');

    const taker = late(4, server.database);
    await taker.start();
    try {
      expect(await finished(row.id)).toMatchObject({ status: 'succeeded', progress_done: 4, attempts: 1 });
      expect(attempts.filter((a) => a.job === row.id)).toEqual([{ copy: 4, job: row.id, attempt: 1 }]);
      expect((await effects(row.id)).map((w) => w.n)).toEqual([1, 1, 1, 1]);
    } finally {
      await taker.stop();
    }
  });

  it('runs recurring work once per interval, though both copies offer it', async () => {
    ticks.length = 0;
    const from = Date.now();
    await wait(4_500);
    const seconds = (Date.now() - from) / 1000;
    expect(ticks.length).toBeGreaterThan(0);
    // Two copies offering every second would make about twice as many.
    expect(ticks.length).toBeLessThanOrEqual(Math.ceil(seconds) + 1);
  });
});
