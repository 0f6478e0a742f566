import { signOutOtherProfileSessions } from '@music-review/core/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { sessionsQueryKey } from './get-sessions';

/** POST /api/v1/profile/sessions/sign-out-others: every session but this one ends. */
export function useSignOutOtherSessions() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(signOutOtherProfileSessions),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
