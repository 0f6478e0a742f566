import { approvePeriod } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** POST /api/v1/finance/periods/{id}/approve: approves a computed period's statements (409 otherwise). */
export function useApprovePeriod(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(approvePeriod, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.periods }),
  });
}
