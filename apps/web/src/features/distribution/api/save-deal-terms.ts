import { saveDealTerms } from '@music-review/core/contracts/distribution';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

/** PUT /api/v1/distribution/releases/{id}/deal-terms: territories and pre-order date (409 when stale or in delivery). */
export function useSaveDealTerms(releaseId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof saveDealTerms>) =>
      api.call(saveDealTerms, { params: { id: releaseId }, body }),
    // The readiness may depend on the terms (a pre-order date, no territory): read it again.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: distributionKeys.release(releaseId) }),
  });
}
