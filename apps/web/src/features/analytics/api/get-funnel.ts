import { analyticsFunnel } from '@music-review/core/contracts/analytics-ar';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { ArRangeFilter } from '../analytics-url';
import { analyticsKeys } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/funnel: the demos received in the range (the last 12 ISO weeks by default),
 * per week and source, the times to first listen and decision, each member's reviews, the 60 %
 * threshold and the signed rates. Review data only: every plan has it.
 */
export function useArFunnel(range: ArRangeFilter) {
  const api = useApiClient();
  const query = { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) };
  return useQuery({
    queryKey: analyticsKeys.funnel(range),
    queryFn: ({ signal }) => api.call(analyticsFunnel, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileUpdating,
  });
}
