import { getFinanceSummary } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys } from './keys';

/** GET /api/v1/finance/summary: income of the latest quarter, the unmatched amount, imports waiting. */
export function useFinanceSummary({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: financeKeys.summary,
    queryFn: ({ signal }) => api.call(getFinanceSummary, { signal }),
    enabled,
  });
}
