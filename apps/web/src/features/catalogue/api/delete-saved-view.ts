import { deleteSavedView } from '@music-review/core/contracts/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** DELETE /api/v1/catalogue/views/{id}: removes one of the member's saved views. */
export function useDeleteSavedView() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteSavedView, { params: { id } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.views }),
  });
}
