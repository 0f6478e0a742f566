import { deleteMessage } from '@music-review/core/contracts/messages';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** DELETE /api/v1/messages/{id}: the sender (or an admin) removes it for everyone. */
export function useDeleteMessage() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (messageId: string) => api.call(deleteMessage, { params: { id: messageId } }),
  });
}
