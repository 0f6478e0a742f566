import { listDeals } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/**
 * GET /api/v1/finance/deals: the signed contracts with royalty terms (each payee's balance,
 * recoupment and forecast) and the signed contracts still without terms.
 */
export function useDeals({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.dealList,
    queryFn: ({ signal }) => api.call(listDeals, { signal }),
    enabled,
  });
}
