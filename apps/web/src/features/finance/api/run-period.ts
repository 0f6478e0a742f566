import { runPeriod } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { RunBody } from '../accounting-types';
import { accountingKeys } from './accounting-keys';

/**
 * POST /api/v1/finance/periods/{id}/run: starts computing every payee's statement (202, the period
 * now running). Without import_ids the run uses every imported statement.
 */
export function useRunPeriod(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RunBody) => api.call(runPeriod, { params: { id }, body }),
    onSuccess: (period) => {
      // The answer is the running period: shown at once, and polled from there.
      queryClient.setQueryData(accountingKeys.period(id), (previous: object | undefined) =>
        previous ? { ...previous, ...period } : previous,
      );
      void queryClient.invalidateQueries({ queryKey: accountingKeys.periods });
    },
  });
}
