import { createDeal } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/**
 * POST /api/v1/finance/deals: "Set up terms" for a signed contract, from its own fields (rate,
 * advance, payees from the master split). 400 when no payee can be found; 409 when it has terms
 * already or is not signed.
 */
export function useCreateDeal() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (contractId: string) => api.call(createDeal, { body: { contract_id: contractId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.deals }),
  });
}
