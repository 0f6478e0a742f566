import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { organizationQueryKey } from '../../features/label-hub';
import { meQueryKey } from '../../lib/me';
import { useRealtimeClient, useRealtimeTopic } from '../../lib/realtime-context';

/** Someone joins, leaves or renames the label: the account and label summaries refresh at once. */
export function LiveAccountUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
  };
  useRealtimeTopic('table:reviewers', refresh);
  useRealtimeTopic('table:organizations', refresh);
  // Removed from the label by an admin: the server closes the socket with no_organization, and the
  // fresh /me (no label) takes the member to onboarding at once.
  const client = useRealtimeClient();
  useEffect(
    () =>
      client?.onError((error) => {
        if (error.code === 'no_organization') void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
    [client, queryClient],
  );
  return null;
}
