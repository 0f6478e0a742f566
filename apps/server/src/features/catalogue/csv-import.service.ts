/**
 * "Import CSV" (issue 14; decision 0026): the upload URL, the analysis of the file's start, the
 * start of a dry run or an import (jobs: csv-jobs.ts), and the failed rows of an import. Every step
 * checks the plan (has_catalogue) and works in the member's label only: an upload key or job of
 * another label answers 404 like a missing one.
 */
import { randomBytes } from 'node:crypto';
import {
  CSV_JOB_KINDS,
  CSV_LIMITS,
  CSV_MESSAGES,
  type CsvKind,
  type CsvMapping,
  mergeCsvMapping,
  validateCsvMapping,
} from '@music-review/core/catalogue-csv';
import type {
  CatalogueCsvAnalysisDto,
  CatalogueCsvStartedJobDto,
} from '@music-review/core/contracts/catalogue-csv';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { jobsRepo } from '../../platform/jobs/queue.ts';
import { buildKey, parseKey, sanitizeFilename } from '../../platform/storage/keys.ts';
import { requireCatalogue } from './catalogue.access.ts';
import { failedRowsKey } from './csv-failed-rows.ts';
import { CSV_UPLOAD_PREFIX, readCsvFormat, readCsvRows } from './csv-file.ts';
import { findSavedMapping, saveMapping } from './csv-import.repo.ts';
import type { CsvJobInput } from './csv-jobs.ts';

/** What the PUT must carry: the content check then treats it as a text file. */
const UPLOAD_CONTENT_TYPE = 'text/csv';

const invalidFile = (message: string) => new AppError('validation_failed', message, {}, { file: message });

export function createCatalogueCsvImportService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, uploadUrlTtlSeconds } = ctx.storage;

  const inCatalogue = async (member: Member) => requireCatalogue(member);

  /** The key, if it is an import upload of the member's label. */
  function ownUpload(member: Member, key: string) {
    const parsed = parseKey(key);
    if (
      !parsed ||
      parsed.organizationId !== member.organizationId ||
      parsed.type !== 'files' ||
      !parsed.id.startsWith(CSV_UPLOAD_PREFIX)
    )
      throw notFound(CSV_MESSAGES.uploadNotFound);
    return key;
  }

  async function start(
    member: Member,
    jobKind: (typeof CSV_JOB_KINDS)[keyof typeof CSV_JOB_KINDS],
    input: CsvJobInput,
  ): Promise<CatalogueCsvStartedJobDto> {
    ownUpload(member, input.key);
    await inCatalogue(member);
    const format = await readCsvFormat(driver, input.key);
    const problems = validateCsvMapping(input.kind, format.headers, input.mapping);
    if (Object.keys(problems).length > 0) throw validationError(problems);
    await database.withOrg(member.organizationId, (tx) =>
      saveMapping(tx, member.organizationId, input.kind, input.mapping),
    );
    // Outside any transaction (decision 0024): the queue saves the job, then sends it.
    const job = await ctx.jobs.enqueue(member.organizationId, member.reviewer.id, jobKind, { ...input });
    return { id: job.id, kind: job.kind, status: job.status };
  }

  return {
    /** POST /api/v1/catalogue/csv/uploads: refused before any byte is sent when empty or too large. */
    async presignUpload(member: Member, body: { kind: CsvKind; filename: string; size_bytes: number }) {
      await inCatalogue(member);
      if (body.size_bytes === 0) throw invalidFile(CSV_MESSAGES.empty);
      if (body.size_bytes > CSV_LIMITS.maxBytes)
        throw new AppError('payload_too_large', CSV_MESSAGES.tooLarge(body.size_bytes));
      const key = buildKey(
        member.organizationId,
        'files',
        `${CSV_UPLOAD_PREFIX}${randomBytes(12).toString('hex')}`,
        sanitizeFilename(body.filename) ?? 'import.csv',
      );
      // The local store refuses more bytes than this while receiving; S3 cannot, so the analysis checks the size again.
      const uploadUrl = await driver.signedPutUrl(
        key,
        UPLOAD_CONTENT_TYPE,
        CSV_LIMITS.maxBytes,
        uploadUrlTtlSeconds,
      );
      return { key, upload_url: uploadUrl, content_type: UPLOAD_CONTENT_TYPE };
    },

    /** POST /api/v1/catalogue/csv/analyse: the file's start, and the mapping to confirm. */
    async analyse(member: Member, kind: CsvKind, key: string): Promise<CatalogueCsvAnalysisDto> {
      ownUpload(member, key);
      await inCatalogue(member);
      const format = await readCsvFormat(driver, key);
      const sample: string[][] = [];
      const rows = readCsvRows(driver, key, format);
      try {
        for await (const record of rows) {
          sample.push(format.headers.map((_, i) => record.cells[i] ?? ''));
          if (sample.length >= CSV_LIMITS.sampleRows) break;
        }
      } finally {
        await rows.return(undefined);
      }
      if (sample.length === 0) throw invalidFile(CSV_MESSAGES.headerOnly);
      const saved = await database.withOrg(member.organizationId, (tx) =>
        findSavedMapping(tx, member.organizationId, kind),
      );
      const { mapping, fromSaved } = mergeCsvMapping(kind, format.headers, saved);
      // One column that names no field: the file is split by something else than , ; tab or |.
      if (format.headers.length === 1 && Object.keys(mapping).length === 0)
        throw invalidFile(CSV_MESSAGES.oneColumn);
      return {
        key,
        size_bytes: format.size,
        encoding: format.encoding,
        delimiter: format.delimiter,
        notes: format.notes,
        headers: format.headers,
        sample_rows: sample,
        mapping,
        mapping_source: fromSaved ? 'saved' : 'suggested',
      };
    },

    /** POST /api/v1/catalogue/csv/dry-runs */
    startDryRun(member: Member, body: { kind: CsvKind; key: string; mapping: CsvMapping }) {
      return start(member, CSV_JOB_KINDS.dryRun, body);
    },

    /** POST /api/v1/catalogue/csv/imports */
    startImport(member: Member, body: { kind: CsvKind; key: string; mapping: CsvMapping }) {
      return start(member, CSV_JOB_KINDS.import, body);
    },

    /** GET /api/v1/catalogue/csv/imports/:id/failed-rows: the starter's own import only. */
    async openFailedRows(member: Member, jobId: string) {
      const job = await database.withOrg(member.organizationId, async (tx) => {
        requireCatalogue(member);
        return jobsRepo.findJob(tx, member.organizationId, jobId);
      });
      if (
        !job ||
        job.reviewer_id !== member.reviewer.id ||
        job.kind !== CSV_JOB_KINDS.import ||
        job.result?.failed_rows_file !== true
      )
        throw notFound(CSV_MESSAGES.failedRowsNotFound);
      const object = await driver.getStream(failedRowsKey(member.organizationId, jobId));
      if (!object) throw notFound(CSV_MESSAGES.failedRowsNotFound);
      const kind = (job.input as Partial<CsvJobInput>).kind ?? 'catalogue';
      return { body: object.body, size: object.size, filename: `${kind}-failed-rows.csv` };
    },
  };
}

export type CatalogueCsvImportService = ReturnType<typeof createCatalogueCsvImportService>;
