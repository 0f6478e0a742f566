import { updateNotificationPreferences } from '@music-review/core/contracts/notifications';
import type { NotificationType } from '@music-review/core/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { notificationPreferencesQueryKey } from './get-notification-preferences';

export interface PreferenceChange {
  type: NotificationType;
  email: boolean;
}

/** PUT /api/v1/notification-preferences with one changed type; answers every type. */
export function useUpdateNotificationPreference() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: PreferenceChange) =>
      api.call(updateNotificationPreferences, { body: { preferences: [change] } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationPreferencesQueryKey, answer),
  });
}
