import {
  CURRENT_ACTIVITY_MAX,
  PRESENCE_OFFLINE_BEACON_PATH,
  PRESENCE_STATUSES,
  VIEWING_PAGES,
} from '@music-review/core/presence';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createPresenceService } from './presence.service.ts';

const security = [{ bearer: [] }];
const tags = ['presence'];
const statusSchema = z.enum(PRESENCE_STATUSES, { message: "status: must be 'online', 'away' or 'offline'" });

const memberSchema = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(PRESENCE_STATUSES),
  is_online: z.boolean(),
  last_seen: z.string().nullable(),
  current_activity: z.string().nullable(),
  viewing: z
    .object({ song_id: z.string(), song_title: z.string(), page: z.string(), last_activity: z.string() })
    .nullable(),
});

// An access token is a JWT: three base64url parts. Anything else is refused before any look-up.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const beaconSchema = z.object({
  access_token: z
    .string({ message: 'access_token: required' })
    .max(8192)
    .regex(JWT_SHAPE, { message: 'access_token: not an access token' }),
  reviewer_id: z.string().max(64).optional(),
  organization_id: z.string().max(64).optional(),
});

/** A beacon's body: JSON, sent as text/plain (sendBeacon with a string) or application/json. */
function readBeacon(body: unknown) {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new AppError('validation_failed', 'The beacon body must be JSON');
    }
  }
  const parsed = beaconSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    // A missing or malformed token is an authentication failure, like a missing bearer header.
    if (issue?.path[0] === 'access_token') {
      throw new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
    }
    throw new AppError('validation_failed', issue?.message ?? 'Invalid beacon');
  }
  return parsed.data;
}

export async function presenceRoutes(app: App, ctx: AppContext) {
  const service = createPresenceService(ctx);

  app.put(
    '/api/v1/presence',
    {
      schema: {
        tags,
        security,
        body: z.object({
          status: statusSchema,
          current_activity: z
            .string()
            .max(CURRENT_ACTIVITY_MAX, {
              message: `current_activity: at most ${CURRENT_ACTIVITY_MAX} characters`,
            })
            .nullish(),
          viewing: z
            .object({
              song_id: z.uuid({ message: 'viewing.song_id: not a song id' }),
              page: z.enum(VIEWING_PAGES, {
                message: `viewing.page: must be one of ${VIEWING_PAGES.join(', ')}`,
              }),
            })
            .nullish(),
        }),
        response: { 200: z.object({ status: statusSchema, last_seen: z.string() }) },
      },
    },
    async (req) => service.heartbeat(await ctx.auth.requireMember(req), req.body),
  );

  app.get(
    '/api/v1/presence',
    {
      schema: {
        tags,
        security,
        response: { 200: z.object({ members: z.array(memberSchema), online_count: z.number() }) },
      },
    },
    async (req) => service.list(await ctx.auth.requireMember(req)),
  );

  /**
   * The page-unload beacon (spec section 7). navigator.sendBeacon cannot set an Authorization header
   * and the refresh cookie is scoped to /auth/v1, so the page sends its current access token in the
   * body. It is checked exactly like a bearer token (signature, expiry, open session), by handing it
   * to the same request authentication.
   */
  app.post(
    PRESENCE_OFFLINE_BEACON_PATH,
    {
      bodyLimit: 16 * 1024,
      schema: { tags, summary: 'Page-unload beacon: the access token is in the body' },
    },
    async (req, reply) => {
      const beacon = readBeacon(req.body);
      req.headers.authorization = `Bearer ${beacon.access_token}`;
      const member = await ctx.auth.requireMember(req);
      await service.beaconOffline(member, beacon);
      return reply.status(204).send();
    },
  );
}
