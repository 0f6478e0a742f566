import { updateAuthUser } from '@music-review/core/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useAuthStore } from '../../../lib/auth/auth-context';

/**
 * PUT /auth/v1/user with the new password, then one refresh: the recovery session's token may only
 * change the password, and the refresh after the change yields a normal session.
 */
export function useUpdatePassword() {
  const api = useApiClient();
  const store = useAuthStore();
  return useMutation({
    mutationFn: async (password: string) => {
      const user = await api.call(updateAuthUser, { body: { password } });
      let session = null;
      try {
        session = await store.refreshSession();
      } catch (error) {
        console.warn('Password updated, but the session could not be refreshed.', error);
      }
      return { user, session };
    },
  });
}
