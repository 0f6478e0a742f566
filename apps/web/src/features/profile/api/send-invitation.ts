import { sendTeamInvitation } from '@music-review/core/contracts/team';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /api/v1/team/invitations: mails the invitation code and a join link. */
export function useSendInvitation() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (email: string) => api.call(sendTeamInvitation, { body: { email } }),
  });
}
