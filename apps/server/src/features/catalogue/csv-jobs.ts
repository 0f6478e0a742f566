/**
 * The CSV dry run and import as background jobs (decisions 0024, 0026 and 0038). Both go through the
 * file from storage batch by batch (CSV_LIMITS.batchRows rows), streamed, each batch one `run.step`:
 * one transaction that checks the rows against the catalogue (and, for the import, writes them in
 * bulk) and saves the progress and the cursor. Before its first batch an import knows the whole file
 * reads, its row count and the first row of each code: from the dry run of the same bytes and
 * mapping, else from a first pass of its own over the file. An import stopped in the middle (a
 * deploy, kill -9) starts again after its last committed batch: a batch is applied once or not at all.
 */
import { createHash } from 'node:crypto';
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
import { createReadAheadCue, readAhead } from '../../platform/read-ahead.ts';
import type { StorageDriver } from '../../platform/storage/driver.ts';
import { applyBatch, classifyBatch, type RowOutcome } from './csv-batch.ts';
import { deleteDryRunScan, loadDryRunScan, saveDryRunScan } from './csv-dry-run-scan.ts';
import { assembleFailedRows, type FailedPart, writeFailedPart } from './csv-failed-rows.ts';
import { type CsvFormat, type CsvRecord, CsvTextDecoder, readCsvFormat, readCsvRows } from './csv-file.ts';
import {
  createFileScan,
  createRowReader,
  type FileScan,
  type ReadRow,
  type RowReader,
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
  read: RowReader;
  scan: FileScan;
  fields: string[];
}

const fieldsOf = (input: CsvJobInput) => Object.keys(input.mapping).filter((f) => f !== 'id');

/**
 * The import's start: the file's format and its scan, the dry run's when it read exactly this file
 * with this mapping (csv-dry-run-scan.ts), else a first pass over the whole file.
 */
async function prepareImport(driver: StorageDriver, input: CsvJobInput): Promise<PreparedFile> {
  const format = await readCsvFormat(driver, input.key);
  const read = createRowReader(input.kind, format, input.mapping);
  const scan =
    (await loadDryRunScan(driver, input)) ?? (await scanCsvFile(driver, input.key, input.kind, format, read));
  return { format, read, scan, fields: fieldsOf(input) };
}

/**
 * The data rows in batches, numbered from 0; the first `skip` rows (whole batches) are read past.
 * Each row is shown to `onRow` as it is read (the dry run builds its scan so). The jobs take the
 * batches through readAhead: the next batch is parsed and checked while the database works on the
 * current one. `bytes` is how much of the file was read when the batch was complete.
 */
async function* batches(
  records: AsyncIterable<CsvRecord>,
  read: RowReader,
  skip: number,
  meter: { bytes: number } = { bytes: 0 },
  onRow: (row: ReadRow) => void = () => {},
): AsyncGenerator<{ index: number; rows: ReadRow[]; bytes: number }> {
  let seen = 0;
  let rows: ReadRow[] = [];
  for await (const record of records) {
    seen++;
    if (seen <= skip) continue;
    const row = read(record);
    onRow(row);
    rows.push(row);
    if (rows.length === CSV_LIMITS.batchRows) {
      yield { index: (seen - rows.length) / CSV_LIMITS.batchRows, rows, bytes: meter.bytes };
      rows = [];
    }
  }
  if (rows.length > 0) yield { index: (seen - rows.length) / CSV_LIMITS.batchRows, rows, bytes: meter.bytes };
}

const progressMessage = (verb: string, done: number, total: number) =>
  `${verb} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows`;

function errorsOf(input: CsvJobInput, outcome: Extract<RowOutcome, { action: 'failed' }>): CsvRowError[] {
  return rowErrors(input.kind, input.mapping, outcome.row.row, outcome.problems);
}

/**
 * Checks every row against the rules and the catalogue; writes nothing to the catalogue. One pass
 * over the file: the scan is built as the batches are read (a row is only ever compared with rows
 * before it), so the row count is known at the end and the progress goes by the file's bytes. The
 * scan is kept for the import (csv-dry-run-scan.ts).
 */
export async function runCsvDryRun(ctx: AppContext, run: JobRun<CsvJobInput>): Promise<CsvDryRunResult> {
  const { input } = run;
  const driver = ctx.storage.driver;
  await run.step(async () => ({ done: 0, total: null, message: 'Reading the file' }));
  const format = await readCsvFormat(driver, input.key);
  const read = createRowReader(input.kind, format, input.mapping);
  const scanning = createFileScan(input.kind);
  const result: CsvDryRunResult = {
    kind: input.kind,
    rows: 0,
    create: 0,
    update: 0,
    unchanged: 0,
    failed: 0,
    errors: [],
    encoding: format.encoding,
    delimiter: format.delimiter,
  };
  const decoder = new CsvTextDecoder();
  const hash = createHash('sha256');
  const meter = { bytes: 0 };
  const records = readCsvRows(driver, input.key, format, decoder, (chunk) => {
    meter.bytes += chunk.length;
    hash.update(chunk);
  });
  let done = 0;
  for await (const batch of readAhead(batches(records, read, 0, meter, scanning.add))) {
    done += batch.rows.length;
    const checked = done;
    const outcomes =
      (await run.step(async (tx) => ({
        value: await classifyBatch(tx, run.organizationId, input.kind, batch.rows, scanning.scan),
        done: Math.min(batch.bytes, format.size),
        total: format.size,
        message: `Checked ${checked.toLocaleString('en-US')} rows`,
      }))) ?? [];
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
  const scan = scanning.finish();
  result.rows = scan.rows;
  result.encoding = decoder.encoding;
  await saveDryRunScan(driver, input, hash.digest('hex'), scan, scanning.repeated);
  await run.step(async () => ({
    done: format.size,
    total: format.size,
    message: progressMessage('Checked', scan.rows, scan.rows),
  }));
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
    const file = await prepareImport(driver, input);
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
    const records = readCsvRows(driver, input.key, file.format, decoder);
    // The next batch is read once this one's writes are sent, not while its first queries wait.
    const cue = createReadAheadCue();
    for await (const batch of readAhead(batches(records, file.read, current.next), cue)) {
      const before = current;
      current =
        (await run.step(async (tx) => {
          const outcomes = await classifyBatch(tx, organizationId, input.kind, batch.rows, file.scan);
          await applyBatch(tx, organizationId, input.kind, run.reviewerId, file.fields, outcomes, {
            jobId: run.id,
            index: batch.index,
            writing: cue.go,
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
  await deleteDryRunScan(driver, input.key);
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
