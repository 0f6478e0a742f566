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
