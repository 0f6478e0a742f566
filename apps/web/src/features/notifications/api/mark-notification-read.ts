import { markNotificationRead } from '@music-review/core/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { type NotificationPages, notificationsQueryKey } from './get-notifications';

/** Marks the cached notifications read at once (they never revert), with the new unread count. */
export function markCachedRead(
  data: NotificationPages | undefined,
  isTarget: (id: string) => boolean,
): NotificationPages | undefined {
  if (!data) return data;
  let changed = 0;
  const pages = data.pages.map((page) => ({
    ...page,
    notifications: page.notifications.map((n) => {
      if (n.read || !isTarget(n.id)) return n;
      changed += 1;
      return { ...n, read: true };
    }),
  }));
  const unread = Math.max(0, (data.pages[0]?.unread_count ?? 0) - changed);
  return { ...data, pages: pages.map((page) => ({ ...page, unread_count: unread })) };
}

/** POST /api/v1/notifications/{id}/read, shown at once; the list reloads to confirm. */
export function useMarkNotificationRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(markNotificationRead, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      queryClient.setQueryData<NotificationPages>(notificationsQueryKey, (data) =>
        markCachedRead(data, (candidate) => candidate === id),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
