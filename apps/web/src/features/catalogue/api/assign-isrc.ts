import { assignIsrc } from '@music-review/core/contracts/catalogue';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** POST /api/v1/catalogue/recordings/{id}/assign-isrc: the label's next ISRC (prefix, year, number). */
export function useAssignIsrc() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(assignIsrc, { params: { id } }),
    onSuccess: (recording) => {
      queryClient.setQueryData(catalogueKeys.recording(recording.id), recording);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('recordings') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.settings });
    },
  });
}
