import { signUp } from '@music-review/core/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** POST /auth/v1/signup: creates an unconfirmed account and mails a verification link. */
export function useSignUp() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.call(signUp, { body: input }),
  });
}
