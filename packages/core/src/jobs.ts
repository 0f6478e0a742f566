/**
 * Background jobs (decision 0024): long work runs in a queue, never inside a request. What a member
 * sees of a job, shared by the server and the web.
 */

export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** Finished jobs: nothing more happens to them. */
export const isFinishedJob = (status: JobStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  alreadyFinished: 'This job has already finished.',
  /** Stored as a failed job's error when the cause is not something the member can act on. */
  failedUnexpectedly:
    'The job stopped because of an unexpected error. Try again; if it happens again, contact support.',
} as const;

/** A progress figure as the member reads it: "1,234 of 5,000" or "1,234" while the total is unknown. */
export function jobProgressPercent(done: number, total: number | null): number | null {
  if (total === null || total <= 0) return null;
  return Math.min(100, Math.floor((done * 100) / total));
}
