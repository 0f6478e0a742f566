import { rematchUnmatched } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/unmatched/rematch: matches the unmatched lines again (after codes were added
 * to the catalogue) and answers how many matched now.
 */
export function useRematchUnmatched() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(rematchUnmatched),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
