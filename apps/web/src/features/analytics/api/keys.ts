import type { BreakdownDimension } from '@music-review/core/analytics';
import type { LinesFilter } from '../analytics-types';
import type { ArRangeFilter, PerformanceFilters } from '../analytics-url';

/** Rows a breakdown shows on the page (its chart the first ten); "Export CSV" writes every row. */
export const BREAKDOWN_PAGE_ROWS = 50;
/** Rows a filter's choices are read from (the API's maximum): the largest stores, artists... first. */
export const FILTER_CHOICE_ROWS = 500;
/** Alerts shown at once: the API keeps at most 500 a label. */
export const ALERTS_LIMIT = 500;
/** Statement lines per "Show more" in an alert's lines. */
export const LINES_PAGE_SIZE = 50;

/**
 * The analytics cache keys, all under 'analytics', so an import that finishes (announced over
 * realtime) refreshes whatever of it is on screen with one invalidation.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  performance: (filters: Partial<PerformanceFilters>) => ['analytics', 'performance', filters] as const,
  breakdown: (dimension: BreakdownDimension, filters: Partial<PerformanceFilters>, limit: number) =>
    ['analytics', 'breakdown', dimension, filters, limit] as const,
  funnel: (range: ArRangeFilter) => ['analytics', 'funnel', range] as const,
  demoRevenue: ['analytics', 'demo-revenue'] as const,
  missingIncome: ['analytics', 'missing-income'] as const,
  lines: (filter: LinesFilter) => ['analytics', 'lines', filter] as const,
  catalogueValue: ['analytics', 'catalogue-value'] as const,
};
