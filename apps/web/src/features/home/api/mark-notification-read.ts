import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { homeQueryKey } from './get-home';

/** POST /api/v1/notifications/{id}/read when a notification is opened from Home. */
export function useMarkNotificationRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`/api/v1/notifications/${encodeURIComponent(id)}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: homeQueryKey }),
  });
}
