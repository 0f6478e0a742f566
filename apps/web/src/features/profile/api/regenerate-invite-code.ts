import { regenerateInviteCode, type TeamDto } from '@music-review/core/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';
import { teamQueryKey } from './get-team';

/** POST /api/v1/team/invite-code: a new code; the old one stops working. */
export function useRegenerateInviteCode() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(regenerateInviteCode),
    onSuccess: async ({ invite_code }) => {
      queryClient.setQueryData<TeamDto>(teamQueryKey, (team) => (team ? { ...team, invite_code } : team));
      // /me carries the code for admins too.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
