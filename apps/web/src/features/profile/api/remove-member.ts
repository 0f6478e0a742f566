import { removeTeamMember } from '@music-review/core/contracts/team';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';
import { teamQueryKey } from './get-team';

/** DELETE /api/v1/team/members/{id}: the member leaves the label at once. */
export function useRemoveMember() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => api.call(removeTeamMember, { params: { id: memberId } }),
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
        queryClient.invalidateQueries({ queryKey: meQueryKey }),
      ]);
    },
  });
}
