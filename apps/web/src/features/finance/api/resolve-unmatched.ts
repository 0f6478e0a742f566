import { resolveUnmatched } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { ResolutionDto } from '../finance-types';
import { financeKeys } from './keys';

/**
 * POST /api/v1/finance/unmatched/resolve: assigns identifiers to recordings or releases, saved as
 * aliases of their source (later imports match them too). Answers how many lines matched; the
 * resolved groups leave Unmatched, so it and the summary are read again.
 */
export function useResolveUnmatched() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: ResolutionDto[]) => api.call(resolveUnmatched, { body: { items } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: financeKeys.all }),
  });
}
