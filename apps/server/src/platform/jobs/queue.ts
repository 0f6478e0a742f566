/**
 * Background jobs (decision 0024). Long work (imports, period runs, deliveries) runs here, never in a
 * request. The queue is pg-boss on the app's own database (PGlite or PostgreSQL): a job is fetched
 * with FOR UPDATE SKIP LOCKED, so of several server copies exactly one runs it. A copy that dies
 * mid-job (kill -9) leaves it active until it expires; the queue then retries it with backoff.
 *
 * The label's view of a job is the `jobs` row (same id): who started it, its progress, outcome and
 * the cursor a retried attempt continues from. A handler does its work in steps (`run.step`), each
 * one transaction of the job's organization that also saves the progress and the cursor, so a
 * retried attempt never applies a batch twice and never leaves one half applied.
 */
import { JOB_MESSAGES } from '@music-review/core/jobs';
import PgBoss from 'pg-boss';
import type { Database, OrgTx } from '../db/index.ts';
import { QUEUE_SCHEMA } from '../db/index.ts';
import { AppError } from '../errors.ts';
import { sanitizeError } from '../logging.ts';
import * as repo from './jobs.repo.ts';

export type { JobRow } from './jobs.repo.ts';
/** The jobs table, for the feature that shows a member their jobs. */
export * as jobsRepo from './jobs.repo.ts';

/** Thrown by `run.step` when the member cancelled: the runner finishes the job as cancelled. */
export class JobCancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

export interface JobRun<Input> {
  id: string;
  organizationId: string;
  /** Who started it; null for scheduled work. */
  reviewerId: string | null;
  input: Input;
  /** Where the previous attempt stopped (null on a first attempt). */
  cursor: Record<string, unknown> | null;
  /** 1 on the first attempt. */
  attempt: number;
  /**
   * One step of the work, in one transaction of the job's organization, with the progress (and the
   * cursor to resume after it) saved in the same transaction. Throws JobCancelled before it starts
   * when the member cancelled.
   */
  step<T>(
    work: (tx: OrgTx) => Promise<{
      value?: T;
      done?: number;
      total?: number | null;
      message?: string | null;
      cursor?: Record<string, unknown>;
    }>,
  ): Promise<T | undefined>;
}

export type JobHandler<Input> = (run: JobRun<Input>) => Promise<Record<string, unknown> | undefined>;

export interface JobKindOptions {
  /** Attempts after the first (default 3), with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long an attempt may run before the queue takes it as lost and retries it (default 15 min). */
  expireInSeconds?: number;
}

export interface JobQueueOptions {
  /** How often an idle worker asks for work (pg-boss: at least 0.5 s). */
  pollingIntervalSeconds?: number;
  /** How often the queue expires lost attempts and sends retries (pg-boss maintenance). */
  maintenanceIntervalSeconds?: number;
  /** Offer the scheduled work (`every`) from this copy (default true). */
  schedule?: boolean;
  /** How often this copy sends waiting jobs and settles lost attempts (default 30 s). */
  sweepIntervalSeconds?: number;
  /** A running job untouched this long is checked against the queue (default 60 s). */
  staleAfterSeconds?: number;
}

type QueueMessage = { jobId: string; organizationId: string };

export interface JobQueue {
  /** Declares a kind of job and its handler; before `start`. */
  define<Input>(kind: string, handler: JobHandler<Input>, options?: JobKindOptions): void;
  /**
   * Work to run every `intervalSeconds`, once per interval across every copy (each copy offers a run;
   * the queue keeps one per interval and hands it to one worker); before `start`.
   */
  every(name: string, intervalSeconds: number, work: () => Promise<void>): void;
  /**
   * Saves a job for the member's label and hands it to the queue. Call it outside any transaction
   * (on PGlite the one connection would wait for itself).
   */
  enqueue(
    organizationId: string,
    reviewerId: string | null,
    kind: string,
    input: Record<string, unknown>,
  ): Promise<repo.JobRow>;
  /** Starts this copy's workers (and the schedule); idempotent. */
  start(): Promise<void>;
  /** Stops taking work; waits for the attempts in progress (up to `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  readonly started: boolean;
}

/**
 * A job's `step` (see JobRun): also what a job's work runs with in a process of its own (the
 * statement import's worker), on its own connection to the same database.
 */
export function jobStep(database: Database, organizationId: string, jobId: string): JobRun<unknown>['step'] {
  return (work) =>
    database.withOrg(organizationId, async (tx) => {
      if (await repo.isCancelRequested(tx, organizationId, jobId)) throw new JobCancelled();
      const { value, ...progress } = await work(tx);
      await repo.saveProgress(tx, organizationId, jobId, progress);
      return value;
    });
}

const DEFAULT_KIND_OPTIONS = { retryLimit: 3, retryDelaySeconds: 5, expireInSeconds: 15 * 60 };

/** What a failed attempt tells the member: an AppError's message is for them; anything else is not. */
function memberMessage(error: unknown) {
  return error instanceof AppError ? error.message : JOB_MESSAGES.failedUnexpectedly;
}

export function createJobQueue(database: Database, options: JobQueueOptions = {}): JobQueue {
  const kinds = new Map<string, { handler: JobHandler<unknown>; options: typeof DEFAULT_KIND_OPTIONS }>();
  const schedules = new Map<string, { intervalSeconds: number; work: () => Promise<void> }>();
  const timers: NodeJS.Timeout[] = [];
  let boss: PgBoss | null = null;
  let starting: Promise<void> | null = null;
  const sweepEveryMs = (options.sweepIntervalSeconds ?? 30) * 1000;
  const staleAfterSeconds = options.staleAfterSeconds ?? 60;
  let sweep: NodeJS.Timeout | null = null;
  /** This copy's worker for each kind, woken on send instead of waiting for its next poll. */
  const workerIds = new Map<string, string>();
  /** The instance taking work; null from the moment stop() is called (work fetched after it goes back). */
  let accepting: PgBoss | null = null;
  /** The attempts this copy runs now; stop() waits for them. */
  const inFlight = new Set<Promise<void>>();

  /**
   * pg-boss's graceful stop waits only for workers already holding a job: a worker whose fetch was
   * under way when stop was called can still start one after stop returned (a scheduled run after
   * the queue stopped, seen once in CI). Work is refused once stopping (failed back to the queue,
   * so another copy retries it) and stop() waits for what runs.
   */
  function guarded<T>(instance: PgBoss, work: (arg: T) => Promise<void>) {
    return async (arg: T) => {
      if (accepting !== instance)
        throw new Error('this copy of the queue is stopping; another copy takes the job');
      const attempt = work(arg);
      inFlight.add(attempt);
      try {
        await attempt;
      } finally {
        inFlight.delete(attempt);
      }
    };
  }

  async function send(row: { id: string; organization_id: string; kind: string }) {
    const kind = kinds.get(row.kind);
    if (!boss || !kind) return;
    const message: QueueMessage = { jobId: row.id, organizationId: row.organization_id };
    // The id makes a second send of the same job a no-op.
    await boss.send(row.kind, message, {
      id: row.id,
      retryLimit: kind.options.retryLimit,
      retryDelay: kind.options.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: kind.options.expireInSeconds,
    });
    // A job sent here starts here at once, not at the worker's next poll (up to pollingIntervalSeconds
    // later: a dry run then its import waited two polls). Other copies still find it by polling.
    const workerId = workerIds.get(row.kind);
    if (workerId) boss.notifyWorker(workerId);
  }

  /**
   * Hands jobs saved but never sent (a copy stopped in between) to the queue, and mirrors on the
   * `jobs` rows what the queue decided about attempts whose copy died: waiting for a retry, or failed.
   */
  async function sweepJobs() {
    const owner = database.asOwner('jobs of every label wait here for a queue to take or settle them');
    for (const row of await repo.listQueuedJobs(owner, 0, 500)) await send(row);
    for (const row of await repo.listStaleRunningJobs(owner, staleAfterSeconds, 100)) {
      const queued = await boss?.getJobById(row.kind, row.id);
      if (!queued || queued.state === 'active') continue;
      const outcome =
        queued.state === 'failed' || queued.state === 'cancelled'
          ? ({ status: 'failed', error: JOB_MESSAGES.failedUnexpectedly } as const)
          : queued.state === 'created' || queued.state === 'retry'
            ? ({ status: 'queued', error: JOB_MESSAGES.failedUnexpectedly } as const)
            : null;
      if (outcome)
        await database.withOrg(row.organization_id, (tx) =>
          repo.finishJob(tx, row.organization_id, row.id, outcome),
        );
    }
  }

  async function runAttempt(kind: string, job: PgBoss.JobWithMetadata<QueueMessage>) {
    const entry = kinds.get(kind);
    if (!entry) return;
    const { jobId, organizationId } = job.data;
    const row = await database.withOrg(organizationId, (tx) => repo.startAttempt(tx, organizationId, jobId));
    if (!row) return; // cancelled or finished: nothing to run, the queue's job completes
    const run: JobRun<unknown> = {
      id: row.id,
      organizationId,
      reviewerId: row.reviewer_id,
      input: row.input,
      cursor: row.cursor,
      attempt: row.attempts,
      step: jobStep(database, organizationId, jobId),
    };
    try {
      const result = await entry.handler(run);
      await database.withOrg(organizationId, async (tx) => {
        const cancelled = await repo.isCancelRequested(tx, organizationId, jobId);
        await repo.finishJob(
          tx,
          organizationId,
          jobId,
          cancelled ? { status: 'cancelled' } : { status: 'succeeded', result: result ?? null },
        );
      });
    } catch (error) {
      if (error instanceof JobCancelled) {
        await database.withOrg(organizationId, (tx) =>
          repo.finishJob(tx, organizationId, jobId, { status: 'cancelled' }),
        );
        return;
      }
      const final = job.retryCount >= job.retryLimit;
      if (!(error instanceof AppError)) console.warn(`job ${kind} ${jobId} failed`, sanitizeError(error));
      await database.withOrg(organizationId, (tx) =>
        repo.finishJob(
          tx,
          organizationId,
          jobId,
          final
            ? { status: 'failed', error: memberMessage(error) }
            : { status: 'queued', error: memberMessage(error) },
        ),
      );
      throw error; // the queue retries it (with backoff) or records the failure
    }
  }

  async function startBoss() {
    const instance = new PgBoss({
      db: database.queueSql,
      schema: QUEUE_SCHEMA,
      migrate: false,
      supervise: true,
      schedule: false,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    });
    instance.on('error', (error) => console.warn('job queue', sanitizeError(error)));
    await instance.start();
    accepting = instance;
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    for (const [kind, entry] of kinds) {
      await instance.createQueue(kind, {
        name: kind,
        retryLimit: entry.options.retryLimit,
        retryDelay: entry.options.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: entry.options.expireInSeconds,
      });
      const workerId = await instance.work<QueueMessage>(
        kind,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds },
        guarded(instance, async ([job]: PgBoss.JobWithMetadata<QueueMessage>[]) => {
          if (job) await runAttempt(kind, job);
        }),
      );
      workerIds.set(kind, workerId);
    }
    for (const [name, entry] of schedules) {
      await instance.createQueue(name, { name, retryLimit: 0, expireInSeconds: 15 * 60 });
      await instance.work(
        name,
        { batchSize: 1, pollingIntervalSeconds },
        guarded(instance, async () => {
          await entry.work();
        }),
      );
      if (options.schedule ?? true) {
        // One job per interval slot and name, whichever copy offers it first (pg-boss singletons).
        const offer = () =>
          instance
            .send(name, {}, { singletonKey: name, singletonSeconds: entry.intervalSeconds, retryLimit: 0 })
            .catch((error) => console.warn(`job queue: offering ${name}`, sanitizeError(error)));
        await offer();
        const timer = setInterval(() => void offer(), entry.intervalSeconds * 1000);
        timer.unref();
        timers.push(timer);
      }
    }
    boss = instance;
    await sweepJobs();
    sweep = setInterval(() => {
      sweepJobs().catch((error) => console.warn('job queue: sweeping jobs', sanitizeError(error)));
    }, sweepEveryMs);
    sweep.unref();
  }

  return {
    define(kind, handler, kindOptions = {}) {
      if (boss) throw new Error('define job kinds before the queue starts');
      kinds.set(kind, {
        handler: handler as JobHandler<unknown>,
        options: { ...DEFAULT_KIND_OPTIONS, ...kindOptions },
      });
    },
    every(name, intervalSeconds, work) {
      if (boss) throw new Error('define schedules before the queue starts');
      schedules.set(name, { intervalSeconds, work });
    },
    async enqueue(organizationId, reviewerId, kind, input) {
      if (!kinds.has(kind)) throw new Error(`unknown job kind ${kind}`);
      const row = await database.withOrg(organizationId, (tx) =>
        repo.insertJob(tx, { organizationId, reviewerId, kind, input }),
      );
      // Saved first: if the send fails (or no queue runs in this copy), a started copy sends it later.
      await send(row).catch((error) => console.warn('job queue: send', sanitizeError(error)));
      return row;
    },
    async start() {
      starting ??= startBoss();
      await starting;
    },
    async stop(timeoutMs = 10_000) {
      accepting = null;
      if (sweep) clearInterval(sweep);
      for (const timer of timers.splice(0)) clearInterval(timer);
      const instance = boss;
      boss = null;
      starting = null;
      workerIds.clear();
      if (instance) await instance.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      if (inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled([...inFlight]),
          new Promise((resolve) => {
            timer = setTimeout(resolve, timeoutMs);
          }),
        ]);
        clearTimeout(timer);
      }
    },
    get started() {
      return boss !== null;
    },
  };
}
