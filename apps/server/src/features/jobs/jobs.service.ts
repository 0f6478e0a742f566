import type { JobDto } from '@music-review/core/contracts/jobs';
import { JOB_MESSAGES } from '@music-review/core/jobs';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type JobRow, jobsRepo } from '../../platform/jobs/queue.ts';

const LIST_LIMIT = 50;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function jobDto(row: JobRow): JobDto {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    progress_done: row.progress_done,
    progress_total: row.progress_total,
    progress_message: row.progress_message,
    result: row.result,
    error: row.error,
    attempts: row.attempts,
    cancel_requested: row.cancel_requested,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    finished_at: iso(row.finished_at),
  };
}

/**
 * A member's view of their background jobs (decision 0024). A job is its starter's: another member
 * of the label, like another label, gets 404 for it.
 */
export function createJobsService(ctx: AppContext) {
  const { database } = ctx;
  const jobNotFound = () => notFound(JOB_MESSAGES.notFound);

  return {
    async listMine(member: Member): Promise<JobDto[]> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        jobsRepo.listJobsOf(tx, member.organizationId, member.reviewer.id, LIST_LIMIT),
      );
      return rows.map(jobDto);
    },

    async get(member: Member, id: string): Promise<JobDto> {
      const row = await database.withOrg(member.organizationId, (tx) =>
        jobsRepo.findJob(tx, member.organizationId, id),
      );
      if (!row || row.reviewer_id !== member.reviewer.id) throw jobNotFound();
      return jobDto(row);
    },

    async cancel(member: Member, id: string): Promise<JobDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const row = await jobsRepo.findJob(tx, member.organizationId, id, true);
        if (!row || row.reviewer_id !== member.reviewer.id) throw jobNotFound();
        const cancelled = await jobsRepo.requestCancel(tx, member.organizationId, id);
        if (!cancelled) throw new AppError('conflict', JOB_MESSAGES.alreadyFinished);
        return jobDto(cancelled);
      });
    },
  };
}
