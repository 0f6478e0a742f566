import { joinOrganization } from '@music-review/core/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** POST /api/v1/organizations/join: the caller joins as a member. Reloads /me after. */
export function useJoinOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => api.call(joinOrganization, { body: { invite_code: inviteCode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
