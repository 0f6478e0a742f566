import { publishPeriod } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/**
 * POST /api/v1/finance/periods/{id}/publish: publishes an approved period. Its earnings go into the
 * ledgers and it is locked, so the periods and every contract's balance are read again.
 */
export function usePublishPeriod(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(publishPeriod, { params: { id } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountingKeys.periods });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.deals });
    },
  });
}
