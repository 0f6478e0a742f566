import { updateParty } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { invalidatePeopleBesides, peopleKeys } from './keys';

export type UpdatePartyInput = BodyOf<typeof updateParty>;

/**
 * PATCH /api/v1/parties/{id}: saves an edit made on the version it names (row_version); a stale
 * version answers 409 conflict and nothing is written.
 */
export function useUpdateParty(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePartyInput) => api.call(updateParty, { params: { id }, body }),
    onSuccess: (party) => {
      queryClient.setQueryData(peopleKeys.party(id), party);
      void invalidatePeopleBesides(queryClient, peopleKeys.party(id));
    },
  });
}
