import { getUnreadMessageCount } from '@music-review/core/contracts/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesKeys } from '../../features/messages/shell';
import { useApiClient } from '../../lib/api-context';
import { useRealtimeTopic } from '../../lib/realtime-context';

export const unreadMessageCountQueryKey = messagesKeys.unreadCount;

/**
 * GET /api/v1/messages/unread-count, for the top bar's badge. Refetched when messages, read marks or
 * conversations change (the server sends only the changes of conversations the caller may see).
 */
export function useUnreadMessageCount() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadMessageCountQueryKey });
  useRealtimeTopic('table:messages', refresh);
  useRealtimeTopic('table:message_reads', refresh);
  useRealtimeTopic('table:conversations', refresh);
  return useQuery({
    queryKey: unreadMessageCountQueryKey,
    queryFn: ({ signal }) => api.call(getUnreadMessageCount, { signal }),
  });
}
