import { resendSignupEmail } from '@music-review/core/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /auth/v1/resend: sends the sign-up verification mail again. */
export function useResendVerification() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (email: string) => api.call(resendSignupEmail, { body: { type: 'signup', email } }),
  });
}
