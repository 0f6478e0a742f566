import { listNotifications } from '@music-review/core/contracts/notifications';
import type { NotificationListDto } from '@music-review/core/notifications';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const notificationsQueryKey = ['notifications', 'list'] as const;
export type NotificationPages = InfiniteData<NotificationListDto>;

/**
 * GET /api/v1/notifications: the caller's, newest first, page by page, with the unread count. Reloaded
 * on any change of the caller's notifications (spec section 4; the server sends a member only their
 * own rows of table:notifications).
 */
export function useNotifications() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic('table:notifications', () => {
    void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
  });
  return useInfiniteQuery({
    queryKey: notificationsQueryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(listNotifications, { query: pageParam ? { cursor: pageParam } : {}, signal }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** The newest answer's unread count (each page carries the count at the time it was read). */
export function unreadCountOf(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unread_count ?? 0;
}
