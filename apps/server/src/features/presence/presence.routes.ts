import * as presence from '@music-review/core/contracts/presence';
import { presenceOfflineBeacon } from '@music-review/core/presence-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { errorResponses, route, securityOf } from '../../platform/endpoint-route.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createPresenceService } from './presence.service.ts';

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
  const parsed = presenceOfflineBeacon.safeParse(value);
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

/** The presence endpoints (contracts: packages/core/src/contracts/presence.ts). */
export async function presenceRoutes(app: App, ctx: AppContext) {
  const service = createPresenceService(ctx);

  route(app, ctx, presence.sendPresenceHeartbeat, ({ member, body }) => service.heartbeat(member, body));

  route(app, ctx, presence.listTeamPresence, ({ member }) => service.list(member));

  /**
   * The page-unload beacon (spec section 7). navigator.sendBeacon cannot set an Authorization header
   * and the refresh cookie is scoped to /auth/v1, so the page sends its current access token in the
   * body. It is checked exactly like a bearer token (signature, expiry, open session), by handing it
   * to the same request authentication.
   *
   * It stays on Fastify's own registration, with its schema built from its contract, because
   * `route()` cannot give it the small body limit a beacon needs, and its body (text/plain or JSON)
   * is read here rather than by a body schema, so that a bad token answers 401 like a bad header.
   */
  const beacon = presence.sendPresenceOfflineBeacon;
  app.post(
    beacon.path,
    {
      bodyLimit: 16 * 1024,
      schema: {
        operationId: beacon.operationId,
        summary: beacon.summary,
        tags: [beacon.tag],
        security: securityOf(beacon.access),
        response: { 204: z.null().meta({ description: 'No content' }), ...errorResponses(beacon) },
      },
    },
    async (req, reply) => {
      const body = readBeacon(req.body);
      req.headers.authorization = `Bearer ${body.access_token}`;
      const member = await ctx.auth.requireMember(req);
      await service.beaconOffline(member, body);
      // No body: a 204 carries none (the declared schema is null).
      return reply.status(204).send(null);
    },
  );
}
