import { createPeriod } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** POST /api/v1/finance/periods: adds the period that holds a month ("2026-07"); 409 when it exists. */
export function useCreatePeriod() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (month: string) => api.call(createPeriod, { body: { month } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.periods }),
  });
}
