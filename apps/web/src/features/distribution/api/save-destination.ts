import { createDestination, updateDestination } from '@music-review/core/contracts/distribution';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

type CreateBody = BodyOf<typeof createDestination>;
type UpdateBody = BodyOf<typeof updateDestination>;

/**
 * POST /api/v1/distribution/destinations (no id) or PUT .../{id} (an edit with its row_version):
 * admins only; a secret left out keeps the stored one.
 */
export function useSaveDestination() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: null; body: CreateBody } | { id: string; body: UpdateBody }) =>
      input.id === null
        ? api.call(createDestination, { body: input.body })
        : api.call(updateDestination, { params: { id: input.id }, body: input.body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: distributionKeys.all }),
  });
}
