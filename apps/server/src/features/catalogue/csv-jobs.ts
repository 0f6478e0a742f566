/**
 * The CSV dry run and import as background jobs (decisions 0024 and 0026). Both read the file from
 * storage twice, streamed: a first pass checks the whole file and notes the first row of each code;
 * the second goes batch by batch (CSV_LIMITS.batchRows rows), each batch one `run.step`: one
 * transaction that checks the rows against the catalogue (and, for the import, writes them in bulk)
 * and saves the progress and the cursor. An import stopped in the middle (a deploy, kill -9) starts
 * again after its last committed batch: a batch is applied once or not at all.
 */
import {
  CSV_JOB_KINDS,
  CSV_LIMITS,
  type CsvDelimiter,
  type CsvDryRunResult,
  type CsvEncoding,
  type CsvImportResult,
  type CsvKind,
  type CsvMapping,
  type CsvRowError,
} from '@music-review/core/catalogue-csv';
import type { AppContext } from '../../context.ts';
import type { JobRun } from '../../platform/jobs/queue.ts';
import { readAhead } from '../../platform/read-ahead.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { applyBatch, classifyBatch, type RowOutcome } from './csv-batch.ts';
import { assembleFailedRows, type FailedPart, writeFailedPart } from './csv-failed-rows.ts';
import { type CsvFormat, CsvTextDecoder, readCsvFormat, readCsvRows } from './csv-file.ts';
import {
  createRowReader,
  type FileScan,
  type ReadRow,
  reasonOf,
  rowErrors,
  scanCsvFile,
} from './csv-rows.ts';

/** What both jobs are given: the uploaded file, its kind and the checked mapping. */
export type CsvJobInput = { kind: CsvKind; key: string; mapping: CsvMapping };

/**
 * Where an import goes on from: the rows done of how many, what the file was (so a last attempt can
 * finish without it), the counts so far and the failed-rows parts written.
 */
export type ImportCursor = {
  next: number;
  total: number;
  headers: string[];
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
  created: number;
  updated: number;
  unchanged: number;
  failed: number;
  parts: FailedPart[];
};

/**
 * A dry run writes nothing: one that stops is simply started again by the member, so it is not
 * retried. An import is: a retried attempt goes on from its cursor. Either takes well under a
 * minute for CSV_LIMITS.maxRows rows; an attempt whose copy died is given up after the expiry.
 */
const DRY_RUN_OPTIONS = { retryLimit: 0, expireInSeconds: 5 * 60 };
const IMPORT_OPTIONS = { retryLimit: 2, retryDelaySeconds: 2, expireInSeconds: 10 * 60 };

/** Declares the two job kinds on the queue (background.ts). */
export function defineCatalogueCsvJobs(ctx: AppContext) {
  ctx.jobs.define<CsvJobInput>(
    CSV_JOB_KINDS.dryRun,
    async (run) => ({ ...(await runCsvDryRun(ctx, run)) }),
    DRY_RUN_OPTIONS,
  );
  ctx.jobs.define<CsvJobInput>(
    CSV_JOB_KINDS.import,
    async (run) => ({ ...(await runCsvImport(ctx, run)) }),
    IMPORT_OPTIONS,
  );
}

interface PreparedFile {
  format: CsvFormat;
  read: (record: { row: number; cells: string[] }) => ReadRow;
  scan: FileScan;
  fields: string[];
}

async function prepare(driver: StorageDriver, input: CsvJobInput): Promise<PreparedFile> {
  const format = await readCsvFormat(driver, input.key);
  const read = createRowReader(input.kind, format, input.mapping);
  const scan = await scanCsvFile(driver, input.key, input.kind, format, read);
  return { format, read, scan, fields: Object.keys(input.mapping).filter((f) => f !== 'id') };
}

/**
 * The data rows in batches, numbered from 0; the first `skip` rows (whole batches) are read past.
 * The jobs take them through readAhead: the next batch is parsed and checked while the database
 * works on the current one.
 */
async function* batches(
  driver: StorageDriver,
  key: string,
  file: PreparedFile,
  decoder: CsvTextDecoder,
  skip: number,
): AsyncGenerator<{ index: number; rows: ReadRow[] }> {
  let seen = 0;
  let rows: ReadRow[] = [];
  for await (const record of readCsvRows(driver, key, file.format, decoder)) {
    seen++;
    if (seen <= skip) continue;
    rows.push(file.read(record));
    if (rows.length === CSV_LIMITS.batchRows) {
      yield { index: (seen - rows.length) / CSV_LIMITS.batchRows, rows };
      rows = [];
    }
  }
  if (rows.length > 0) yield { index: (seen - rows.length) / CSV_LIMITS.batchRows, rows };
}

const progressMessage = (verb: string, done: number, total: number) =>
  `${verb} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;

function errorsOf(input: CsvJobInput, outcome: Extract<RowOutcome, { action: 'failed' }>): CsvRowError[] {
  return rowErrors(input.kind, input.mapping, outcome.row.row, outcome.problems);
}

/** Checks every row against the rules and the catalogue; writes nothing. */
export async function runCsvDryRun(ctx: AppContext, run: JobRun<CsvJobInput>): Promise<CsvDryRunResult> {
  const { input } = run;
  const driver = ctx.storage.driver;
  await run.step(async () => ({ done: 0, total: null, message: 'Reading the file' }));
  const file = await prepare(driver, input);
  const result: CsvDryRunResult = {
    kind: input.kind,
    rows: file.scan.rows,
    create: 0,
    update: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    encoding: file.format.encoding,
    delimiter: file.format.delimiter,
  };
  const decoder = new CsvTextDecoder();
  let done = 0;
  for await (const batch of readAhead(batches(driver, input.key, file, decoder, 0))) {
    const after = done + batch.rows.length;
    const outcomes =
      (await run.step(async (tx) => ({
        value: await classifyBatch(tx, run.organizationId, input.kind, batch.rows, file.scan),
        done: after,
        total: file.scan.rows,
        message: progressMessage('Checked', after, file.scan.rows),
      }))) ?? [];
    done = after;
    for (const outcome of outcomes) {
      if (outcome.action === 'create') result.create++;
      else if (outcome.action === 'update') result.update++;
      else if (outcome.action === 'unchanged') result.unchanged++;
      else {
        result.failed++;
        if (result.errors.length < CSV_LIMITS.errorsListed)
          result.errors.push(
            ...errorsOf(input, outcome).slice(0, CSV_LIMITS.errorsListed - result.errors.length),
          );
      }
    }
  }
  result.encoding = decoder.encoding;
  return result;
}

function readCursor(cursor: Record<string, unknown> | null): ImportCursor | null {
  if (!cursor || typeof cursor.next !== 'number') return null;
  return cursor as unknown as ImportCursor;
}

/**
 * Applies the valid rows batch by batch (creates and updates, origin `imported`), writes the failed
 * rows with their reasons to a file, and removes the upload once done. An attempt that finds every
 * batch done (the previous one stopped just before the end) only finishes the file.
 */
export async function runCsvImport(ctx: AppContext, run: JobRun<CsvJobInput>): Promise<CsvImportResult> {
  const { input, organizationId } = run;
  const driver = ctx.storage.driver;
  let cursor = readCursor(run.cursor);
  if (!cursor || cursor.next < cursor.total) {
    if (!cursor) await run.step(async () => ({ done: 0, total: null, message: 'Reading the file' }));
    const file = await prepare(driver, input);
    const decoder = new CsvTextDecoder();
    let current: ImportCursor = cursor ?? {
      next: 0,
      total: file.scan.rows,
      headers: file.format.headers,
      encoding: file.format.encoding,
      delimiter: file.format.delimiter,
      created: 0,
      updated: 0,
      unchanged: 0,
      failed: 0,
      parts: [],
    };
    for await (const batch of readAhead(batches(driver, input.key, file, decoder, current.next))) {
      const before = current;
      current =
        (await run.step(async (tx) => {
          const outcomes = await classifyBatch(tx, organizationId, input.kind, batch.rows, file.scan);
          await applyBatch(tx, organizationId, input.kind, run.reviewerId, file.fields, outcomes, {
            jobId: run.id,
            index: batch.index,
          });
          const failed = outcomes.filter(
            (o): o is Extract<RowOutcome, { action: 'failed' }> => o.action === 'failed',
          );
          const parts = [...before.parts];
          // Written before the batch commits; a retried batch writes the same part again.
          if (failed.length > 0)
            parts.push(
              await writeFailedPart(
                driver,
                organizationId,
                run.id,
                batch.index,
                file.format.headers.length,
                failed.map((o) => ({ cells: o.row.cells, reason: reasonOf(errorsOf(input, o)) })),
              ),
            );
          const count = (action: RowOutcome['action']) => outcomes.filter((o) => o.action === action).length;
          const next: ImportCursor = {
            ...before,
            next: before.next + batch.rows.length,
            encoding: decoder.encoding,
            created: before.created + count('create'),
            updated: before.updated + count('update'),
            unchanged: before.unchanged + count('unchanged'),
            failed: before.failed + failed.length,
            parts,
          };
          return {
            value: next,
            done: next.next,
            total: next.total,
            message: progressMessage('Imported', next.next, next.total),
            cursor: next,
          };
        })) ?? before;
    }
    cursor = current;
  }
  if (cursor.parts.length > 0)
    await assembleFailedRows(driver, organizationId, run.id, cursor.headers, cursor.parts);
  await driver.delete(input.key);
  return {
    kind: input.kind,
    rows: cursor.total,
    created: cursor.created,
    updated: cursor.updated,
    unchanged: cursor.unchanged,
    failed: cursor.failed,
    failed_rows_file: cursor.parts.length > 0,
    encoding: cursor.encoding,
    delimiter: cursor.delimiter,
  };
}
