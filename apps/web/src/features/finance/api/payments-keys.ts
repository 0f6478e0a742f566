/**
 * Cache keys of the Payments tab, under 'finance' like the rest (one invalidation of financeKeys.all
 * refreshes them). The due list sits apart from the history: both change when a payment is recorded.
 */
export const paymentsKeys = {
  all: ['finance', 'payments'] as const,
  due: ['finance', 'payments', 'due'] as const,
  history: ['finance', 'payments', 'history'] as const,
};

/** Payments per "Show more" in the history. */
export const PAYMENTS_PAGE_SIZE = 50;
