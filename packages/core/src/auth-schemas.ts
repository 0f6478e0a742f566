import { z } from 'zod';
import { AUTH_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';

/** The auth API's request bodies (the texts and rules are in auth.ts, which the login screen loads without zod). */

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Please enter a valid email address' }));
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` });

export const signupBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().trim().min(1, { message: 'Please enter your name' }).max(100),
});
export const passwordGrantBody = z.object({
  email: z.string().max(320),
  password: z.string().max(PASSWORD_MAX * 4),
});
export const refreshGrantBody = z.object({ refresh_token: z.string().max(200).optional() });
export const recoverBody = z.object({ email: z.string().max(320) });
export const resendBody = z.object({ type: z.literal('signup'), email: z.string().max(320) });
/** A signed-in (not a reset) session must also prove the current password (profile page). */
export const updateUserBody = z.object({
  password: passwordSchema,
  current_password: z
    .string()
    .max(PASSWORD_MAX * 4)
    .optional(),
});

/**
 * An account as the auth API answers it (GET /auth/v1/user, a session's `user`) and as /api/v1/me
 * shows it: here rather than in the auth contract because both contracts answer it.
 */
export const authFactorSchema = z.object({
  id: z.string(),
  factor_type: z.enum(['totp', 'phone']),
  status: z.enum(['verified', 'unverified']),
  friendly_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const authUserSchema = z.object({
  id: z.string(),
  aud: z.literal('authenticated'),
  role: z.literal('authenticated'),
  email: z.string(),
  email_confirmed_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  user_metadata: z.record(z.string(), z.unknown()),
  factors: z.array(authFactorSchema),
});
