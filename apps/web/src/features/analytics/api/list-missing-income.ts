import { analyticsMissingIncome } from '@music-review/core/contracts/analytics-income';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { ALERTS_LIMIT, analyticsKeys } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/missing-income: the stores and territories that stopped reporting a
 * recording, or fell by more than half, in each source's latest statement (all of them: the server
 * keeps at most 500 a label).
 */
export function useMissingIncome({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.missingIncome,
    queryFn: ({ signal }) => api.call(analyticsMissingIncome, { query: { limit: ALERTS_LIMIT }, signal }),
    enabled,
    refetchInterval: refetchWhileUpdating,
  });
}
