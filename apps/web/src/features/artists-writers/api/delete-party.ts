import { deleteParty } from '@music-review/core/contracts/parties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { peopleKeys } from './keys';

/** DELETE /api/v1/parties/{id}: only a person credited nowhere (the server says why otherwise). */
export function useDeleteParty(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(deleteParty, { params: { id } }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: peopleKeys.party(id) });
      void queryClient.invalidateQueries({ queryKey: peopleKeys.all });
    },
  });
}
