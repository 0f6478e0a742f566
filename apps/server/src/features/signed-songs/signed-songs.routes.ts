import * as signedSongs from '@music-review/core/contracts/signed-songs';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createSignedSongsService } from './signed-songs.service.ts';

/** The signed songs endpoints (contracts: packages/core/src/contracts/signed-songs.ts). */
export async function signedSongsRoutes(app: App, ctx: AppContext) {
  const service = createSignedSongsService(ctx);

  route(app, ctx, signedSongs.listSignedSongs, ({ member, query }) => {
    const { q, artist, stage, limit, offset } = query;
    return service.list(member, { q: q || undefined, artist: artist || undefined, stage, limit, offset });
  });

  route(app, ctx, signedSongs.getSignedSongOverview, ({ member, params }) =>
    service.overview(member, params.songId),
  );
}
