import { trackViewingBody } from '@music-review/core/track-viewers';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createTrackViewersService } from './track-viewers.service.ts';

const security = [{ bearer: [] }];
const tags = ['presence'];
const params = z.object({ id: z.uuid({ message: 'id: must be a song id' }) });

const viewerSchema = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  avatar_key: z.string().nullable(),
  page: z.string(),
  last_activity: z.string(),
});

/** Who is viewing a song (spec sections 3, 7 stop_viewing_track, 9): heartbeat, leave, list. */
export async function trackViewersRoutes(app: App, ctx: AppContext) {
  const service = createTrackViewersService(ctx);

  app.put(
    '/api/v1/songs/:id/viewers',
    { schema: { tags, security, params, body: trackViewingBody } },
    async (req, reply) => {
      await service.view(await ctx.auth.requireMember(req), req.params.id, req.body.page);
      return reply.status(204).send();
    },
  );

  app.delete('/api/v1/songs/:id/viewers', { schema: { tags, security, params } }, async (req, reply) => {
    await service.stop(await ctx.auth.requireMember(req), req.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/api/v1/songs/:id/viewers',
    { schema: { tags, security, params, response: { 200: z.array(viewerSchema) } } },
    async (req) => service.list(await ctx.auth.requireMember(req), req.params.id),
  );
}
