import { getNotificationPreferences } from '@music-review/core/contracts/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const notificationPreferencesQueryKey = ['notifications', 'preferences'] as const;

/**
 * GET /api/v1/notification-preferences: every type with its label and whether it is emailed.
 * Reloaded when the member changes them elsewhere (the server sends a member only their own rows).
 */
export function useNotificationPreferences() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic('table:notification_preferences', () => {
    void queryClient.invalidateQueries({ queryKey: notificationPreferencesQueryKey });
  });
  return useQuery({
    queryKey: notificationPreferencesQueryKey,
    queryFn: ({ signal }) => api.call(getNotificationPreferences, { signal }),
  });
}
