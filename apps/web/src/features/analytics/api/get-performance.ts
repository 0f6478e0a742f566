import { analyticsPerformance } from '@music-review/core/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { filterQuery, type PerformanceFilters } from '../analytics-url';
import { analyticsKeys } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/performance: income, units and streams of the range against the previous
 * range and the year before, by month, by release lifecycle and per 1,000 streams by store. The
 * previous answer stays on screen while a new filter's loads.
 */
export function useAnalyticsPerformance(filters: PerformanceFilters, { enabled = true } = {}) {
  const api = useApiClient();
  const query = filterQuery(filters);
  return useQuery({
    queryKey: analyticsKeys.performance(query),
    queryFn: ({ signal }) => api.call(analyticsPerformance, { query, signal }),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileUpdating,
  });
}
