/**
 * The auth API (spec sections 4, 7 and 8): a Supabase-compatible subset under /auth/v1 (sign-up,
 * tokens by password or refresh cookie, the emailed links, the account's password, MFA factors and
 * the signing keys). The contract of each endpoint (packages/core/src/endpoint.ts). Handlers:
 * apps/server/src/features/auth/auth.routes.ts and mfa.routes.ts.
 */
import { z } from 'zod';
import {
  type authFactorSchema,
  authUserSchema,
  passwordGrantBody,
  recoverBody,
  refreshGrantBody,
  resendBody,
  signupBody,
  updateUserBody,
} from '../auth-schemas.ts';
import { uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { challengeFactorBody, enrollFactorBody, verifyFactorBody } from '../mfa-schemas.ts';

const session = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().meta({ description: 'Seconds the access token lives.' }),
  expires_at: z.number().meta({ description: 'When the access token expires, in Unix seconds.' }),
  user: authUserSchema,
});

/** The auth API's answer to a request that has nothing to say (Supabase answers `{}`). */
const empty = z.object({});

const totpEnrollment = z.object({
  id: z.string(),
  type: z.literal('totp'),
  friendly_name: z.string(),
  totp: z.object({
    qr_code: z.string().meta({ description: 'An SVG image as a data URL, for an <img>.' }),
    secret: z.string().meta({ description: 'Base32, for typing into an app by hand.' }),
    uri: z.string().meta({ description: 'The otpauth:// URI the QR code holds.' }),
  }),
});
const phoneEnrollment = z.object({
  id: z.string(),
  type: z.literal('phone'),
  friendly_name: z.string(),
  phone: z.string().meta({ description: 'The number in E.164 form.' }),
});
const enrollment = z.union([totpEnrollment, phoneEnrollment]);

const challenge = z.object({
  id: z.string(),
  type: z.enum(['totp', 'phone']),
  expires_at: z.number().meta({ description: 'Unix seconds.' }),
});

const unenrolled = z.object({ id: z.string() });

/**
 * A factor's id is a UUID, but one of any other shape answers 404 not_found like another account's
 * factor (the handler checks the shape), never a 400 that would tell the two apart: so the schema
 * documents the UUID and accepts any short string.
 */
// A malformed factor id answers like another account's factor: 404.
const factorParams = z.object({ id: uuidOr404('Factor not found') });

/**
 * One public signing key as a JSON Web Key (RFC 7517). The server's are ES256 keys, which carry
 * every member below; the members stay optional as in the JWK type they come from, and other
 * members pass through.
 */
const jwk = z
  .object({
    kty: z.string().optional(),
    kid: z.string().optional(),
    alg: z.string().optional(),
    use: z.string().optional(),
    crv: z.string().optional(),
    x: z.string().optional(),
    y: z.string().optional(),
  })
  .loose();
const jwks = z.object({ keys: z.array(jwk) });

export type Factor = z.infer<typeof authFactorSchema>;
export type AuthUser = z.infer<typeof authUserSchema>;
export type AuthSession = z.infer<typeof session>;
/** POST /auth/v1/factors, factor_type totp. */
export type TotpEnrollmentDto = z.infer<typeof totpEnrollment>;
/** POST /auth/v1/factors, factor_type phone. */
export type PhoneEnrollmentDto = z.infer<typeof phoneEnrollment>;
export type FactorEnrollmentDto = z.infer<typeof enrollment>;
/** POST /auth/v1/factors/{id}/challenge. */
export type MfaChallengeDto = z.infer<typeof challenge>;
/** DELETE /auth/v1/factors/{id}. */
export type UnenrollFactorDto = z.infer<typeof unenrolled>;

export const signUp = endpoint({
  operationId: 'signUp',
  summary:
    'Creates an unconfirmed account and mails its verification link (an address that has one answers alike)',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/signup',
  access: 'anonymous',
  body: signupBody,
  responses: { 200: z.object({ user: authUserSchema }) },
  errors: ['weak_password'],
});

export const issueAuthToken = endpoint({
  operationId: 'issueAuthToken',
  summary:
    'Opens a session with an email and password, or renews one with the refresh token (body or httpOnly cookie)',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/token',
  access: 'anonymous',
  query: z.object({ grant_type: z.enum(['password', 'refresh_token']) }),
  // Fastify validates a missing body as null: a browser refreshing by cookie sends none.
  // Null on a member of the union, not on the union: OpenAPI 3.0 has no type to put beside it.
  body: z.union([passwordGrantBody, refreshGrantBody.nullable()]).optional(),
  responses: { 200: session },
  errors: ['invalid_credentials', 'email_not_confirmed', 'invalid_grant'],
});

export const signOut = endpoint({
  operationId: 'signOut',
  summary: "Ends the caller's session and clears the refresh cookie",
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/logout',
  access: 'session',
  responses: { 204: null },
  errors: [],
});

export const recoverPassword = endpoint({
  operationId: 'recoverPassword',
  summary: 'Mails a password-reset link to the account of this address',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/recover',
  access: 'anonymous',
  body: recoverBody,
  responses: { 200: empty },
  errors: ['user_not_found'],
});

export const resendSignupEmail = endpoint({
  operationId: 'resendSignupEmail',
  summary: 'Mails the sign-up verification link again (the same answer whether or not it was sent)',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/resend',
  access: 'anonymous',
  body: resendBody,
  responses: { 200: empty },
  errors: [],
});

export const verifyEmailLink = endpoint({
  operationId: 'verifyEmailLink',
  summary:
    'The emailed link: confirms the address or opens a password-reset session, then redirects to the app',
  tag: 'auth',
  method: 'GET',
  path: '/auth/v1/verify',
  access: 'anonymous',
  query: z.object({
    token: z.string().max(200).default(''),
    type: z.enum(['signup', 'recovery']),
  }),
  responses: { 302: null },
  errors: [],
});

export const getAuthUser = endpoint({
  operationId: 'getAuthUser',
  summary: "The caller's account with its factors",
  tag: 'auth',
  method: 'GET',
  path: '/auth/v1/user',
  access: 'session',
  responses: { 200: authUserSchema },
  errors: [],
});

export const updateAuthUser = endpoint({
  operationId: 'updateAuthUser',
  summary:
    "Sets the account's password (a signed-in session proves the current one); every other session ends",
  tag: 'auth',
  method: 'PUT',
  path: '/auth/v1/user',
  access: 'session',
  body: updateUserBody,
  responses: { 200: authUserSchema },
  errors: ['mfa_required', 'invalid_credentials', 'weak_password'],
});

export const enrollFactor = endpoint({
  operationId: 'enrollFactor',
  summary: 'Adds an unverified factor: an authenticator app (its QR code and secret) or a phone',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/factors',
  access: 'session',
  body: enrollFactorBody,
  responses: { 200: enrollment },
  errors: ['insufficient_aal', 'conflict', 'bad_request'],
});

export const challengeFactor = endpoint({
  operationId: 'challengeFactor',
  summary: 'A challenge of one of the caller’s factors to answer with a code (a phone’s is texted now)',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/factors/:id/challenge',
  access: 'session',
  params: factorParams,
  // Fastify validates a missing body as null: a TOTP challenge needs none.
  body: challengeFactorBody.nullish(),
  responses: { 200: challenge },
  errors: ['not_found', 'bad_request'],
});

export const verifyFactor = endpoint({
  operationId: 'verifyFactor',
  summary:
    'Answers a challenge with its code: the factor is verified and the session raised to aal2 (a new session)',
  tag: 'auth',
  method: 'POST',
  path: '/auth/v1/factors/:id/verify',
  access: 'session',
  params: factorParams,
  body: verifyFactorBody,
  responses: { 200: session },
  errors: ['not_found', 'insufficient_aal', 'mfa_verification_failed', 'mfa_challenge_expired'],
});

export const unenrollFactor = endpoint({
  operationId: 'unenrollFactor',
  summary: 'Removes one of the caller’s factors',
  tag: 'auth',
  method: 'DELETE',
  path: '/auth/v1/factors/:id',
  access: 'session',
  params: factorParams,
  responses: { 200: unenrolled },
  errors: ['not_found', 'insufficient_aal'],
});

export const getSigningKeys = endpoint({
  operationId: 'getSigningKeys',
  summary: 'The public keys that verify access tokens (JWKS)',
  tag: 'auth',
  method: 'GET',
  path: '/auth/v1/.well-known/jwks.json',
  access: 'anonymous',
  responses: { 200: jwks },
  errors: [],
});
