import type { JobStatus } from '@music-review/core/jobs';
import { sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../db/index.ts';

export type JobRow = {
  id: string;
  organization_id: string;
  reviewer_id: string | null;
  kind: string;
  status: JobStatus;
  input: Record<string, unknown>;
  progress_done: number;
  progress_total: number | null;
  progress_message: string | null;
  cursor: Record<string, unknown> | null;
  result: Record<string, unknown> | null;
  error: string | null;
  attempts: number;
  cancel_requested: boolean;
  created_at: Date | string;
  started_at: Date | string | null;
  finished_at: Date | string | null;
};

const COLUMNS = sql.raw(`id, organization_id, reviewer_id, kind, status, input, progress_done, progress_total,
  progress_message, cursor, result, error, attempts, cancel_requested, created_at, started_at, finished_at`);

export async function insertJob(
  tx: OrgTx,
  values: { organizationId: string; reviewerId: string | null; kind: string; input: Record<string, unknown> },
) {
  const rows = await queryRows<JobRow>(
    tx,
    sql`insert into jobs (organization_id, reviewer_id, kind, input)
        values (${values.organizationId}, ${values.reviewerId}, ${values.kind}, ${JSON.stringify(values.input)}::jsonb)
        returning ${COLUMNS}`,
  );
  return rows[0]!;
}

export async function findJob(tx: OrgTx, organizationId: string, id: string, lock = false) {
  const rows = await queryRows<JobRow>(
    tx,
    sql`select ${COLUMNS} from jobs where organization_id = ${organizationId} and id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return rows[0];
}

/** A member's own jobs (the ones they started), newest first. */
export async function listJobsOf(tx: OrgTx, organizationId: string, reviewerId: string, limit: number) {
  return queryRows<JobRow>(
    tx,
    sql`select ${COLUMNS} from jobs where organization_id = ${organizationId} and reviewer_id = ${reviewerId}
        order by created_at desc, id desc limit ${limit}`,
  );
}

/**
 * Takes the job for an attempt: it runs unless it was cancelled or has finished. Counts the attempt.
 * The row lock keeps a cancel and a start from crossing.
 */
export async function startAttempt(tx: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<JobRow>(
    tx,
    sql`update jobs set status = 'running', attempts = attempts + 1, started_at = coalesce(started_at, now()),
          error = null, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}
          and status in ('queued', 'running') and not cancel_requested
        returning ${COLUMNS}`,
  );
  return rows[0];
}

export async function saveProgress(
  tx: OrgTx,
  organizationId: string,
  id: string,
  progress: {
    done?: number;
    total?: number | null;
    message?: string | null;
    cursor?: Record<string, unknown>;
  },
) {
  const rows = await queryRows<{ cancel_requested: boolean }>(
    tx,
    sql`update jobs set
          progress_done = coalesce(${progress.done ?? null}::int, progress_done),
          progress_total = ${progress.total === undefined ? sql`progress_total` : sql`${progress.total}::int`},
          progress_message = ${progress.message === undefined ? sql`progress_message` : sql`${progress.message}`},
          cursor = ${progress.cursor === undefined ? sql`cursor` : sql`${JSON.stringify(progress.cursor)}::jsonb`},
          updated_at = now()
        where organization_id = ${organizationId} and id = ${id}
        returning cancel_requested`,
  );
  return rows[0]?.cancel_requested ?? true;
}

export async function isCancelRequested(tx: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<{ cancel_requested: boolean }>(
    tx,
    sql`select cancel_requested from jobs where organization_id = ${organizationId} and id = ${id}`,
  );
  return rows[0]?.cancel_requested ?? true;
}

export async function finishJob(
  tx: OrgTx,
  organizationId: string,
  id: string,
  outcome:
    | { status: 'succeeded'; result: Record<string, unknown> | null }
    | { status: 'failed'; error: string }
    | { status: 'cancelled' }
    | { status: 'queued'; error: string },
) {
  const finished = outcome.status !== 'queued';
  const result = outcome.status === 'succeeded' ? JSON.stringify(outcome.result) : null;
  const error = outcome.status === 'failed' || outcome.status === 'queued' ? outcome.error : null;
  const rows = await queryRows<JobRow>(
    tx,
    sql`update jobs set status = ${outcome.status}, result = ${result}::jsonb, error = ${error},
          finished_at = ${finished ? sql`now()` : sql`null`}, updated_at = now()
        where organization_id = ${organizationId} and id = ${id}
          and status not in ('succeeded', 'failed', 'cancelled')
        returning ${COLUMNS}`,
  );
  return rows[0];
}

/**
 * Marks a cancel: a queued job is cancelled at once; a running one stops at its next step (the
 * runner finishes it as cancelled). Answers the row, or undefined when it had already finished.
 */
export async function requestCancel(tx: OrgTx, organizationId: string, id: string) {
  const rows = await queryRows<JobRow>(
    tx,
    sql`update jobs set cancel_requested = true, updated_at = now(),
          status = case when status = 'queued' then 'cancelled' else status end,
          finished_at = case when status = 'queued' then now() else finished_at end
        where organization_id = ${organizationId} and id = ${id}
          and status not in ('succeeded', 'failed', 'cancelled')
        returning ${COLUMNS}`,
  );
  return rows[0];
}

/**
 * Owner level: the jobs still waiting to be handed to the queue, across every label (a copy that
 * stopped between saving a job and sending it, or a job saved while no copy's queue ran). Sending
 * one twice is harmless: the queue's job has the row's id.
 */
export async function listQueuedJobs(db: OwnerScope, olderThanSeconds: number, limit: number) {
  return queryRows<Pick<JobRow, 'id' | 'organization_id' | 'kind'>>(
    db,
    sql`select id, organization_id, kind from jobs
        where status = 'queued' and created_at < now() - make_interval(secs => ${olderThanSeconds})
        order by created_at limit ${limit}`,
  );
}

/**
 * Owner level: jobs marked running that nothing has touched for a while, across every label: their
 * copy may have died mid-attempt (the queue then retries or fails them; the sweep mirrors that).
 */
export async function listStaleRunningJobs(db: OwnerScope, idleSeconds: number, limit: number) {
  return queryRows<Pick<JobRow, 'id' | 'organization_id' | 'kind'>>(
    db,
    sql`select id, organization_id, kind from jobs
        where status = 'running' and updated_at < now() - make_interval(secs => ${idleSeconds})
        order by updated_at limit ${limit}`,
  );
}
