/**
 * "Import CSV" and "Export CSV" of the catalogue (issue 14; docs/decisions/0026-catalogue-csv.md).
 * An import: a PUT URL for the file (its size checked first), the analysis of its start (encoding,
 * delimiter, headers, sample rows, the mapping), then a dry run and the import, each a background
 * job whose progress and result GET /api/v1/jobs/:id answers its starter; the failed rows of an
 * import as a file. An export: the rows of the list endpoints' filters, streamed, counted against
 * the plan's monthly exports. Gated by the plan's has_catalogue (403 plan_required). Handlers:
 * apps/server/src/features/catalogue/csv-import-export.routes.ts.
 */
import { z } from 'zod';
import { CATALOGUE_TABS } from '../catalogue.ts';
import { CSV_DELIMITERS, CSV_ENCODINGS, CSV_MESSAGES } from '../catalogue-csv.ts';
import { fileResponse, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { JOB_STATUSES } from '../jobs.ts';
import { listRecordings, listReleases, listWorks } from './catalogue.ts';

const kind = z.enum(CATALOGUE_TABS, { message: `kind: one of ${CATALOGUE_TABS.join(', ')}` });
const key = z.string().min(1).max(1024).meta({ description: 'The storage key the upload answered.' });
const mapping = z
  .record(z.string().max(40), z.string().min(1).max(300))
  .meta({ description: "Which of the file's headers each field reads (core/catalogue-csv.ts CSV_FIELDS)." });

const startedJob = z.object({
  id: z.string().meta({ description: 'The job: GET /api/v1/jobs/:id answers its progress and result.' }),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
});

const analysis = z.object({
  key: z.string(),
  size_bytes: z.number(),
  encoding: z.enum(CSV_ENCODINGS),
  delimiter: z.enum(CSV_DELIMITERS),
  notes: z.array(z.string()).meta({
    description: 'What the member should know of how the file was read (its encoding, its delimiter).',
  }),
  headers: z
    .array(z.string())
    .meta({ description: 'The header row, each name unique (core uniqueCsvHeaders).' }),
  sample_rows: z.array(z.array(z.string())),
  mapping,
  mapping_source: z.enum(['saved', 'suggested']).meta({
    description: "saved: the label's mapping for this kind applied; suggested: from the headers only.",
  }),
});
export type CatalogueCsvAnalysisDto = z.infer<typeof analysis>;
export type CatalogueCsvStartedJobDto = z.infer<typeof startedJob>;

export const presignCatalogueCsvUpload = endpoint({
  operationId: 'presignCatalogueCsvUpload',
  summary:
    'A PUT URL for a CSV file to import; a file above the import limit (100 MB) or empty is refused first',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/csv/uploads',
  access: 'member',
  body: z.object({
    kind,
    filename: z.string().trim().min(1, { message: 'filename: required' }).max(800),
    size_bytes: z
      .number({ message: 'size_bytes: the file size in bytes' })
      .int({ message: 'size_bytes: the file size in bytes' })
      .min(0, { message: 'size_bytes: the file size in bytes' }),
  }),
  responses: {
    200: z.object({
      key: z.string(),
      upload_url: z.string(),
      content_type: z.string().meta({ description: 'The Content-Type the PUT must carry.' }),
    }),
  },
  errors: ['payload_too_large', 'plan_required'],
});

export const analyseCatalogueCsv = endpoint({
  operationId: 'analyseCatalogueCsv',
  summary:
    'Reads the start of an uploaded CSV: its encoding, delimiter, headers and sample rows, and the saved or suggested mapping',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/csv/analyse',
  access: 'member',
  body: z.object({ kind, key }),
  responses: { 200: analysis },
  // validation_failed: empty, a header only, too many columns, unreadable; 415: not a text file.
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type', 'plan_required'],
});

export const startCatalogueCsvDryRun = endpoint({
  operationId: 'startCatalogueCsvDryRun',
  summary:
    "Saves the mapping as the label's for this kind and starts a dry run: every row checked, nothing written (result: CsvDryRunResult)",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/csv/dry-runs',
  access: 'member',
  body: z.object({ kind, key, mapping }),
  responses: { 202: startedJob },
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type', 'plan_required'],
});

export const startCatalogueCsvImport = endpoint({
  operationId: 'startCatalogueCsvImport',
  summary:
    'Starts the import: valid rows create or update records in batches, failed rows go to a file (result: CsvImportResult)',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/csv/imports',
  access: 'member',
  body: z.object({ kind, key, mapping }),
  responses: { 202: startedJob },
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type', 'plan_required'],
});

export const downloadCatalogueCsvFailedRows = endpoint({
  operationId: 'downloadCatalogueCsvFailedRows',
  summary: "The failed rows of the caller's import, with the reason of each, as CSV",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/csv/imports/:id/failed-rows',
  access: 'member',
  params: z.object({ id: uuidOr404(CSV_MESSAGES.failedRowsNotFound) }),
  responses: { 200: fileResponse('The failed rows (UTF-8 CSV): the file’s columns and a Reason column.') },
  errors: ['not_found', 'plan_required'],
});

const WITHOUT_PAGING = { limit: true, offset: true } as const;
const EXPORT_ERRORS = ['plan_required', 'plan_limit_reached'] as const;

export const exportRecordingsCsv = endpoint({
  operationId: 'exportRecordingsCsv',
  summary: 'The recordings the list filters select, as CSV (one of the plan’s monthly exports)',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/export/recordings',
  access: 'member',
  query: listRecordings.query.omit(WITHOUT_PAGING),
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark, streamed.') },
  errors: [...EXPORT_ERRORS],
});

export const exportReleasesCsv = endpoint({
  operationId: 'exportReleasesCsv',
  summary: 'The releases the list filters select, as CSV (one of the plan’s monthly exports)',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/export/releases',
  access: 'member',
  query: listReleases.query.omit(WITHOUT_PAGING),
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark, streamed.') },
  errors: [...EXPORT_ERRORS],
});

export const exportWorksCsv = endpoint({
  operationId: 'exportWorksCsv',
  summary: 'The works the list filters select, as CSV (one of the plan’s monthly exports)',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/export/works',
  access: 'member',
  query: listWorks.query.omit(WITHOUT_PAGING),
  responses: { 200: fileResponse('UTF-8 CSV with a byte-order mark, streamed.') },
  errors: [...EXPORT_ERRORS],
});
