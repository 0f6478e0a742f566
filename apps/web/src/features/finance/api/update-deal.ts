import { updateDeal } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { DealBody } from '../accounting-types';
import { accountingKeys } from './accounting-keys';

/**
 * PUT /api/v1/finance/deals/{id}: a contract's terms, on the version they were read at (409 conflict
 * when someone saved meanwhile). The list and the ledger (its balances follow the shares) are read again.
 */
export function useUpdateDeal(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DealBody) => api.call(updateDeal, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.deals }),
  });
}
