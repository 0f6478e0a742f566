import { mergeParties } from '@music-review/core/contracts/parties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { invalidatePeopleBesides, peopleKeys } from './keys';

/**
 * POST /api/v1/parties/{id}/merge: the duplicate's credits, writer shares and links move to this
 * person, its names become their other credited names, and the duplicate is deleted. Answers the
 * merged person.
 */
export function useMergeParties(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (duplicateId: string) =>
      api.call(mergeParties, { params: { id }, body: { duplicate_id: duplicateId } }),
    onSuccess: (party, duplicateId) => {
      queryClient.setQueryData(peopleKeys.party(id), party);
      queryClient.removeQueries({ queryKey: peopleKeys.party(duplicateId) });
      void invalidatePeopleBesides(queryClient, peopleKeys.party(id));
    },
  });
}
