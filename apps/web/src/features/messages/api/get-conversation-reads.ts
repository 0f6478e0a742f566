import { listConversationReads } from '@music-review/core/contracts/messages';
import { conversationTopic } from '@music-review/core/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { messagesKeys } from './keys';

/** GET /api/v1/conversations/{id}/reads, refreshed whenever someone reads in the conversation. */
export function useReads(conversationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic(conversationTopic(conversationId), (change) => {
    if (change.table === 'message_reads') {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.reads(conversationId), exact: true });
    }
  });
  return useQuery({
    queryKey: messagesKeys.reads(conversationId),
    queryFn: ({ signal }) => api.call(listConversationReads, { params: { id: conversationId }, signal }),
    staleTime: 0,
  });
}
