import { markNotificationRead } from '@music-review/core/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { homeQueryKey } from './get-home';

/** POST /api/v1/notifications/{id}/read when a notification is opened from Home. */
export function useMarkNotificationRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(markNotificationRead, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  });
}
