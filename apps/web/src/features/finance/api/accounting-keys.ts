/**
 * Cache keys of the Contracts and Statements tabs. All finance data sits under 'finance' (so one
 * invalidation of financeKeys.all refreshes it); a contract's ledger sits under its deals, so a
 * change of terms refreshes both; the payee picker is not finance data and sits outside.
 */
export const accountingKeys = {
  deals: ['finance', 'deals'] as const,
  dealList: ['finance', 'deals', 'list'] as const,
  ledger: (dealId: string) => ['finance', 'deals', dealId, 'ledger'] as const,
  /** The files of the project folder of a contract's song, a cost's receipt may be. */
  receiptFiles: (dealId: string) => ['finance', 'deals', dealId, 'receipt-files'] as const,
  settings: ['finance', 'settings'] as const,
  periods: ['finance', 'periods'] as const,
  periodList: ['finance', 'periods', 'list'] as const,
  period: (id: string) => ['finance', 'periods', id] as const,
  statements: ['finance', 'statements'] as const,
  statement: (id: string) => ['finance', 'statements', id] as const,
  /** The imported statements a period may use (under the imports, refreshed with them). */
  importChoices: ['finance', 'imports', 'choices'] as const,
  payees: ['finance-payees'] as const,
};

/** While a period runs, it is asked again this often: the fallback for a realtime connection that is down. */
export const PERIOD_RUN_REFETCH_MS = 2000;
/** A statement's earnings lines shown at first, and added per "Show more". */
export const STATEMENT_LINES_STEP = 500;
/** Imports a period run may choose from (the list endpoint's largest page). */
export const IMPORT_CHOICES_LIMIT = 200;
/** Payees offered in the terms form (the payees endpoint's largest page). */
export const PAYEE_CHOICES_LIMIT = 200;
