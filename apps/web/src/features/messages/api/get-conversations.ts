import { listConversations } from '@music-review/core/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { messagesKeys } from './keys';

/** A burst of changes (a busy song chat) refreshes the list once. */
const REFRESH_DELAY_MS = 250;

/**
 * GET /api/v1/conversations: what the caller may see, newest activity first. While mounted, changes
 * of conversations, messages and read marks refresh it (and the top bar's badge).
 */
export function useConversations() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const refresh = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: messagesKeys.conversations, exact: true });
      void queryClient.invalidateQueries({ queryKey: messagesKeys.unreadCount, exact: true });
    }, REFRESH_DELAY_MS);
  };
  useRealtimeTopic('table:conversations', refresh);
  useRealtimeTopic('table:messages', refresh);
  useRealtimeTopic('table:message_reads', refresh);
  return useQuery({
    queryKey: messagesKeys.conversations,
    queryFn: ({ signal }) => api.call(listConversations, { signal }),
    // Kept current by the socket while shown; opened again, it asks once more.
    staleTime: 0,
  });
}
