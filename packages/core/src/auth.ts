/**
 * Accounts and sessions: the texts users see, the shapes and the rules both sides share. No zod
 * here: the login screen's first load imports this module (the request bodies are in auth-schemas.ts).
 */

import type { Factor } from './contracts/auth.ts';

/** Spec section 8 "Login and reset": the exact texts users see. */
export const AUTH_MESSAGES = {
  missingCredentials: 'Please enter your email and password',
  invalidCredentials: 'Invalid email or password.',
  sessionFailed: 'Failed to establish session',
  resendSuccess: 'Verification email sent! Please check your inbox.',
  resendFailed: 'Failed to resend verification email',
  resetEmailMissing: 'Please enter your email address',
  resetNoAccount: 'No account found with this email address',
  resetSent: 'Password reset instructions have been sent to your email',
  resetFailed: 'Failed to send password reset email',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordsDiffer: 'Passwords do not match',
  passwordUpdated: 'Password updated',
  /** Mailed to an address's owner when someone signs up with it again (sign-up answers as if new). */
  signupAttemptSubject: 'Someone tried to sign up with your email address',
  linkInvalid: 'This link is invalid or has expired. Please request a new one.',
} as const;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const RESEND_COOLDOWN_SECONDS = 60;

/** A sign-in error means "unconfirmed email" when it carries one of these (spec section 8). */
export function isUnconfirmedEmailError(text: string | undefined | null): boolean {
  if (!text) return false;
  return /Email not confirmed|email_not_confirmed|unverified/i.test(text);
}

// The account and session shapes are inferred from the auth API's contract (type-only: no zod here).
export type { AuthSession, AuthUser, Factor } from './contracts/auth.ts';

/** Authenticator assurance: the next level is aal2 when any verified factor exists (spec section 4). */
export function nextAssuranceLevel(factors: Pick<Factor, 'status'>[]): 'aal1' | 'aal2' {
  return factors.some((f) => f.status === 'verified') ? 'aal2' : 'aal1';
}

/** Name for a new reviewer: metadata name, full name, or the email's local part (spec section 6). */
export function reviewerNameFor(email: string, metadata: Record<string, unknown>): string {
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
  return pick(metadata.name) ?? pick(metadata.full_name) ?? email.split('@')[0] ?? email;
}
