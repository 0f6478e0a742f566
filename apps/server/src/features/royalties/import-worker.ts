/**
 * A statement import in a process of its own (decision 0028, amended 2026-11-26). On PostgreSQL the
 * server forks this for a large file (IMPORT_WORKER_MIN_BYTES), so the import's memory is its own
 * and bounded (docs/PERFORMANCE.md "Royalties"), not added to the server's. The process opens its
 * own connections and file store, runs loadStatement with the job's steps (progress and cancel go
 * through the database, exactly as in the server), sends the outcome and exits. It also exits when
 * the server that forked it goes away: the job's attempt then counts as lost, and the queue retries
 * it as it would after a crash.
 */

import type { Config } from '../../platform/config.ts';
import { openPostgres } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { JobCancelled, jobStep } from '../../platform/jobs/queue.ts';
import { sanitizeError } from '../../platform/logging.ts';
import { createStorage } from '../../platform/storage/create-storage.ts';
import { loadStatement } from './import-job.ts';

export type ImportWorkerTask = {
  config: Config;
  databaseUrl: string;
  organizationId: string;
  importId: string;
  jobId: string;
  attempt: number;
};

export type ImportWorkerOutcome =
  | { kind: 'done'; value: unknown }
  | { kind: 'cancelled' }
  | { kind: 'app_error'; code: string; message: string }
  | { kind: 'failed'; message: string };

async function run(task: ImportWorkerTask): Promise<ImportWorkerOutcome> {
  // Two batches in the database at once, and the step that ends the import.
  const database = await openPostgres(task.databaseUrl, 3);
  try {
    const storage = await createStorage(task.config, database);
    const value = await loadStatement(
      { database, driver: storage.driver },
      task.organizationId,
      task.importId,
      {
        step: jobStep(database, task.organizationId, task.jobId),
        attempt: task.attempt,
      },
    );
    return { kind: 'done', value };
  } catch (error) {
    if (error instanceof JobCancelled) return { kind: 'cancelled' };
    if (error instanceof AppError) return { kind: 'app_error', code: error.code, message: error.message };
    console.warn('statement import worker', sanitizeError(error));
    return { kind: 'failed', message: error instanceof Error ? error.name : 'error' };
  } finally {
    await database.close();
  }
}

process.on('disconnect', () => process.exit(1));
process.once('message', (task: ImportWorkerTask) => {
  void run(task).then((outcome) => {
    process.send?.(outcome, () => process.exit(0));
  });
});
