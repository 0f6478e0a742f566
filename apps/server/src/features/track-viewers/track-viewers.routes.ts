import * as trackViewers from '@music-review/core/contracts/track-viewers';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createTrackViewersService } from './track-viewers.service.ts';

/**
 * Who is viewing a song (spec sections 3, 7 stop_viewing_track, 9): heartbeat, leave, list.
 * Contracts: packages/core/src/contracts/track-viewers.ts.
 */
export async function trackViewersRoutes(app: App, ctx: AppContext) {
  const service = createTrackViewersService(ctx);

  // The 204 answers carry no body: the handler sends the empty reply (the route set the status).
  route(app, ctx, trackViewers.sendTrackViewing, async ({ member, params, body, reply }) => {
    await service.view(member, params.id, body.page);
    return reply.send();
  });

  route(app, ctx, trackViewers.stopTrackViewing, async ({ member, params, reply }) => {
    await service.stop(member, params.id);
    return reply.send();
  });

  route(app, ctx, trackViewers.listTrackViewers, ({ member, params }) => service.list(member, params.id));
}
