import { deleteMarketingTask } from '@music-review/core/contracts/marketing';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateSongMarketing } from './get-song-marketing';

/** DELETE /api/v1/marketing/tasks/{id}. */
export function useDeleteTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSongMarketing(songId);
  return useMutation({
    mutationFn: (id: string) => api.call(deleteMarketingTask, { params: { id } }),
    onSuccess: invalidate,
  });
}
