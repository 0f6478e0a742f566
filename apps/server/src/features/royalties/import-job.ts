/**
 * The statement import as a background job (decision 0028). One pass hashes the file (the same file
 * twice is refused); a second reads it row by row (platform/tabular), turns each row into a line
 * (core royalty-sources) and loads the good lines in batches with COPY into a temporary table, then
 * one INSERT ... SELECT into statement_lines under row-level security that matches each line as it
 * goes. Each batch is one step (one transaction that also saves the progress).
 *
 * The lines of an import count nowhere until the import is `imported`, so a batch committed before a
 * cancel, a failure or a discard is never seen: the job then deletes every line of the import.
 * A file with bad lines ends in `needs_decision`; the member imports the good lines or discards it.
 * A copy that dies mid-import: the queue retries the job, which starts over after deleting the lines.
 */
import { fork } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { addDecimals } from '@music-review/core/money';
import { FINANCE_MESSAGES, ROYALTY_IMPORT_JOB, ROYALTY_LIMITS } from '@music-review/core/royalties';
import {
  type ColumnMapping,
  createStatementLineReader,
  type StatementLine,
} from '@music-review/core/royalty-sources';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { CopyTextBuffer } from '../../platform/db/copy.ts';
import type { Database } from '../../platform/db/index.ts';
import { AppError, type ErrorCode } from '../../platform/errors.ts';
import { JobCancelled, type JobRun } from '../../platform/jobs/queue.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import {
  inspectTabular,
  type OpenStream,
  readTabularRows,
  TabularError,
} from '../../platform/tabular/index.ts';
import { rebuildImportRollups } from '../analytics/rollups.service.ts';
import type { ImportWorkerOutcome, ImportWorkerTask } from './import-worker.ts';
import * as repo from './imports.repo.ts';
import { createLoadTable, insertLoadedLines, LOAD_COLUMNS } from './matching.repo.ts';

export type ImportJobInput = { import_id: string };

/** A retried attempt starts over (its lines deleted first); a broken file is not retried. */
const IMPORT_OPTIONS = { retryLimit: 1, retryDelaySeconds: 5, expireInSeconds: 60 * 60 };

export function defineRoyaltyImportJob(ctx: AppContext) {
  ctx.jobs.define<ImportJobInput>(
    ROYALTY_IMPORT_JOB,
    async (run) => {
      if (await inWorker(ctx, run.organizationId, run.input.import_id)) return loadInWorker(ctx, run);
      return loadStatement(
        { database: ctx.database, driver: ctx.storage.driver },
        run.organizationId,
        run.input.import_id,
        { step: run.step, attempt: run.attempt },
      );
    },
    IMPORT_OPTIONS,
  );
}

/** A large file on PostgreSQL is imported in a process of its own (import-worker.ts). */
async function inWorker(ctx: AppContext, org: string, importId: string) {
  if (ctx.database.kind !== 'postgres' || !ctx.database.url) return false;
  const row = await ctx.database.withOrg(org, (tx) => repo.findImport(tx, org, importId));
  return row !== undefined && row.size_bytes >= ctx.config.IMPORT_WORKER_MIN_BYTES;
}

const WORKER_FILE = fileURLToPath(new URL('./import-worker.ts', import.meta.url));
/** The TypeScript loader the server itself runs under (tsx), for the worker's own modules. */
const tsxLoader = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Forks the worker, hands it the import and waits for its outcome: the job's result or its error. */
function loadInWorker(
  ctx: AppContext,
  run: JobRun<ImportJobInput>,
): Promise<Record<string, unknown> | undefined> {
  const child = fork(WORKER_FILE, [], {
    execArgv: ['--import', tsxLoader()],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let outcome: ImportWorkerOutcome | null = null;
    child.on('message', (message) => {
      outcome = message as ImportWorkerOutcome;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (!outcome) return reject(new Error(`the statement import worker exited with code ${code}`));
      if (outcome.kind === 'done') resolve({ ...(outcome.value as Record<string, unknown>), worker: true });
      else if (outcome.kind === 'cancelled') reject(new JobCancelled());
      else if (outcome.kind === 'app_error') reject(new AppError(outcome.code as ErrorCode, outcome.message));
      else reject(new Error(`the statement import worker failed (${outcome.message})`));
    });
    const task: ImportWorkerTask = {
      config: ctx.config,
      databaseUrl: ctx.database.url!,
      organizationId: run.organizationId,
      importId: run.input.import_id,
      jobId: run.id,
      attempt: run.attempt,
    };
    child.send(task);
  });
}

/** What loading needs: the database and the file store (the demo seed has no job queue). */
export type LoadDeps = { database: Database; driver: StorageDriver };
/** How each batch is committed: a job's step (progress saved, cancel checked), or a plain transaction. */
export type LoadRunner = {
  step: JobRun<unknown>['step'];
  attempt: number;
  /** Lines per batch (tests make it small to stop an import midway). */
  batchLines?: number;
};

/** A runner outside the queue (the demo seed): each step one transaction of the label. */
export function plainRunner(database: Database, org: string): LoadRunner {
  return {
    attempt: 1,
    step: async (work) => database.withOrg(org, async (tx) => (await work(tx)).value),
  };
}

class ImportRefused extends Error {}

function openFrom(driver: StorageDriver, key: string): OpenStream {
  return async () => {
    const object = await driver.getStream(key);
    if (!object) throw new AppError('not_found', FINANCE_MESSAGES.uploadNotFound);
    return object.body;
  };
}

async function sha256Of(open: OpenStream) {
  const hash = createHash('sha256');
  await pipeline(await open(), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) hash.update(chunk);
  });
  return hash.digest('hex');
}

function writeCopyRow(
  out: CopyTextBuffer,
  lineNumber: number,
  line: StatementLine,
  cells: readonly string[],
) {
  out
    .value(lineNumber)
    .value(line.sale_month)
    .value(line.reporting_date)
    .value(line.store)
    .value(line.territory)
    .value(line.isrc)
    .value(line.upc)
    .value(line.catalogue_number)
    .value(line.release_title)
    .value(line.track_title)
    .value(line.artist)
    .value(line.sale_type)
    .value(line.quantity)
    .value(line.gross)
    .value(line.net)
    .value(line.currency)
    .joined(cells, '\t')
    .endRow();
}

const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === '');

/** Reads, checks and loads one import's file (the job's work; the demo seed calls it directly). */
export async function loadStatement(deps: LoadDeps, org: string, importId: string, run: LoadRunner) {
  const { database } = deps;

  const row = await database.withOrg(org, async (tx) => {
    const found = await repo.findImport(tx, org, importId, true);
    if (!found || !['queued', 'reading'].includes(found.status)) return null;
    // A retried attempt: what an earlier one loaded goes first.
    if (found.status === 'reading') await repo.deleteImportLines(tx, org, importId);
    await repo.updateImport(tx, org, importId, {
      status: 'reading',
      bytesRead: 0,
      lineCount: 0,
      badLineCount: 0,
      badLines: [],
    });
    return found;
  });
  if (!row) return { skipped: true };

  const open = openFrom(deps.driver, row.storage_key);
  /**
   * The batches the database is loading while the next one is read (each promise settles to its
   * error or null): reading and normalising here and the database's work overlap instead of taking
   * turns.
   */
  const inFlight: Array<Promise<unknown>> = [];
  try {
    const sha = await sha256Of(open);
    await run.step(async (tx) => {
      const same = await repo.findSameFile(tx, org, sha, importId);
      if (same)
        throw new ImportRefused(FINANCE_MESSAGES.duplicate(same.file_name, same.created_at.slice(0, 10)));
      await repo.updateImport(tx, org, importId, { contentSha256: sha });
      return { done: 0, total: row.size_bytes, message: 'Reading the file' };
    });

    const file = await inspectTabular(open, row.file_name);
    const read = createStatementLineReader(row.mapping as unknown as ColumnMapping, file.headers);
    let bytesRead = 0;
    let lineCount = 0;
    let badLineCount = 0;
    const badLines: Array<{ line: number; column: string; message: string }> = [];
    // Batches in the database at once: two on PostgreSQL (two backends, so both cores work while
    // this process reads the next), one on PGlite (one connection). A buffer per batch in flight and
    // one being written.
    const inFlightLimit = database.kind === 'postgres' ? 2 : 1;
    const buffers = Array.from({ length: inFlightLimit + 1 }, () => new CopyTextBuffer(8 << 20));
    let batchIndex = 0;
    let out = buffers[0]!;
    let batchLines = 0;
    /** The committed batches' sums per sale month and currency: the import's summary at the end. */
    const monthSums = new Map<string, repo.MonthSums>();
    /** The batch that commits before the next one (its error, once settled). */
    let previous: Promise<unknown> = Promise.resolve(null);

    const flush = async () => {
      const text = out.bytes();
      const progress = { bytesRead, lineCount, badLineCount, badLines: [...badLines] };
      while (inFlight.length >= inFlightLimit) {
        const error = await inFlight.shift();
        if (error) throw error;
      }
      // The batch that used the next buffer is settled: it is written over next.
      batchIndex++;
      out = buffers[batchIndex % buffers.length]!;
      out.reset();
      batchLines = 0;
      const before = previous;
      let batchSums: repo.MonthSums[] = [];
      const loading = run
        .step(async (tx) => {
          if (text.byteLength > 0) {
            // Planning is cheap here and JIT compiling each batch's statement is not (about 40 ms).
            // A batch's commit need not wait for its WAL to reach the disk: lines count only once
            // the import is `imported` (the last step, committed as usual), and after a crash the
            // job starts over, deleting what it had loaded.
            if (database.kind === 'postgres')
              await tx.execute(sql`set local jit = off; set local synchronous_commit = off`);
            await createLoadTable(tx);
            await database.copyInto(tx, 'royalty_load', LOAD_COLUMNS, text);
            batchSums = await insertLoadedLines(tx, org, importId, row.source);
          }
          // Batches commit in order, so the progress saved never goes back. Waiting here, before
          // this transaction touches the import's or the job's row, cannot hold up the one before.
          if (await before) throw new Error('an earlier batch of this import failed');
          await repo.updateImport(tx, org, importId, progress);
          return {
            done: progress.bytesRead,
            total: row.size_bytes,
            message: `${progress.lineCount.toLocaleString('en-US')} lines read`,
          };
        })
        .then(
          () => {
            // Committed: its sums count.
            for (const sums of batchSums) {
              const key = `${sums.month} ${sums.currency}`;
              const total = monthSums.get(key);
              if (total) {
                total.lines += sums.lines;
                total.matched += sums.matched;
                total.net = addDecimals(total.net, sums.net);
              } else monthSums.set(key, { ...sums });
            }
            return null;
          },
          (error: unknown) => error ?? new Error('a batch failed'),
        );
      previous = loading;
      inFlight.push(loading);
    };

    for await (const record of readTabularRows(open, file, { onProgress: (n) => (bytesRead = n) })) {
      if (isBlank(record.cells)) continue;
      lineCount++;
      if (lineCount > ROYALTY_LIMITS.maxLines) throw new ImportRefused(FINANCE_MESSAGES.tooManyLines);
      const result = read(record.cells);
      if (result.ok) {
        writeCopyRow(out, record.row, result.line, record.cells);
        if (++batchLines >= (run.batchLines ?? ROYALTY_LIMITS.batchLines)) await flush();
      } else {
        badLineCount++;
        for (const problem of result.problems) {
          if (badLines.length >= ROYALTY_LIMITS.badLinesShown) break;
          badLines.push({ line: record.row, column: problem.column, message: problem.message });
        }
      }
    }
    bytesRead = row.size_bytes;
    await flush();
    for (const loading of inFlight.splice(0)) {
      const error = await loading;
      if (error) throw error;
    }

    await run.step(async (tx) => {
      const summary = repo.summaryOf([...monthSums.values()]);
      await repo.updateImport(tx, org, importId, {
        status: badLineCount > 0 ? 'needs_decision' : 'imported',
        summary,
        finished: true,
      });
      // After the status and summary: the rebuild refreshes missing income, which reads both.
      await rebuildImportRollups(tx, org, [importId]);
      return { done: row.size_bytes, total: row.size_bytes, message: null };
    });
    return { lines: lineCount, bad_lines: badLineCount };
  } catch (error) {
    // Batches still in the database finish (or fail) before the lines are cleared.
    await Promise.all(inFlight.splice(0));
    const cancelled = error instanceof JobCancelled;
    const message = cancelled
      ? FINANCE_MESSAGES.cancelled
      : error instanceof ImportRefused || error instanceof AppError || error instanceof TabularError
        ? error.message
        : null;
    // A fault of ours (not the file's): the queue may retry; the import waits as `reading`.
    if (!cancelled && message === null && run.attempt <= IMPORT_OPTIONS.retryLimit) throw error;
    await database.withOrg(org, async (tx) => {
      await repo.deleteImportLines(tx, org, importId);
      await repo.updateImport(tx, org, importId, {
        status: cancelled ? 'cancelled' : 'failed',
        error: message ?? FINANCE_MESSAGES.failed,
        finished: true,
      });
    });
    if (cancelled) throw error;
    return { failed: true };
  }
}
