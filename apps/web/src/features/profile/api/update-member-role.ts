import { updateTeamMember } from '@music-review/core/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';
import { teamQueryKey } from './get-team';

/** PATCH /api/v1/team/members/{id}: promote to Admin or demote to Member. */
export function useUpdateMemberRole() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, isAdmin }: { memberId: string; isAdmin: boolean }) =>
      api.call(updateTeamMember, { params: { id: memberId }, body: { is_admin: isAdmin } }),
    onSettled: async () => {
      // The caller's own role may be the one that changed.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
