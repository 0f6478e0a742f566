import { assignUpc } from '@music-review/core/contracts/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** POST /api/v1/catalogue/releases/{id}/assign-upc: the next free code of the label's UPC pool. */
export function useAssignUpc() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(assignUpc, { params: { id } }),
    onSuccess: (release) => {
      queryClient.setQueryData(catalogueKeys.release(release.id), release);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('releases') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.settings });
    },
  });
}
