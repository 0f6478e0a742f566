import { listSupportConversations } from '@music-review/core/contracts/messages';
import type { ConversationSummaryDto } from '@music-review/core/messages';
import { conversationTopic, SUPPORT_INBOX_TOPIC } from '@music-review/core/realtime';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const supportInboxQueryKey = ['support', 'inbox'] as const;

/** The inbox, or null for an account that is not support staff (the server answers 404 then). */
export type SupportInbox = ConversationSummaryDto[] | null;

/**
 * GET /api/v1/support/conversations: every label's support conversations, newest activity first, for
 * the product's support staff (SUPPORT_EMAILS). Anyone else gets 404, which is an answer here (null),
 * not an error: the same query tells the user menu whether to offer the inbox at all.
 */
export function useSupportInbox() {
  const api = useApiClient();
  return useQuery({
    queryKey: supportInboxQueryKey,
    queryFn: async ({ signal }): Promise<SupportInbox> => {
      try {
        return await api.call(listSupportConversations, { query: {}, signal });
      } catch (error) {
        if (isApiError(error) && error.status === 404) return null;
        throw error;
      }
    },
  });
}

/**
 * Keeps the inbox current while mounted: the staff-only `support:inbox` topic carries changes of
 * support conversations and their messages across labels, and the open conversation's topic its
 * read marks. Mount it for staff only (others would be refused the topic).
 */
export function useLiveSupportInbox(openConversationId: string | null) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: supportInboxQueryKey });
  useRealtimeTopic(SUPPORT_INBOX_TOPIC, refresh);
  // Reading the open conversation lowers its unread count: its read marks come on its own topic.
  useRealtimeTopic(
    openConversationId ? conversationTopic(openConversationId) : SUPPORT_INBOX_TOPIC,
    (change) => {
      if (change.table === 'message_reads') refresh();
    },
  );
}
