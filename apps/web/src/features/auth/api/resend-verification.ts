import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /auth/v1/resend: sends the sign-up verification mail again. */
export function useResendVerification() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<Record<string, never>>('/auth/v1/resend', { type: 'signup', email }),
  });
}
