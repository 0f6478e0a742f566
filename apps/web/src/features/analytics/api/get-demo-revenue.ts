import { analyticsDemoRevenue } from '@music-review/core/contracts/analytics-ar';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { analyticsKeys } from './keys';
import { refetchWhileUpdating } from './updating';

/**
 * GET /api/v1/analytics/demo-revenue: every signed demo with its review scores at decision, what its
 * recording has earned since, its advance and recoupment; and whose high scores became income.
 */
export function useDemoRevenue({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: analyticsKeys.demoRevenue,
    queryFn: ({ signal }) => api.call(analyticsDemoRevenue, { signal }),
    enabled,
    refetchInterval: refetchWhileUpdating,
  });
}
