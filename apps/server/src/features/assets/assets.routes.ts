import * as assets from '@music-review/core/contracts/assets';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createAssetsService } from './assets.service.ts';

/**
 * Release and artist assets of a signed song, and its release readiness (issue 6; contracts:
 * packages/core/src/contracts/assets.ts).
 */
export async function assetsRoutes(app: App, ctx: AppContext) {
  const service = createAssetsService(ctx);

  route(app, ctx, assets.listSongAssets, ({ member, params }) => service.list(member, params.songId));

  route(app, ctx, assets.presignSongAsset, ({ member, params, body }) =>
    service.presign(member, params.songId, body),
  );

  route(app, ctx, assets.confirmSongAsset, ({ member, params, body }) =>
    service.confirm(member, params.songId, body.key),
  );

  route(app, ctx, assets.saveSongBioText, ({ member, params, body }) =>
    service.saveBioText(member, params.songId, body.text),
  );

  route(app, ctx, assets.restoreSongAsset, ({ member, params }) =>
    service.restore(member, params.songId, params.assetId),
  );

  route(app, ctx, assets.markReleaseReady, ({ member, params }) => service.markReady(member, params.songId));

  route(app, ctx, assets.unmarkReleaseReady, ({ member, params }) =>
    service.unmarkReady(member, params.songId),
  );
}
