import type { UnreadMessageCountDto } from '@music-review/core/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../lib/api-context';
import { useRealtimeTopic } from '../../lib/realtime-context';

export const unreadMessageCountQueryKey = ['messages', 'unread-count'] as const;

/**
 * GET /api/v1/messages/unread-count, for the top bar's badge. Refetched when messages or read marks
 * change (the server sends only the changes of conversations the caller may see).
 */
export function useUnreadMessageCount() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: unreadMessageCountQueryKey });
  useRealtimeTopic('table:messages', refresh);
  useRealtimeTopic('table:message_reads', refresh);
  return useQuery({
    queryKey: unreadMessageCountQueryKey,
    queryFn: ({ signal }) => api.get<UnreadMessageCountDto>('/api/v1/messages/unread-count', { signal }),
  });
}
