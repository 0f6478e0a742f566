import { updatePayee } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { invalidatePeopleBesides, peopleKeys } from './keys';

export type UpdatePayeeInput = BodyOf<typeof updatePayee>;

/**
 * PATCH /api/v1/payees/{id} on the version it names (409 conflict when stale). Payment details left
 * out stay as saved; the answer shows them masked.
 */
export function useUpdatePayee(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePayeeInput) => api.call(updatePayee, { params: { id }, body }),
    onSuccess: (payee) => {
      queryClient.setQueryData(peopleKeys.payee(id), payee);
      void invalidatePeopleBesides(queryClient, peopleKeys.payee(id));
    },
  });
}
