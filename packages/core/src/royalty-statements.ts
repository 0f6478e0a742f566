/**
 * Published royalty statements as documents (issue 16): the PDF, the "All sales" CSV, and the
 * payee's public link, emailed when a period is published. Texts and names shared by the server
 * (apps/server/src/features/royalties/statement-*.ts) and the payee's page (apps/web payee-portal).
 * Contracts: ./contracts/royalty-statements.ts.
 */

/** The public link's purpose: it opens one payee's statement, read-only. */
export const STATEMENT_LINK_PURPOSE = 'royalty_statement';

/** The web page a statement link opens: `/statements/{token}`. */
export const STATEMENT_LINK_PATH = '/statements/';

/** A statement link lasts a year: payees come back to a statement (tax, disputes) long after it. */
export const STATEMENT_LINK_DAYS = 365;

/** The page's first lines of earnings; "Show more" adds as many again. */
export const STATEMENT_PAGE_LINES = 500;

/** The figures of a statement in the order a statement shows them, with their labels. */
export const STATEMENT_FIGURES = [
  ['opening_minor', 'Opening balance'],
  ['earnings_minor', 'Earnings'],
  ['advances_minor', 'Advances'],
  ['costs_minor', 'Recoupable costs'],
  ['reserves_held_minor', 'Reserves held'],
  ['reserves_released_minor', 'Reserves released'],
  ['payments_minor', 'Payments'],
  ['adjustments_minor', 'Adjustments'],
  ['closing_minor', 'Closing balance'],
] as const;
export type StatementFigure = (typeof STATEMENT_FIGURES)[number][0];

export const STATEMENT_SALE_TYPE_LABELS: Record<string, string> = {
  stream: 'Stream',
  download: 'Download',
  physical: 'Physical',
  sync: 'Sync',
  other: 'Other',
};

/** Header row of the "All sales" CSV, one row per line of the statement. */
export const ALL_SALES_HEADERS = [
  'Sale months',
  'Store',
  'Territory',
  'ISRC',
  'UPC',
  'Release',
  'Track',
  'Sale type',
  'Quantity',
  'Receipts',
  'Currency',
  'Rate %',
  'Share %',
  'Earnings',
] as const;

export const STATEMENT_TEXTS = {
  downloadPdf: 'Download PDF',
  downloadCsv: 'Download CSV',
  showMore: 'Show more',
  payable: 'Payable',
  contracts: 'Per contract',
  earnings: 'Earnings by release, track, store and territory',
  noLines: 'No sales in this period.',
  opening: 'Opening the statement…',
  notFound: 'Statement not found',
  downloadFailed: 'The download failed. Please try again.',
} as const;

/** "2026-01 to 2026-03", or one month. */
export const monthsText = (start: string, end: string) => (start === end ? start : `${start} to ${end}`);

/** A file name for a statement's PDF or CSV: "2026-Q1 statement, Ada Wex Music.pdf". */
export function statementFileName(
  periodName: string,
  payeeName: string,
  ext: 'pdf' | 'csv',
  kind = 'statement',
) {
  // Characters no file system takes are dropped; the rest (any script) is kept.
  const safe = `${periodName} ${kind}, ${payeeName}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim();
  return `${safe.slice(0, 150)}.${ext}`;
}

/** The mail sent to a payee when a period is published. */
export const statementMail = (labelName: string, periodName: string, payeeName: string) => ({
  subject: `${labelName}: your royalty statement for ${periodName}`,
  intro: `${labelName} has published your royalty statement for ${periodName} (${payeeName}). Open it to see your earnings by release, track, store and territory, and download it as a PDF or a CSV of all sales. No account is needed.`,
  linkText: 'Open your statement',
});
