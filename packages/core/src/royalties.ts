/**
 * Royalties (issue 16): distributor statements imported, matched to the catalogue, and (next)
 * accounted per contract and payee. Names, statuses and texts shared by the server and the web app.
 * Statement layouts: ./royalty-sources.ts; exact money: ./money.ts; contracts: ./contracts/royalties.ts;
 * decision 0028.
 */

/** The texts the issue names (users, screen readers and tests rely on them). */
export const FINANCE_TEXTS = {
  heading: 'Finance',
  importsTab: 'Imports',
  unmatchedTab: 'Unmatched',
  contractsTab: 'Contracts',
  statementsTab: 'Statements',
  paymentsTab: 'Payments',
  importStatement: 'Import statement',
  resolve: 'Resolve',
  acceptSuggestions: 'Accept suggestions',
  matchAgain: 'Match again',
  importGoodLines: 'Import without the bad lines',
  discardImport: 'Discard import',
  cancelImport: 'Cancel import',
} as const;

/**
 * Where an import stands. queued → reading → imported, or → needs_decision when a line is bad (the
 * member then imports the good lines or discards the file). Cancelled, failed and discarded imports
 * keep no line. Only an imported import's lines count anywhere (Unmatched, periods, analytics).
 */
export const IMPORT_STATUSES = [
  'queued',
  'reading',
  'needs_decision',
  'imported',
  'discarded',
  'cancelled',
  'failed',
] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_STATUS_LABELS: Record<ImportStatus, string> = {
  queued: 'Waiting',
  reading: 'Reading',
  needs_decision: 'Bad lines found',
  imported: 'Imported',
  discarded: 'Discarded',
  cancelled: 'Cancelled',
  failed: 'Failed',
};
/** Statuses an import may still be cancelled in. */
export const CANCELLABLE_IMPORT_STATUSES: readonly ImportStatus[] = ['queued', 'reading'];

/** How a line found its recording or release. */
export const MATCH_KINDS = ['isrc', 'upc', 'catalogue_number', 'alias'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/**
 * What an unmatched group is keyed by: the line's first code (ISRC, then UPC/EAN, then catalogue
 * number), or its artist and title when it has none.
 */
export const IDENTIFIER_KINDS = ['isrc', 'upc', 'catalogue_number', 'title'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];
export const IDENTIFIER_KIND_LABELS: Record<IdentifierKind, string> = {
  isrc: 'ISRC',
  upc: 'UPC/EAN',
  catalogue_number: 'Catalogue number',
  title: 'Artist and title',
};

/** The job that reads and loads a statement (one per import). */
export const ROYALTY_IMPORT_JOB = 'royalty-import';

export const ROYALTY_LIMITS = {
  /** 2 GiB, the largest statement. */
  maxBytes: 2 * 1024 * 1024 * 1024,
  /** 10 million lines. */
  maxLines: 10_000_000,
  /** How many bad lines an import keeps to show (the count is exact). */
  badLinesShown: 200,
  /** Unmatched groups resolved in one request. */
  resolveBatch: 500,
  /** Lines loaded per COPY batch (one transaction each). */
  batchLines: 20_000,
} as const;

export const FINANCE_MESSAGES = {
  uploadNotFound: 'That upload was not found. Choose the file again.',
  importNotFound: 'Import not found',
  empty: 'The file is empty (0 bytes). Choose the statement file itself.',
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB; statements up to 2 GB can be imported. Split it by month and import each part.`,
  tooManyLines: `The file has more than ${ROYALTY_LIMITS.maxLines.toLocaleString('en-US')} lines; split it by month and import each part.`,
  unknownSource:
    'These columns match no statement layout we know and no mapping you saved. Map the columns once below; the mapping is saved for the next file from this source.',
  mappingNameTaken: 'A mapping with this name exists already. Choose another name.',
  duplicate: (fileName: string, when: string) =>
    `This file was imported already (“${fileName}”, ${when}). The same file is never imported twice.`,
  notCancellable: 'This import has finished; it can no longer be cancelled.',
  notWaitingForDecision: 'This import is not waiting for a decision.',
  cancelled: 'Cancelled. Nothing from this file was imported.',
  failed: 'The import stopped on an error. Nothing from this file was imported; try again.',
  targetNotFound: 'That recording or release was not found in your catalogue.',
  targetKind: 'Choose a recording or a release (one of them).',
} as const;

// ---- Contracts (royalty deals), ledger, periods and statements (decision 0029) ----

export const DEAL_KINDS = ['royalty', 'profit_share'] as const;
export type DealKindName = (typeof DEAL_KINDS)[number];
export const DEAL_KIND_LABELS: Record<DealKindName, string> = {
  royalty: 'Royalty on receipts',
  profit_share: 'Profit share',
};
export const RATE_BASES = ['net', 'gross'] as const;

/** Ledger entries a member adds; the period run adds earnings, reserves and cross-collateral moves. */
export const MANUAL_ENTRY_KINDS = ['opening', 'advance', 'cost', 'adjustment'] as const;
export const LEDGER_ENTRY_KINDS = [
  ...MANUAL_ENTRY_KINDS,
  'earnings',
  'reserve_held',
  'reserve_released',
  'cross_collateral',
  'payment',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];
export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  opening: 'Opening balance',
  advance: 'Advance',
  cost: 'Recoupable cost',
  adjustment: 'Adjustment',
  earnings: 'Earnings',
  reserve_held: 'Reserve held',
  reserve_released: 'Reserve released',
  cross_collateral: 'Cross-collateralisation',
  payment: 'Payment',
};

export const PERIOD_CADENCES = ['monthly', 'quarterly', 'half_yearly'] as const;
export type PeriodCadence = (typeof PERIOD_CADENCES)[number];
export const PERIOD_CADENCE_LABELS: Record<PeriodCadence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  half_yearly: 'Half-yearly',
};
export const CADENCE_MONTHS: Record<PeriodCadence, number> = { monthly: 1, quarterly: 3, half_yearly: 6 };

/**
 * A period: open (nothing run yet) → running → computed (statements to review; may be run again) →
 * approved → published (locked: its earnings are in the ledger; never run again).
 */
export const PERIOD_STATUSES = ['open', 'running', 'computed', 'approved', 'published'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];
export const PERIOD_STATUS_LABELS: Record<PeriodStatus, string> = {
  open: 'Not run',
  running: 'Running',
  computed: 'To review',
  approved: 'Approved',
  published: 'Published',
};

export const ROYALTY_RUN_JOB = 'royalty-period-run';

export const STATEMENT_TEXTS = {
  runPeriod: 'Run period',
  runAgain: 'Run again',
  approve: 'Approve',
  publish: 'Publish',
  addPeriod: 'Add period',
  setUpTerms: 'Set up terms',
  addEntry: 'Add entry',
} as const;

/** "2026-07" → the first month of its period under a cadence ("2026-07" quarterly → "2026-07"). */
export function periodStartOf(month: string, cadence: PeriodCadence): string {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const size = CADENCE_MONTHS[cadence];
  const start = Math.floor((m - 1) / size) * size + 1;
  return `${year}-${String(start).padStart(2, '0')}`;
}

/** The last month of a period that starts at `start` ("2026-07", quarterly → "2026-09"). */
export function periodEndOf(start: string, cadence: PeriodCadence): string {
  const year = Number(start.slice(0, 4));
  const m = Number(start.slice(5, 7)) + CADENCE_MONTHS[cadence] - 1;
  return `${year + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}`;
}

/** A period's name: "2026-Q3", "2026-07", "2026-H2". */
export function periodName(start: string, cadence: PeriodCadence): string {
  const year = start.slice(0, 4);
  const m = Number(start.slice(5, 7));
  if (cadence === 'quarterly') return `${year}-Q${Math.floor((m - 1) / 3) + 1}`;
  if (cadence === 'half_yearly') return `${year}-H${m <= 6 ? 1 : 2}`;
  return start;
}

export const PERIOD_MESSAGES = {
  periodNotFound: 'Period not found',
  dealNotFound: 'Contract terms not found',
  contractNotSigned: 'Only a signed contract gets royalty terms.',
  dealExists: 'This contract has its terms already.',
  noPayee:
    'No payee for this contract: give its recording a master split, or link the artist to a payee in Artists & Writers, then set up the terms.',
  sharesTotal: 'The payees’ shares must add up to 100 %.',
  periodExists: 'This period exists already.',
  locked: 'This period is published and locked; corrections go in as new entries of a later period.',
  notComputed: 'Run the period first.',
  notApproved: 'Approve the statements first.',
  missingRate: (from: string, to: string, period: string) =>
    `No exchange rate from ${from} to ${to} for ${period}. Enter it under the period’s rates, then run again.`,
  entryInLockedPeriod:
    'That date falls in a published period. Date the entry in an open period; corrections are new entries.',
} as const;

export const PAYMENT_TEXTS = {
  recordPayments: 'Record payments',
  bankCsv: 'Export bank CSV',
} as const;

export const PAYMENT_MESSAGES = {
  payeeNotFound: 'Payee not found',
  moreThanOwed: (owed: string) => `More than is owed (${owed}). Record at most what the statements owe.`,
  currency: (currency: string) => `Pay in the payee’s currency (${currency}).`,
  nothingOwed: 'Nothing is owed to this payee.',
} as const;
