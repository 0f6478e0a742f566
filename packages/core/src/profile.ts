import { z } from 'zod';

/**
 * The profile page (spec section 2, /profile): name, avatar, password change and the sessions list.
 * Shapes of /api/v1/profile shared by the server and the web app, and the texts users see.
 */

export const PROFILE_NAME_MAX = 100;

export const PROFILE_MESSAGES = {
  nameEmpty: 'Please enter your name',
  nameTooLong: `Name must be at most ${PROFILE_NAME_MAX} characters`,
  nameSaved: 'Name saved',
  currentPasswordMissing: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordSameAsCurrent: 'Choose a new password that differs from the current one',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  avatarType: 'Choose a PNG, JPEG or WebP image',
  avatarTooLarge: 'Choose an image under 5 MB',
  avatarSaved: 'Photo updated',
  avatarRemoved: 'Photo removed',
  avatarNotYours: 'avatar_key: must be an image uploaded for your own photo',
  sessionIsCurrent: 'This is the session you are using. Sign out from the user menu instead.',
  sessionNotFound: 'Session not found',
  sessionSignedOut: 'Session signed out',
  otherSessionsSignedOut: 'Signed out of all other sessions',
} as const;

export const profileNameSchema = z
  .string()
  .trim()
  .min(1, { message: PROFILE_MESSAGES.nameEmpty })
  .max(PROFILE_NAME_MAX, { message: PROFILE_MESSAGES.nameTooLong });

/** PATCH /api/v1/profile */
export const updateProfileBody = z.object({ name: profileNameSchema });

/** PUT /api/v1/profile/avatar: the storage key of an image uploaded through the presigned URL. */
export const setAvatarBody = z.object({ avatar_key: z.string().min(1).max(500) });

/** Avatars: the storage type `images` accepts these; the page checks the size before uploading. */
export const AVATAR_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** The storage key's id part for a member's avatar: `{organizationId}/images/avatar-{reviewerId}/{file}`. */
export const avatarStorageId = (reviewerId: string) => `avatar-${reviewerId}`;

/** Why an avatar file is refused before upload, or null when it may go. */
export function avatarFileError(file: { type: string; size: number }): string | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return PROFILE_MESSAGES.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return PROFILE_MESSAGES.avatarTooLarge;
  return null;
}

// The answers of /api/v1/profile are inferred from its contract.
export type { ProfileDto, SessionDto } from './contracts/profile.ts';

export const UNKNOWN_DEVICE = 'Unknown device';

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iOS browsers say "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on macOS" from a user agent; the browser or system alone when only one is known. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_DEVICE;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? UNKNOWN_DEVICE;
}
