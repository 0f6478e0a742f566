import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /auth/v1/recover: mails a password-reset link that leads to /reset-password. */
export function useRecoverPassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (email: string) => api.post<Record<string, never>>('/auth/v1/recover', { email }),
  });
}
