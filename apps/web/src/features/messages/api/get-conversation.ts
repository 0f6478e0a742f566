import { getConversation } from '@music-review/core/contracts/messages';
import type { ConversationSummaryDto } from '@music-review/core/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { messagesKeys } from './keys';

/** GET /api/v1/conversations/{id}: one conversation (title, members, unread count). */
export function useConversation(conversationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: messagesKeys.conversation(conversationId),
    queryFn: ({ signal }) => api.call(getConversation, { params: { id: conversationId }, signal }),
    // The list usually has it already.
    initialData: () =>
      queryClient
        .getQueryData<ConversationSummaryDto[]>(messagesKeys.conversations)
        ?.find((c) => c.id === conversationId),
    initialDataUpdatedAt: () => queryClient.getQueryState(messagesKeys.conversations)?.dataUpdatedAt,
  });
}
