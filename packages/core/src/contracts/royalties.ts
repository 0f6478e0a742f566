/**
 * Finance (issue 16): distributor statements imported as jobs, their lines matched to the catalogue,
 * and what matched nothing resolved once per source. Gated like the catalogue (has_catalogue: 403
 * plan_required). Handlers: apps/server/src/features/royalties/.
 */
import { z } from 'zod';
import { pagingQuery, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { IDENTIFIER_KINDS, IMPORT_STATUSES, MATCH_KINDS, ROYALTY_LIMITS } from '../royalties.ts';
import { columnMapping } from '../royalties-schemas.ts';
import { BUILT_IN_SOURCES, SALE_TYPES } from '../royalty-sources.ts';

const importParams = z.object({ id: uuidOr404('Import not found') });
const when = z.string().nullable();
const money = z.object({ currency: z.string(), net: z.string().meta({ description: 'Exact decimal.' }) });

const sourceKey = z.enum([...BUILT_IN_SOURCES, 'custom'], { message: 'source: not a known source' });

const badLine = z.object({ line: z.number(), column: z.string(), message: z.string() });
const royaltyImport = z.object({
  id: z.string(),
  file_name: z.string(),
  size_bytes: z.number(),
  source: z.string(),
  source_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  bytes_read: z.number(),
  line_count: z.number(),
  bad_line_count: z.number(),
  bad_lines: z.array(badLine),
  currencies: z.array(money.extend({ lines: z.number() })),
  first_month: when,
  last_month: when,
  matched_lines: z.number(),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  finished_at: when,
});

const target = z.object({
  kind: z.enum(['recording', 'release']),
  id: z.string(),
  title: z.string(),
  display_artist: z.string(),
  code: z.string().nullable().meta({ description: 'ISRC of a recording, UPC/EAN of a release.' }),
});

const unmatchedGroup = z.object({
  source: z.string(),
  source_name: z.string(),
  identifier_kind: z.enum(IDENTIFIER_KINDS),
  identifier: z.string(),
  track_title: z.string().nullable(),
  release_title: z.string().nullable(),
  artist: z.string().nullable(),
  lines: z.number(),
  amounts: z.array(money),
  first_month: z.string(),
  last_month: z.string(),
  suggestion: target
    .nullable()
    .meta({ description: 'The catalogue entry whose title and artist look most alike.' }),
});

const statementLine = z.object({
  import_id: z.string(),
  line_number: z.number(),
  sale_month: z.string(),
  store: z.string().nullable(),
  territory: z.string().nullable(),
  isrc: z.string().nullable(),
  upc: z.string().nullable(),
  catalogue_number: z.string().nullable(),
  release_title: z.string().nullable(),
  track_title: z.string().nullable(),
  artist: z.string().nullable(),
  sale_type: z.enum(SALE_TYPES),
  quantity: z.number(),
  gross: z.string().nullable(),
  net: z.string(),
  currency: z.string(),
  raw: z.string(),
  matched_by: z.enum(MATCH_KINDS).nullable(),
});

export const presignStatementUpload = endpoint({
  operationId: 'presignStatementUpload',
  summary: 'An upload URL for a statement file (CSV, TSV, XLSX or a ZIP of one), up to 2 GB',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/imports/uploads',
  access: 'member',
  body: z.object({
    filename: z.string().trim().min(1, { message: 'filename: required' }).max(255),
    size_bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
  responses: { 200: z.object({ key: z.string(), upload_url: z.string(), content_type: z.string() }) },
  errors: ['validation_failed', 'payload_too_large', 'plan_required'],
});

export const analyseStatement = endpoint({
  operationId: 'analyseStatement',
  summary: "An uploaded statement's format, columns, first lines, detected source and saved mapping",
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/imports/analyse',
  access: 'member',
  body: z.object({ key: z.string().min(1).max(500) }),
  responses: {
    200: z.object({
      key: z.string(),
      format: z.enum(['csv', 'xlsx']),
      encoding: z.string().nullable(),
      delimiter: z.string().nullable(),
      inner_name: z.string().nullable(),
      sheet_name: z.string().nullable(),
      headers: z.array(z.string()),
      sample_rows: z.array(z.array(z.string())),
      detected_source: z.enum(BUILT_IN_SOURCES).nullable(),
      saved_mapping: z.object({ id: z.string(), name: z.string(), mapping: columnMapping }).nullable(),
      mapping: columnMapping.meta({
        description: "The detected source's mapping, the saved one, or a suggestion from the column names.",
      }),
    }),
  },
  errors: ['validation_failed', 'unsupported_media_type', 'not_found', 'plan_required'],
});

export const startStatementImport = endpoint({
  operationId: 'startStatementImport',
  summary: 'Starts importing an uploaded statement (a job: read, check every line, load, match)',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/imports',
  access: 'member',
  body: z.object({
    key: z.string().min(1).max(500),
    source: sourceKey,
    mapping: columnMapping.optional().meta({ description: 'Required for a custom source.' }),
    mapping_name: z
      .string()
      .trim()
      .min(1, { message: 'mapping_name: name the source' })
      .max(80, { message: 'mapping_name: at most 80 characters' })
      .optional()
      .meta({ description: 'The name a custom mapping is saved under (its source).' }),
  }),
  responses: { 202: royaltyImport },
  errors: ['validation_failed', 'not_found', 'unsupported_media_type', 'conflict', 'plan_required'],
});

export const listStatementImports = endpoint({
  operationId: 'listStatementImports',
  summary: 'Statement imports, newest first',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/imports',
  access: 'member',
  query: z.object({ ...pagingQuery(200) }),
  responses: { 200: z.object({ rows: z.array(royaltyImport), total: z.number() }) },
  errors: ['plan_required'],
});

export const getStatementImport = endpoint({
  operationId: 'getStatementImport',
  summary: 'One import, with its bad lines',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/imports/:id',
  access: 'member',
  params: importParams,
  responses: { 200: royaltyImport },
  errors: ['not_found', 'plan_required'],
});

const importAction = (operationId: string, action: string, summary: string) =>
  endpoint({
    operationId,
    summary,
    tag: 'finance',
    method: 'POST',
    path: `/api/v1/finance/imports/:id/${action}`,
    access: 'member',
    params: importParams,
    responses: { 200: royaltyImport },
    errors: ['not_found', 'conflict', 'plan_required'],
  });

export const acceptStatementImport = importAction(
  'acceptStatementImport',
  'accept',
  'Imports the good lines of an import that found bad ones',
);
export const discardStatementImport = importAction(
  'discardStatementImport',
  'discard',
  'Discards an import that found bad lines: none of its lines is kept',
);
export const cancelStatementImport = importAction(
  'cancelStatementImport',
  'cancel',
  'Cancels an import still reading: none of its lines is kept',
);

export const listStatementLines = endpoint({
  operationId: 'listStatementLines',
  summary: "Lines of an import, or the unmatched lines of one identifier, with each line's raw row",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/lines',
  access: 'member',
  query: z.object({
    import_id: z.uuid({ message: 'import_id: must be an import id' }).optional(),
    source: z.string().max(100).optional(),
    identifier_kind: z
      .enum(IDENTIFIER_KINDS, { message: 'identifier_kind: not an identifier kind' })
      .optional(),
    identifier: z.string().max(500).optional(),
    ...pagingQuery(500),
  }),
  responses: { 200: z.object({ rows: z.array(statementLine), total: z.number() }) },
  errors: ['validation_failed', 'plan_required'],
});

export const listUnmatched = endpoint({
  operationId: 'listUnmatched',
  summary: 'Lines that matched nothing, grouped by source and identifier, largest amount first',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/unmatched',
  access: 'member',
  query: z.object({
    q: z.string().trim().max(200, { message: 'q: at most 200 characters' }).optional(),
    ...pagingQuery(200),
  }),
  responses: {
    200: z.object({
      rows: z.array(unmatchedGroup),
      total: z.number(),
      lines: z.number(),
      amounts: z.array(money),
    }),
  },
  errors: ['plan_required'],
});

const resolution = z
  .object({
    source: z.string().min(1).max(100),
    identifier_kind: z.enum(IDENTIFIER_KINDS),
    identifier: z.string().min(1).max(500),
    recording_id: z.uuid({ message: 'recording_id: must be a recording id' }).optional(),
    release_id: z.uuid({ message: 'release_id: must be a release id' }).optional(),
  })
  .refine((r) => (r.recording_id === undefined) !== (r.release_id === undefined), {
    message: 'Choose a recording or a release (one of them).',
  });

export const resolveUnmatched = endpoint({
  operationId: 'resolveUnmatched',
  summary:
    'Assigns identifiers to recordings or releases: saved as aliases of the source, applied to every line now and in later imports',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/unmatched/resolve',
  access: 'member',
  body: z.object({
    items: z
      .array(resolution)
      .min(1, { message: 'items: choose at least one line group' })
      .max(ROYALTY_LIMITS.resolveBatch, { message: `items: at most ${ROYALTY_LIMITS.resolveBatch} at once` }),
  }),
  responses: { 200: z.object({ aliases: z.number(), lines: z.number() }) },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

export const rematchUnmatched = endpoint({
  operationId: 'rematchUnmatched',
  summary: 'Matches the unmatched lines again against the catalogue and the aliases (after adding codes)',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/unmatched/rematch',
  access: 'member',
  responses: { 200: z.object({ lines: z.number() }) },
  errors: ['plan_required'],
});

export const getFinanceSummary = endpoint({
  operationId: 'getFinanceSummary',
  summary: 'Income of the latest quarter reported, unmatched amount, imports waiting for a decision',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/summary',
  access: 'member',
  responses: {
    200: z.object({
      quarter: z
        .string()
        .nullable()
        .meta({ description: 'The latest quarter with imported sales, as 2026-Q3.' }),
      income: z.array(money),
      unmatched: z.array(money),
      unmatched_groups: z.number(),
      imports_waiting: z.number(),
    }),
  },
  errors: ['plan_required'],
});
