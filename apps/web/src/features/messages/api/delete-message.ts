import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** DELETE /api/v1/messages/{id}: the sender (or an admin) removes it for everyone. */
export function useDeleteMessage() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (messageId: string) => api.delete<void>(`/api/v1/messages/${encodeURIComponent(messageId)}`),
  });
}
