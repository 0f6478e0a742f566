import { savePeriodRates } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { RatesBody } from '../accounting-types';
import { accountingKeys } from './accounting-keys';

/** PUT /api/v1/finance/periods/{id}/rates: the period's exchange rates (1 from = rate to); 409 once published. */
export function useSavePeriodRates(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RatesBody) => api.call(savePeriodRates, { params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.periods }),
  });
}
