import type { BreakdownDimension } from '@music-review/core/analytics';
import { analyticsBreakdown } from '@music-review/core/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { filterQuery, type PerformanceFilters } from '../analytics-url';
import { analyticsKeys, BREAKDOWN_PAGE_ROWS } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/breakdown: income by store, territory, release, track or artist, ranked, with
 * each row's rank in the previous range (its movement).
 */
export function useAnalyticsBreakdown(
  dimension: BreakdownDimension,
  filters: Partial<PerformanceFilters>,
  { enabled = true, limit = BREAKDOWN_PAGE_ROWS } = {},
) {
  const api = useApiClient();
  const query = filterQuery(filters);
  return useQuery({
    queryKey: analyticsKeys.breakdown(dimension, query, limit),
    queryFn: ({ signal }) => api.call(analyticsBreakdown, { query: { ...query, dimension, limit }, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileUpdating,
  });
}
