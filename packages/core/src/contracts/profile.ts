/**
 * The profile page (spec section 2, /profile): the caller's name and photo, and where the account is
 * signed in. The contract of each endpoint (packages/core/src/endpoint.ts). Handlers:
 * apps/server/src/features/profile/profile.routes.ts. The password is changed through the auth API
 * (contracts/auth.ts, updateAuthUser).
 */
import { z } from 'zod';
import { uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { setAvatarBody, updateProfileBody } from '../profile.ts';

const profile = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar_key: z.string().nullable(),
});

const session = z.object({
  id: z.string(),
  device: z.string().meta({
    description: '"Chrome on macOS", from the user agent; "Unknown device" when it says nothing useful.',
  }),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string().meta({ description: 'When the session last signed in or refreshed its token.' }),
  is_current: z.boolean().meta({ description: 'The session this request was made with ("This device").' }),
});

export type ProfileDto = z.infer<typeof profile>;
/** One signed-in session of the caller (GET /api/v1/profile/sessions). */
export type SessionDto = z.infer<typeof session>;

export const updateProfile = endpoint({
  operationId: 'updateProfile',
  summary: "Renames the caller (the name the label sees, and the account's)",
  tag: 'profile',
  method: 'PATCH',
  path: '/api/v1/profile',
  access: 'member',
  body: updateProfileBody,
  responses: { 200: profile },
  errors: ['not_found'],
});

export const setAvatar = endpoint({
  operationId: 'setAvatar',
  summary: "Makes an image uploaded through the presigned URL the caller's photo",
  tag: 'profile',
  method: 'PUT',
  path: '/api/v1/profile/avatar',
  access: 'member',
  body: setAvatarBody,
  responses: { 200: profile },
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type'],
});

export const removeAvatar = endpoint({
  operationId: 'removeAvatar',
  summary: "Removes the caller's photo (back to initials)",
  tag: 'profile',
  method: 'DELETE',
  path: '/api/v1/profile/avatar',
  access: 'member',
  responses: { 200: profile },
  errors: ['not_found'],
});

export const listProfileSessions = endpoint({
  operationId: 'listProfileSessions',
  summary: 'Where the account is signed in: its open sessions, this one first',
  tag: 'profile',
  method: 'GET',
  path: '/api/v1/profile/sessions',
  access: 'signed-in',
  responses: { 200: z.array(session) },
  errors: ['mfa_required'],
});

export const signOutProfileSession = endpoint({
  operationId: 'signOutProfileSession',
  summary: 'Signs out one of the account’s other sessions (its refresh token stops working)',
  tag: 'profile',
  method: 'DELETE',
  path: '/api/v1/profile/sessions/:id',
  access: 'signed-in',
  params: z.object({ id: uuid }),
  responses: { 204: null },
  errors: ['mfa_required', 'bad_request', 'not_found'],
});

export const signOutOtherProfileSessions = endpoint({
  operationId: 'signOutOtherProfileSessions',
  summary: 'Signs out every session of the account but this one',
  tag: 'profile',
  method: 'POST',
  path: '/api/v1/profile/sessions/sign-out-others',
  access: 'signed-in',
  responses: { 200: z.object({ signed_out: z.number().meta({ description: 'How many sessions ended.' }) }) },
  errors: ['mfa_required'],
});
