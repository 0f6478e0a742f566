/**
 * A job kind for the queue's tests (queue.test.ts and the worker process it kills): writes each item
 * of its input as one row of `job_test_effects`, a batch per step, the cursor saying where to go on.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { JobHandler } from './queue.ts';

export type WriteItemsInput = {
  items: number;
  batch: number;
  failOnce?: boolean;
  failAlways?: 'member' | 'internal';
  /** Milliseconds to wait after each step (to be caught mid-job). */
  pauseMs?: number;
};

export async function createEffectsTable(database: Database) {
  await database.global.execute(
    sql`create table if not exists job_test_effects (job_id uuid not null, item int not null, attempt int not null)`,
  );
  await database.global.execute(sql`grant select, insert on job_test_effects to music_review_app`);
}

export function writeItems(
  onAttempt: (job: string, attempt: number) => void = () => {},
): JobHandler<WriteItemsInput> {
  return async (run) => {
    onAttempt(run.id, run.attempt);
    if (run.input.failAlways === 'member')
      throw new AppError('validation_failed', 'Row 3: the ISRC is not valid.');
    if (run.input.failAlways === 'internal') throw new Error('secret internal detail');
    const { items, batch } = run.input;
    let next = Number(run.cursor?.next ?? 0);
    while (next < items) {
      const from = next;
      const to = Math.min(items, from + batch);
      await run.step(async (tx) => {
        for (let item = from; item < to; item++) {
          await tx.execute(
            sql`insert into job_test_effects (job_id, item, attempt) values (${run.id}, ${item}, ${run.attempt})`,
          );
        }
        return { done: to, total: items, message: `${to} of ${items}`, cursor: { next: to } };
      });
      next = to;
      if (run.input.pauseMs) await new Promise((r) => setTimeout(r, run.input.pauseMs));
      if (run.input.failOnce && run.attempt === 1 && next >= batch * 2) throw new Error('connection reset');
    }
    return { written: items };
  };
}
