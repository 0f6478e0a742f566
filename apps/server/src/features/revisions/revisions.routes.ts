import * as revisions from '@music-review/core/contracts/revisions';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { createRevisionsService } from './revisions.service.ts';

/** The revision request endpoints (contracts: packages/core/src/contracts/revisions.ts). */
export async function revisionsRoutes(app: App, ctx: AppContext) {
  const service = createRevisionsService(ctx);
  /**
   * The link of a public page's call (one public-link mechanism, purpose revision_upload): 429 past
   * the visitor's rate, 404 for an unknown token, 410 used, expired or withdrawn; the use is logged
   * as `action`.
   */
  const openLink = (req: FastifyRequest, token: string, action: string) =>
    openPublicLink(ctx, req, token, 'revision_upload', action);

  route(app, ctx, revisions.requestSongRevision, ({ member, params, body }) =>
    service.request(member, params.id, body?.message),
  );

  route(app, ctx, revisions.getRevisionUpload, async ({ params, req }) =>
    service.describe(await openLink(req, params.token, 'open')),
  );

  route(app, ctx, revisions.requestRevisionUploadUrl, async ({ params, body, req }) =>
    service.presignUpload(await openLink(req, params.token, 'upload_url'), body),
  );

  route(app, ctx, revisions.completeRevisionUpload, async ({ params, body, req }) =>
    service.complete(await openLink(req, params.token, 'submit_check'), body),
  );
}
