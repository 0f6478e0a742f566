import { useQueryClient } from '@tanstack/react-query';
import { organizationQueryKey } from '../../features/label-hub/api/get-organization';
import { meQueryKey } from '../../lib/me';
import { useRealtimeTopic } from '../../lib/realtime-context';

/** Someone joins, leaves or renames the label: the account and label summaries refresh at once. */
export function LiveAccountUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: organizationQueryKey });
  };
  useRealtimeTopic('table:reviewers', refresh);
  useRealtimeTopic('table:organizations', refresh);
  return null;
}
