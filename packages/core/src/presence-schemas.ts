import { z } from 'zod';

/**
 * The page-unload beacon's body (POST /api/presence/offline), apart from the presence contract
 * because the server reads it itself: a beacon is sent as text/plain, so its JSON is parsed and
 * checked by the handler, not by the route's body schema (presence.routes.ts).
 */

// An access token is a JWT: three base64url parts. Anything else is refused before any look-up.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The access token travels in the body (a beacon cannot set headers). */
export const presenceOfflineBeacon = z.object({
  access_token: z
    .string({ message: 'access_token: required' })
    .max(8192)
    .regex(JWT_SHAPE, { message: 'access_token: not an access token' }),
  /** The spec's fields; when given they must be the token's own reviewer and organization. */
  reviewer_id: z.string().max(64).optional(),
  organization_id: z.string().max(64).optional(),
});
export type PresenceOfflineBeacon = z.infer<typeof presenceOfflineBeacon>;
