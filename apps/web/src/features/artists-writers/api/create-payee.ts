import { createPayee } from '@music-review/core/contracts/parties';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { invalidatePeopleBesides, peopleKeys } from './keys';

export type CreatePayeeInput = BodyOf<typeof createPayee>;

/**
 * POST /api/v1/payees ("Add payee"). The payment details go out once: the answer, and so the cache,
 * holds only their masked form.
 */
export function useCreatePayee() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePayeeInput) => api.call(createPayee, { body }),
    onSuccess: (payee) => {
      queryClient.setQueryData(peopleKeys.payee(payee.id), payee);
      void invalidatePeopleBesides(queryClient, peopleKeys.payee(payee.id));
    },
  });
}
