import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';
import type { MembershipDto } from './create-organization';

/** POST /api/v1/organizations/join: the caller joins as a member. Reloads /me after. */
export function useJoinOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) =>
      api.post<MembershipDto>('/api/v1/organizations/join', { invite_code: inviteCode }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
