import { getPeriod } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys, PERIOD_RUN_REFETCH_MS } from './accounting-keys';

/**
 * GET /api/v1/finance/periods/{id}: a period with its statements per payee and what changed since
 * the last run. Asked again every 2 s while it runs (realtime refreshes it sooner when connected).
 */
export function usePeriod(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.period(id),
    queryFn: ({ signal }) => api.call(getPeriod, { params: { id }, signal }),
    refetchInterval: (query) => (query.state.data?.status === 'running' ? PERIOD_RUN_REFETCH_MS : false),
  });
}
