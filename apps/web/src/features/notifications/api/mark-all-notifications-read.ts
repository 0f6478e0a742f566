import { markAllNotificationsRead } from '@music-review/core/contracts/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { type NotificationPages, notificationsQueryKey } from './get-notifications';
import { markCachedRead } from './mark-notification-read';

/** POST /api/v1/notifications/read-all ('Mark all as read'), shown at once. */
export function useMarkAllNotificationsRead() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(markAllNotificationsRead),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      queryClient.setQueryData<NotificationPages>(notificationsQueryKey, (data) => {
        const next = markCachedRead(data, () => true);
        return next && { ...next, pages: next.pages.map((page) => ({ ...page, unread_count: 0 })) };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
