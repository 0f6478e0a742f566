import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@music-review/core/auth';
import { updateAuthUser } from '@music-review/core/contracts/auth';
import { PROFILE_MESSAGES } from '@music-review/core/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-context';
import { sessionsQueryKey } from './get-sessions';

/** The form's rules, checked before anything is sent; each message belongs to one field. */
export const changePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, PROFILE_MESSAGES.currentPasswordMissing),
    password: z
      .string()
      .min(PASSWORD_MIN, AUTH_MESSAGES.passwordTooShort)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: AUTH_MESSAGES.passwordsDiffer })
  .refine((v) => !v.current_password || v.password !== v.current_password, {
    path: ['password'],
    message: PROFILE_MESSAGES.passwordSameAsCurrent,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/**
 * PUT /auth/v1/user with the current password: the server signs out every other session, so the
 * sessions list is read again.
 */
export function useChangePassword() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) =>
      api.call(updateAuthUser, {
        body: { password: input.password, current_password: input.current_password },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
