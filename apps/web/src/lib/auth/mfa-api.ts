import { challengeFactor, enrollFactor, unenrollFactor } from '@music-review/core/contracts/auth';
import type { EnrollFactorInput } from '@music-review/core/mfa-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../api-context';
import { meQueryKey } from '../me';
import { useAuthStore } from './auth-context';

/**
 * The factor calls of spec section 7, shared by the sign-in code step (features/auth) and the
 * profile's two-factor section (features/profile). The factor list itself comes with the session
 * (`session.user.factors`) and with /me (`user.factors`), so there is no list call here.
 */

/** POST /auth/v1/factors: a TOTP factor answers its QR code and secret; nothing is sent yet. */
export function useEnrollFactor() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EnrollFactorInput) => api.call(enrollFactor, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** POST /auth/v1/factors/{id}/challenge: for a phone, the code is texted now. */
export function useChallengeFactor() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (factorId: string) => api.call(challengeFactor, { params: { id: factorId }, body: {} }),
  });
}

export interface VerifyFactorInput {
  factorId: string;
  code: string;
  /** A challenge already made (phone: the texted code's); otherwise one is made first. */
  challengeId?: string;
}

/**
 * Answers a challenge with a code. The session becomes aal2 (the store emits MFA_CHALLENGE_VERIFIED)
 * and a new factor becomes verified.
 */
export function useVerifyFactor() {
  const api = useApiClient();
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ factorId, code, challengeId }: VerifyFactorInput) => {
      const id = challengeId ?? (await api.call(challengeFactor, { params: { id: factorId }, body: {} })).id;
      return store.verifyMfa(factorId, id, code);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** DELETE /auth/v1/factors/{id}. */
export function useUnenrollFactor() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (factorId: string) => api.call(unenrollFactor, { params: { id: factorId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
