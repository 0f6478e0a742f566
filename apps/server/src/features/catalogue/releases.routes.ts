import * as catalogue from '@music-review/core/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createCatalogueFilesService } from './catalogue-files.service.ts';
import { createReleasesService } from './releases.service.ts';

/**
 * The catalogue's endpoints for releases, Assign UPC and the artwork (contracts:
 * packages/core/src/contracts/).
 */
export async function releasesRoutes(app: App, ctx: AppContext) {
  const service = createReleasesService(ctx);
  const files = createCatalogueFilesService(ctx);

  route(app, ctx, catalogue.listReleases, ({ member, query }) =>
    service.list(member, { ...query, q: query.q || undefined }),
  );
  route(app, ctx, catalogue.getRelease, ({ member, params }) => service.get(member, params.id));
  route(app, ctx, catalogue.createRelease, ({ member, body }) => service.create(member, body));
  route(app, ctx, catalogue.updateRelease, ({ member, params, body }) =>
    service.update(member, params.id, body),
  );
  route(app, ctx, catalogue.deleteRelease, ({ member, params }) => service.remove(member, params.id));
  route(app, ctx, catalogue.assignUpc, ({ member, params }) => service.assignUpc(member, params.id));

  route(app, ctx, catalogue.presignReleaseArtwork, ({ member, params, body }) =>
    files.presignArtwork(member, params.id, body),
  );
  route(app, ctx, catalogue.attachReleaseArtwork, async ({ member, params, body }) => {
    await files.attachArtwork(member, params.id, body);
    return service.get(member, params.id);
  });
  route(app, ctx, catalogue.removeReleaseArtwork, async ({ member, params, query }) => {
    await files.removeArtwork(member, params.id, query.row_version);
    return service.get(member, params.id);
  });
}
