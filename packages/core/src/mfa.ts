import { type Factor, nextAssuranceLevel } from './auth.ts';

/**
 * Multi-factor authentication (spec section 7 "Authentication" factors, section 4 "Auth session"):
 * the answers, the texts users see and the rules, shared by the server and the web app. No zod here:
 * the login screen's code step loads this module (the request bodies are in mfa-schemas.ts).
 */

export const MFA_CODE_LENGTH = 6;
/** How long a challenge (and a texted code) stays usable. */
export const MFA_CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge takes before it is used up. */
export const MFA_CHALLENGE_MAX_ATTEMPTS = 5;
export const MFA_FRIENDLY_NAME_MAX = 60;
/** Factors one account may have, verified or not. */
export const MFA_MAX_FACTORS = 10;

export const MFA_MESSAGES = {
  sectionTitle: 'Two-factor authentication',
  sectionDescription:
    'Ask for a code from your phone as well as your password when you sign in. Your label’s music stays safe even if your password leaks.',
  stepTitle: 'Two-factor authentication',
  stepPromptTotp: 'Enter the 6-digit code from your authenticator app.',
  stepPromptPhone: 'Enter the 6-digit code we sent to your phone.',
  codeLabel: '6-digit code',
  codeFormat: 'Enter the 6-digit code',
  codeWrong: 'Invalid code. Please try again.',
  codeUsed: 'This code was already used. Wait for the next code and try again.',
  challengeExpired: 'This code has expired. Please request a new one.',
  mfaRequired: 'Enter the code from your second factor to continue.',
  insufficientAal: 'Confirm it’s you with your current second factor first.',
  phoneInvalid: 'Enter the phone number with its country code, e.g. +44 20 7946 0958',
  phoneMissing: 'Please enter a phone number',
  friendlyNameTooLong: `The name must be at most ${MFA_FRIENDLY_NAME_MAX} characters`,
  tooManyFactors: `You can have at most ${MFA_MAX_FACTORS} factors. Remove one first.`,
  factorNotFound: 'Factor not found',
  verifyFailed: 'Could not verify the code. Please try again.',
  enrollFailed: 'Could not add the factor. Please try again.',
  removeFailed: 'Could not remove the factor. Please try again.',
  loadFailed: 'Could not load your factors.',
  added: 'Two-factor authentication is on',
  removed: 'Factor removed',
} as const;

/** Error codes of the MFA answers (the web app turns them back into the texts above). */
export const MFA_ERROR_CODES = {
  /** An aal1 session of an account with a verified factor, on anything but /auth. */
  mfaRequired: 'mfa_required',
  /** Enrolling, removing, or verifying a new factor needs aal2 once a verified factor exists. */
  insufficientAal: 'insufficient_aal',
  verificationFailed: 'mfa_verification_failed',
  challengeExpired: 'mfa_challenge_expired',
} as const;

export type FactorType = Factor['factor_type'];

/** An account needs the code step: a verified factor exists and the session is not aal2 yet. */
export function isMfaPending(aal: 'aal1' | 'aal2', factors: Pick<Factor, 'status'>[]): boolean {
  return aal !== 'aal2' && nextAssuranceLevel(factors) === 'aal2';
}

/** "+44 20 7946-0958" -> "+442079460958"; null when it is not an international (E.164) number. */
export function normalizePhone(raw: string): string | null {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  const withPlus = compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
  return /^\+[1-9]\d{7,14}$/.test(withPlus) ? withPlus : null;
}

/** A phone number as shown back to its owner: only the last four digits. */
export function maskPhone(phone: string): string {
  return `•••• ${phone.slice(-4)}`;
}

// The answers of the factor endpoints are inferred from the auth API's contract (type-only: no zod here).
export type {
  FactorEnrollmentDto,
  MfaChallengeDto,
  PhoneEnrollmentDto,
  TotpEnrollmentDto,
  UnenrollFactorDto,
} from './contracts/auth.ts';
