import { deleteDestination } from '@music-review/core/contracts/distribution';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

/** DELETE /api/v1/distribution/destinations/{id}: refused (409) while one of its deliveries runs. */
export function useDeleteDestination() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteDestination, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: distributionKeys.all }),
  });
}
