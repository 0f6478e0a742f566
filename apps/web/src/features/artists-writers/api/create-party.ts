import { createParty } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { invalidatePeopleBesides, peopleKeys } from './keys';

export type CreatePartyInput = BodyOf<typeof createParty>;

/** POST /api/v1/parties ("Add person"): answers the new person's full record. */
export function useCreateParty() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePartyInput) => api.call(createParty, { body }),
    onSuccess: (party) => {
      queryClient.setQueryData(peopleKeys.party(party.id), party);
      void invalidatePeopleBesides(queryClient, peopleKeys.party(party.id));
    },
  });
}
