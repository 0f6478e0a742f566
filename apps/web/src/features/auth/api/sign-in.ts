import { useMutation } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth/auth-context';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /auth/v1/token?grant_type=password; on success the store emits SIGNED_IN. */
export function useSignIn() {
  const store = useAuthStore();
  return useMutation({
    mutationFn: ({ email, password }: SignInInput) => store.signInWithPassword(email, password),
  });
}
