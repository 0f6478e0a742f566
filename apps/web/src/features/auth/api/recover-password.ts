import { recoverPassword } from '@music-review/core/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /auth/v1/recover: mails a password-reset link that leads to /reset-password. */
export function useRecoverPassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (email: string) => api.call(recoverPassword, { body: { email } }),
  });
}
