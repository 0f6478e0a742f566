import { sendMessage } from '@music-review/core/contracts/messages';
import type { SendMessageBody } from '@music-review/core/messages';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /api/v1/conversations/{id}/messages: stored with the next sequence, then delivered. */
export function useSendMessage(conversationId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (body: SendMessageBody) => api.call(sendMessage, { params: { id: conversationId }, body }),
  });
}
