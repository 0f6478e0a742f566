import { saveFinanceSettings } from '@music-review/core/contracts/royalties';
import type { PeriodCadence } from '@music-review/core/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** PUT /api/v1/finance/settings: the label's period length (409 when the server refuses the change). */
export function useSaveFinanceSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cadence: PeriodCadence) =>
      api.call(saveFinanceSettings, { body: { period_cadence: cadence } }),
    onSuccess: (settings) => {
      queryClient.setQueryData(accountingKeys.settings, settings);
      void queryClient.invalidateQueries({ queryKey: accountingKeys.periods });
    },
  });
}
