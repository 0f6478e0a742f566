/**
 * Finance (issue 16): distributor statements imported as jobs, their lines matched to the catalogue,
 * and what matched nothing resolved once per source. Gated like the catalogue (has_catalogue: 403
 * plan_required). Handlers: apps/server/src/features/royalties/.
 */
import { z } from 'zod';
import { fileResponse, pagingQuery, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import {
  DEAL_KINDS,
  IDENTIFIER_KINDS,
  IMPORT_STATUSES,
  LEDGER_ENTRY_KINDS,
  MATCH_KINDS,
  PERIOD_CADENCES,
  PERIOD_STATUSES,
  RATE_BASES,
  ROYALTY_LIMITS,
} from '../royalties.ts';
import {
  bankCsvBody,
  columnMapping,
  dealBody,
  entryBody,
  paymentsBody,
  periodBody,
  ratesBody,
  runBody,
  settingsBody,
} from '../royalties-schemas.ts';
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

// ---- Contracts (royalty terms), ledger, periods and statements ----

const dealParams = z.object({ id: uuidOr404('Contract terms not found') });
const periodParams = z.object({ id: uuidOr404('Period not found') });
const statementParams = z.object({ id: uuidOr404('Statement not found') });
/** An amount in minor units of its currency, as a string (a bigint). */
const minor = z.string().meta({ description: 'Minor units of the currency (cents), an integer as text.' });

const dealPayee = z.object({
  payee_id: z.string(),
  name: z.string(),
  currency: z.string(),
  share: z.string(),
});
const payeeBalance = z.object({
  payee_id: z.string(),
  name: z.string(),
  currency: z.string(),
  balance_minor: minor,
  advances_minor: minor,
  costs_minor: minor,
  earnings_minor: minor,
  recouped_minor: minor.meta({ description: 'Advances and costs recouped so far.' }),
  forecast_periods: z.number().nullable().meta({
    description: 'Periods until recouped at the last four periods’ rate; null when recouped or no earnings.',
  }),
});
const deal = z.object({
  id: z.string(),
  contract_id: z.string(),
  contract_title: z.string(),
  artist_name: z.string(),
  song_title: z.string(),
  kind: z.enum(DEAL_KINDS),
  basis: z.enum(RATE_BASES),
  default_rate: z.string(),
  rates: z.array(
    z.object({ sale_type: z.string().nullable(), territory: z.string().nullable(), rate: z.string() }),
  ),
  profit_share: z.string().nullable(),
  reserve_rate: z.string(),
  cross_collateralize: z.boolean(),
  payees: z.array(dealPayee),
  recordings: z.array(z.object({ id: z.string(), title: z.string(), isrc: z.string().nullable() })),
  balances: z.array(payeeBalance),
  row_version: z.number(),
});
const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  payee_id: z.string().nullable(),
  payee_name: z.string().nullable(),
  amount: z.string(),
  currency: z.string(),
  entry_date: z.string(),
  recoupable: z.boolean(),
  reason: z.string().nullable(),
  period_id: z.string().nullable(),
  locked: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  receipt: z
    .object({
      name: z.string(),
      url: z.string().nullable().meta({
        description:
          'A signed URL to open or download it (valid an hour); null once the file was removed from the project folder for good.',
      }),
      deleted: z.boolean().meta({
        description: "In the project folder's Recently deleted (it still opens until it is purged).",
      }),
    })
    .nullable()
    .meta({
      description:
        "The entry's receipt, a file of the project folder of the contract's song; null without one.",
    }),
});
/** A file of the project folder of a contract's song, as a cost's receipt may be. */
const receiptFile = z.object({
  key: z.string().meta({ description: 'What an entry’s receipt_key takes.' }),
  name: z.string(),
  folder_path: z
    .string()
    .nullable()
    .meta({ description: 'The folders it is in ("Invoices / 2026"); null at the top level.' }),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
const figures = {
  opening_minor: minor,
  earnings_minor: minor,
  advances_minor: minor,
  costs_minor: minor,
  reserves_held_minor: minor,
  reserves_released_minor: minor,
  payments_minor: minor,
  adjustments_minor: minor,
  closing_minor: minor,
};
const statementSummary = z.object({
  id: z.string(),
  payee_id: z.string(),
  payee_name: z.string(),
  currency: z.string(),
  ...figures,
  payable_minor: minor,
  changes: z
    .array(z.object({ field: z.string(), before: minor, after: minor }))
    .nullable()
    .meta({ description: 'What changed since the previous run of the period; null on a first run.' }),
});
const period = z.object({
  id: z.string(),
  name: z.string(),
  start_month: z.string(),
  end_month: z.string(),
  status: z.enum(PERIOD_STATUSES),
  import_ids: z.array(z.string()),
  rates: z.array(z.object({ from: z.string(), to: z.string(), rate: z.string() })),
  statements: z.number(),
  payable: z.array(z.object({ currency: z.string(), minor })),
  uncontracted: z.array(z.object({ currency: z.string(), net: z.string() })),
  error: z.string().nullable(),
  run_at: when,
  approved_at: when,
  published_at: when,
});

const financeSettings = z.object({
  period_cadence: z.enum(PERIOD_CADENCES),
  reporting_currency: z
    .string()
    .meta({ description: 'ISO 4217 code analytics shows income in (default USD; issue 17).' }),
});

export const getFinanceSettings = endpoint({
  operationId: 'getFinanceSettings',
  summary: "The label's accounting period length and reporting currency",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/settings',
  access: 'member',
  responses: { 200: financeSettings },
  errors: ['plan_required'],
});

export const saveFinanceSettings = endpoint({
  operationId: 'saveFinanceSettings',
  summary:
    "Sets the label's accounting period length (monthly, quarterly or half-yearly) or the currency analytics reports in",
  tag: 'finance',
  method: 'PUT',
  path: '/api/v1/finance/settings',
  access: 'member',
  body: settingsBody,
  responses: { 200: financeSettings },
  errors: ['validation_failed', 'conflict', 'plan_required'],
});

export const listDeals = endpoint({
  operationId: 'listDeals',
  summary:
    'Royalty terms of the signed contracts, with each payee’s balance, and signed contracts without terms',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/deals',
  access: 'member',
  responses: {
    200: z.object({
      rows: z.array(deal),
      without_terms: z.array(
        z.object({
          contract_id: z.string(),
          title: z.string(),
          artist_name: z.string(),
          song_title: z.string(),
        }),
      ),
    }),
  },
  errors: ['plan_required'],
});

export const createDeal = endpoint({
  operationId: 'createDeal',
  summary:
    "Sets up a signed contract's royalty terms from its fields: rate, advance (as a ledger entry), payees from the master split",
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/deals',
  access: 'member',
  body: z.object({ contract_id: z.uuid({ message: 'contract_id: must be a contract id' }) }),
  responses: { 201: deal },
  errors: ['validation_failed', 'not_found', 'conflict', 'plan_required'],
});

export const updateDeal = endpoint({
  operationId: 'updateDeal',
  summary:
    "Changes a contract's royalty terms (kind, basis, rates, reserve, cross-collateralisation, payees)",
  tag: 'finance',
  method: 'PUT',
  path: '/api/v1/finance/deals/:id',
  access: 'member',
  params: dealParams,
  body: dealBody,
  responses: { 200: deal },
  errors: ['validation_failed', 'not_found', 'conflict', 'plan_required'],
});

export const listLedger = endpoint({
  operationId: 'listLedger',
  summary: "A contract's ledger: every entry, dated and signed, oldest first",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/deals/:id/ledger',
  access: 'member',
  params: dealParams,
  responses: { 200: z.object({ entries: z.array(ledgerEntry), balances: z.array(payeeBalance) }) },
  errors: ['not_found', 'plan_required'],
});

export const listReceiptFiles = endpoint({
  operationId: 'listReceiptFiles',
  summary:
    "The files a ledger entry's receipt may be: those of the project folder of the contract's song, newest first",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/deals/:id/receipt-files',
  access: 'member',
  params: dealParams,
  responses: {
    200: z.object({
      song_id: z
        .string()
        .meta({ description: 'Where a new receipt is uploaded (the project folder’s endpoints).' }),
      song_title: z.string(),
      files: z.array(receiptFile),
    }),
  },
  errors: ['not_found', 'plan_required'],
});

export const addLedgerEntry = endpoint({
  operationId: 'addLedgerEntry',
  summary: 'Adds an opening balance, advance, recoupable cost or adjustment to a contract’s ledger',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/deals/:id/ledger',
  access: 'member',
  params: dealParams,
  body: entryBody,
  responses: { 201: ledgerEntry },
  errors: ['validation_failed', 'not_found', 'conflict', 'plan_required'],
});

export const listPeriods = endpoint({
  operationId: 'listPeriods',
  summary: 'Accounting periods, newest first',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/periods',
  access: 'member',
  responses: { 200: z.object({ rows: z.array(period), cadence: z.enum(PERIOD_CADENCES) }) },
  errors: ['plan_required'],
});

export const createPeriod = endpoint({
  operationId: 'createPeriod',
  summary: 'Adds the period that holds a month, by the label’s cadence',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/periods',
  access: 'member',
  body: periodBody,
  responses: { 201: period },
  errors: ['validation_failed', 'conflict', 'plan_required'],
});

export const savePeriodRates = endpoint({
  operationId: 'savePeriodRates',
  summary: "Sets a period's exchange rates (1 from = rate to)",
  tag: 'finance',
  method: 'PUT',
  path: '/api/v1/finance/periods/:id/rates',
  access: 'member',
  params: periodParams,
  body: ratesBody,
  responses: { 200: period },
  errors: ['validation_failed', 'not_found', 'conflict', 'plan_required'],
});

export const runPeriod = endpoint({
  operationId: 'runPeriod',
  summary: "Computes every payee's statement for the period from the chosen imports (a job)",
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/periods/:id/run',
  access: 'member',
  params: periodParams,
  body: runBody,
  responses: { 202: period },
  errors: ['validation_failed', 'not_found', 'conflict', 'plan_required'],
});

export const getPeriod = endpoint({
  operationId: 'getPeriod',
  summary: 'A period with its statements per payee and what changed since the previous run',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/periods/:id',
  access: 'member',
  params: periodParams,
  responses: { 200: period.extend({ statement_rows: z.array(statementSummary) }) },
  errors: ['not_found', 'plan_required'],
});

const periodAction = (operationId: string, action: string, summary: string) =>
  endpoint({
    operationId,
    summary,
    tag: 'finance',
    method: 'POST',
    path: `/api/v1/finance/periods/:id/${action}`,
    access: 'member',
    params: periodParams,
    responses: { 200: period },
    errors: ['not_found', 'conflict', 'plan_required'],
  });

export const approvePeriod = periodAction('approvePeriod', 'approve', "Approves a period's statements");
export const publishPeriod = periodAction(
  'publishPeriod',
  'publish',
  "Publishes a period's statements: its earnings go into the ledger and the period is locked",
);

export const getStatement = endpoint({
  operationId: 'getStatement',
  summary: "One payee's statement: figures per contract and earnings by release, track, store and territory",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/statements/:id',
  access: 'member',
  params: statementParams,
  responses: {
    200: statementSummary.extend({
      period_id: z.string(),
      period_name: z.string(),
      deals: z.array(
        z.object({
          deal_id: z.string(),
          contract_title: z.string(),
          ...figures,
          cross_collateral_minor: minor,
        }),
      ),
      lines: z.array(
        z.object({
          release_title: z.string().nullable(),
          track_title: z.string().nullable(),
          isrc: z.string().nullable(),
          store: z.string().nullable(),
          territory: z.string().nullable(),
          sale_type: z.string(),
          quantity: z.number(),
          receipts: z.string(),
          earnings_minor: minor,
        }),
      ),
    }),
  },
  errors: ['not_found', 'plan_required'],
});

// ---- Payments ----

export const listPaymentsDue = endpoint({
  operationId: 'listPaymentsDue',
  summary:
    'Payees owed money by published statements: above their minimum payout or not, and what is missing to pay them',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/payments/due',
  access: 'member',
  responses: {
    200: z.object({
      rows: z.array(
        z.object({
          payee_id: z.string(),
          name: z.string(),
          currency: z.string(),
          payable_minor: minor,
          minimum_payout_minor: minor,
          above_minimum: z.boolean(),
          missing_details: z.boolean(),
          has_email: z.boolean(),
        }),
      ),
      totals: z.array(z.object({ currency: z.string(), minor })),
    }),
  },
  errors: ['plan_required'],
});

export const recordPayments = endpoint({
  operationId: 'recordPayments',
  summary:
    'Records payments made (date, amount, reference); each goes into the ledger of the contracts that owed it',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/payments',
  access: 'member',
  body: paymentsBody,
  responses: { 201: z.object({ payments: z.number() }) },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

export const listPayments = endpoint({
  operationId: 'listPayments',
  summary: 'Payments recorded, newest first',
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/payments',
  access: 'member',
  query: z.object({ ...pagingQuery(200) }),
  responses: {
    200: z.object({
      rows: z.array(
        z.object({
          id: z.string(),
          payee_id: z.string(),
          payee_name: z.string(),
          amount: z.string(),
          currency: z.string(),
          paid_on: z.string(),
          reference: z.string(),
          created_by: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      total: z.number(),
    }),
  },
  errors: ['plan_required'],
});

export const exportBankCsv = endpoint({
  operationId: 'exportBankCsv',
  summary: 'A bank CSV of what is owed to these payees, with their payment details (admins only)',
  tag: 'finance',
  method: 'POST',
  path: '/api/v1/finance/payments/bank-csv',
  access: 'admin',
  body: bankCsvBody,
  responses: {
    200: fileResponse('A CSV file: payee, method, account details, amount, currency, reference.'),
  },
  errors: ['validation_failed', 'not_found', 'plan_required'],
});

export const getPayeeAccount = endpoint({
  operationId: 'getPayeeAccount',
  summary: "A payee's royalty account: balance per contract, published statements and payments",
  tag: 'finance',
  method: 'GET',
  path: '/api/v1/finance/payees/:id/account',
  access: 'member',
  params: z.object({ id: uuidOr404('Payee not found') }),
  responses: {
    200: z.object({
      payee_id: z.string(),
      name: z.string(),
      currency: z.string(),
      balance_minor: minor,
      payable_minor: minor,
      contracts: z.array(payeeBalance.extend({ deal_id: z.string(), contract_title: z.string() })),
      statements: z.array(
        z.object({
          id: z.string(),
          period_id: z.string(),
          period_name: z.string(),
          status: z.enum(PERIOD_STATUSES),
          closing_minor: minor,
          payable_minor: minor,
        }),
      ),
      payments: z.array(
        z.object({
          id: z.string(),
          amount: z.string(),
          currency: z.string(),
          paid_on: z.string(),
          reference: z.string(),
        }),
      ),
    }),
  },
  errors: ['not_found', 'plan_required'],
});
