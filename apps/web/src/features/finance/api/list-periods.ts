import { listPeriods } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys, PERIOD_RUN_REFETCH_MS } from './accounting-keys';

/** GET /api/v1/finance/periods: the accounting periods, newest first, and the label's cadence. */
export function usePeriods({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.periodList,
    queryFn: ({ signal }) => api.call(listPeriods, { signal }),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.rows.some((row) => row.status === 'running') ? PERIOD_RUN_REFETCH_MS : false,
  });
}
