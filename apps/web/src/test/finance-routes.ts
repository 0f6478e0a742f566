import { json } from './fetch-mock';

/** The first requests of /finance for a label with no statements yet, each answered empty. */
export const emptyFinanceRoutes = {
  'GET /api/v1/finance/summary': json(200, {
    quarter: null,
    income: [],
    unmatched: [],
    unmatched_groups: 0,
    imports_waiting: 0,
  }),
  'GET /api/v1/finance/imports': json(200, { rows: [], total: 0 }),
  'GET /api/v1/finance/deals': json(200, { rows: [], without_terms: [] }),
  'GET /api/v1/finance/payments/due': json(200, { rows: [], totals: [] }),
};
