import { signOutProfileSession } from '@music-review/core/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/v1/profile/sessions/{id}: that device is signed out (its refresh token stops working). */
export function useSignOutSession() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => api.call(signOutProfileSession, { params: { id: sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
