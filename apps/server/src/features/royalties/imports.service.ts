/**
 * "Import statement" (issue 16; decision 0028): the upload URL, the analysis of the file's columns,
 * the start of the import job, the list, and the member's decision on a file with bad lines. Every
 * step checks the plan (has_catalogue) and works in the member's label only: another label's import
 * or upload answers 404 like a missing one.
 */
import { randomBytes } from 'node:crypto';
import {
  CANCELLABLE_IMPORT_STATUSES,
  FINANCE_MESSAGES,
  type ImportStatus,
  ROYALTY_IMPORT_JOB,
  ROYALTY_LIMITS,
} from '@music-review/core/royalties';
import {
  type BuiltInSource,
  type ColumnMapping,
  detectSource,
  headerSignature,
  SOURCE_DEFINITIONS,
  sourceMappingForHeaders,
  suggestColumnMapping,
  validateColumnMapping,
} from '@music-review/core/royalty-sources';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound, validationError } from '../../platform/errors.ts';
import { jobsRepo } from '../../platform/jobs/queue.ts';
import { buildKey, parseKey, sanitizeFilename } from '../../platform/storage/keys.ts';
import { inspectTabular, TabularError } from '../../platform/tabular/index.ts';
import { refreshIncomeAlerts } from '../analytics/alerts.service.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import * as repo from './imports.repo.ts';

/** Uploads for an import live under `{org}/files/statement-upload-{random}/{name}`. */
const UPLOAD_PREFIX = 'statement-upload-';
/** Any statement file is sent as bytes: CSV, TSV, XLSX and ZIP are told apart by their content. */
const UPLOAD_CONTENT_TYPE = 'application/octet-stream';

const invalidFile = (message: string) => new AppError('validation_failed', message, {}, { file: message });

/** A file problem found by the reader, as the API answers it. */
function fileError(error: unknown): never {
  if (error instanceof TabularError) {
    if (error.code === 'empty' || error.code === 'header_only') throw invalidFile(error.message);
    throw new AppError('unsupported_media_type', error.message, {}, { file: error.message });
  }
  throw error;
}

export function toImportDto(row: repo.ImportRow) {
  const builtIn = (SOURCE_DEFINITIONS as Record<string, { name: string } | undefined>)[row.source];
  return {
    id: row.id,
    file_name: row.file_name,
    size_bytes: row.size_bytes,
    source: row.source,
    source_name: builtIn?.name ?? row.source_name ?? 'Custom source',
    status: row.status as ImportStatus,
    bytes_read: row.bytes_read,
    line_count: row.line_count,
    bad_line_count: row.bad_line_count,
    bad_lines: row.bad_lines,
    currencies: row.summary.currencies ?? [],
    first_month: row.summary.first_month ?? null,
    last_month: row.summary.last_month ?? null,
    matched_lines: row.summary.matched_lines ?? 0,
    error: row.error,
    created_by: row.created_by_name,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
  };
}

export function createStatementImportsService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, uploadUrlTtlSeconds } = ctx.storage;

  /** The key, if it is a statement upload of the member's label. */
  function ownUpload(member: Member, key: string) {
    const parsed = parseKey(key);
    if (
      !parsed ||
      parsed.organizationId !== member.organizationId ||
      parsed.type !== 'files' ||
      !parsed.id.startsWith(UPLOAD_PREFIX)
    )
      throw notFound(FINANCE_MESSAGES.uploadNotFound);
    return parsed;
  }

  const openUpload = (key: string) => async () => {
    const object = await driver.getStream(key);
    if (!object) throw notFound(FINANCE_MESSAGES.uploadNotFound);
    return object.body;
  };

  async function inspect(member: Member, key: string) {
    const parsed = ownUpload(member, key);
    const info = await driver.head(key);
    if (!info) throw notFound(FINANCE_MESSAGES.uploadNotFound);
    if (info.size === 0) throw invalidFile(FINANCE_MESSAGES.empty);
    if (info.size > ROYALTY_LIMITS.maxBytes)
      throw new AppError('payload_too_large', FINANCE_MESSAGES.tooLarge(info.size));
    const file = await inspectTabular(openUpload(key), parsed.filename).catch(fileError);
    return { file, size: info.size, fileName: parsed.filename };
  }

  async function findOwn(member: Member, id: string) {
    return database.withOrg(member.organizationId, async (tx) => {
      const row = await repo.findImport(tx, member.organizationId, id);
      if (!row) throw notFound(FINANCE_MESSAGES.importNotFound);
      return row;
    });
  }

  return {
    /** POST /api/v1/finance/imports/uploads: refused before any byte is sent when empty or too large. */
    async presignUpload(member: Member, body: { filename: string; size_bytes: number }) {
      requireCatalogue(member);
      if (body.size_bytes === 0) throw invalidFile(FINANCE_MESSAGES.empty);
      if (body.size_bytes > ROYALTY_LIMITS.maxBytes)
        throw new AppError('payload_too_large', FINANCE_MESSAGES.tooLarge(body.size_bytes));
      const key = buildKey(
        member.organizationId,
        'files',
        `${UPLOAD_PREFIX}${randomBytes(12).toString('hex')}`,
        sanitizeFilename(body.filename) ?? 'statement.csv',
      );
      const uploadUrl = await driver.signedPutUrl(
        key,
        UPLOAD_CONTENT_TYPE,
        ROYALTY_LIMITS.maxBytes,
        uploadUrlTtlSeconds,
      );
      return { key, upload_url: uploadUrl, content_type: UPLOAD_CONTENT_TYPE };
    },

    /** POST /api/v1/finance/imports/analyse: format, columns, first rows, and the mapping to confirm. */
    async analyse(member: Member, key: string) {
      requireCatalogue(member);
      const { file } = await inspect(member, key);
      const detected = detectSource(file.headers);
      const saved = await database.withOrg(member.organizationId, (tx) =>
        repo.findMappingBySignature(tx, member.organizationId, headerSignature(file.headers)),
      );
      const mapping: ColumnMapping = detected
        ? sourceMappingForHeaders(detected, file.headers)
        : saved
          ? (saved.mapping as unknown as ColumnMapping)
          : suggestColumnMapping(file.headers, file.sample);
      return {
        key,
        format: file.format,
        encoding: file.encoding,
        delimiter: file.delimiter,
        inner_name: file.innerName,
        sheet_name: file.sheetName,
        headers: file.headers,
        sample_rows: file.sample,
        detected_source: detected,
        saved_mapping: saved
          ? { id: saved.id, name: saved.name, mapping: saved.mapping as unknown as ColumnMapping }
          : null,
        mapping,
      };
    },

    /** POST /api/v1/finance/imports: checks the mapping against the file, saves it, starts the job. */
    async start(
      member: Member,
      body: {
        key: string;
        source: BuiltInSource | 'custom';
        mapping?: ColumnMapping | undefined;
        mapping_name?: string | undefined;
      },
    ) {
      requireCatalogue(member);
      const { file, size, fileName } = await inspect(member, body.key);
      let mapping: ColumnMapping;
      if (body.source === 'custom') {
        const problems: Record<string, string> = {};
        if (!body.mapping) problems.mapping = 'Map the columns of this file.';
        if (!body.mapping_name) problems.mapping_name = 'Name the source, so its next file is recognised.';
        if (body.mapping) Object.assign(problems, validateColumnMapping(body.mapping, file.headers));
        if (Object.keys(problems).length > 0) throw validationError(problems);
        mapping = body.mapping!;
      } else {
        mapping = sourceMappingForHeaders(body.source, file.headers);
        const problems = validateColumnMapping(mapping, file.headers);
        if (Object.keys(problems).length > 0)
          throw validationError({
            source: `This file is not in ${SOURCE_DEFINITIONS[body.source].name}'s layout: ${Object.values(problems)[0]}`,
          });
      }
      const created = await database.withOrg(member.organizationId, async (tx) => {
        const mappingId =
          body.source === 'custom'
            ? await repo.saveMapping(tx, member.organizationId, {
                name: body.mapping_name!,
                signature: headerSignature(file.headers),
                mapping: mapping as unknown as Record<string, unknown>,
                createdBy: member.reviewer.id,
              })
            : null;
        return repo.insertImport(tx, member.organizationId, {
          fileName,
          storageKey: body.key,
          sizeBytes: size,
          source: mappingId ? `custom:${mappingId}` : body.source,
          mappingId,
          mapping: mapping as unknown as Record<string, unknown>,
          createdBy: member.reviewer.id,
        });
      });
      // Outside any transaction (decision 0024): the queue saves the job, then sends it.
      const job = await ctx.jobs.enqueue(member.organizationId, member.reviewer.id, ROYALTY_IMPORT_JOB, {
        import_id: created,
      });
      await database.withOrg(member.organizationId, (tx) =>
        repo.setImportJob(tx, member.organizationId, created, job.id),
      );
      return toImportDto(await findOwn(member, created));
    },

    async list(member: Member, query: { limit: number; offset: number }) {
      requireCatalogue(member);
      const { rows, total } = await database.withOrg(member.organizationId, (tx) =>
        repo.listImports(tx, member.organizationId, query.limit, query.offset),
      );
      return { rows: rows.map(toImportDto), total };
    },

    async get(member: Member, id: string) {
      requireCatalogue(member);
      return toImportDto(await findOwn(member, id));
    },

    /** "Import without the bad lines": the lines already loaded start to count. */
    async accept(member: Member, id: string) {
      requireCatalogue(member);
      await database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findImport(tx, member.organizationId, id, true);
        if (!row) throw notFound(FINANCE_MESSAGES.importNotFound);
        if (row.status !== 'needs_decision')
          throw new AppError('conflict', FINANCE_MESSAGES.notWaitingForDecision);
        await repo.updateImport(tx, member.organizationId, id, {
          status: 'imported',
          decidedBy: member.reviewer.id,
        });
        // Its lines start to count: missing income compares them now.
        await refreshIncomeAlerts(tx, member.organizationId, [id]);
      });
      return toImportDto(await findOwn(member, id));
    },

    /** "Discard import": none of its lines is kept; the same file may be imported again later. */
    async discard(member: Member, id: string) {
      requireCatalogue(member);
      await database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findImport(tx, member.organizationId, id, true);
        if (!row) throw notFound(FINANCE_MESSAGES.importNotFound);
        if (row.status !== 'needs_decision')
          throw new AppError('conflict', FINANCE_MESSAGES.notWaitingForDecision);
        await repo.deleteImportLines(tx, member.organizationId, id);
        await repo.updateImport(tx, member.organizationId, id, {
          status: 'discarded',
          decidedBy: member.reviewer.id,
        });
      });
      return toImportDto(await findOwn(member, id));
    },

    /**
     * "Cancel import": the job stops before its next batch and deletes what it loaded. A job not
     * started yet is cancelled at once.
     */
    async cancel(member: Member, id: string) {
      requireCatalogue(member);
      await database.withOrg(member.organizationId, async (tx) => {
        const row = await repo.findImport(tx, member.organizationId, id, true);
        if (!row) throw notFound(FINANCE_MESSAGES.importNotFound);
        if (!CANCELLABLE_IMPORT_STATUSES.includes(row.status as ImportStatus))
          throw new AppError('conflict', FINANCE_MESSAGES.notCancellable);
        const job = row.job_id
          ? await jobsRepo.requestCancel(tx, member.organizationId, row.job_id)
          : undefined;
        // A job that had not started is cancelled at once; a running one stops at its next batch.
        const stopped = row.status === 'queued' && (!job || job.status === 'cancelled');
        await repo.updateImport(tx, member.organizationId, id, {
          cancelRequested: true,
          ...(stopped ? { status: 'cancelled', error: FINANCE_MESSAGES.cancelled, finished: true } : {}),
        });
      });
      return toImportDto(await findOwn(member, id));
    },
  };
}

export type StatementImportsService = ReturnType<typeof createStatementImportsService>;
