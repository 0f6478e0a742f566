import { bioTextBody, confirmAssetBody, presignAssetBody } from '@music-review/core/assets';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createAssetsService } from './assets.service.ts';

const security = [{ bearer: [] }];
const tags = ['assets'];
const songParams = z.object({ songId: z.uuid({ message: 'songId: must be a song id' }) });
const assetParams = songParams.extend({ assetId: z.uuid({ message: 'assetId: must be an asset id' }) });

/** Release and artist assets of a signed song, and its release readiness (issue 6). */
export async function assetsRoutes(app: App, ctx: AppContext) {
  const service = createAssetsService(ctx);
  const base = '/api/v1/songs/:songId';

  app.get(`${base}/assets`, { schema: { tags, security, params: songParams } }, async (req) =>
    service.list(await ctx.auth.requireMember(req), req.params.songId),
  );

  app.post(
    `${base}/assets/uploads`,
    { schema: { tags, security, params: songParams, body: presignAssetBody } },
    async (req) => service.presign(await ctx.auth.requireMember(req), req.params.songId, req.body),
  );

  app.post(
    `${base}/assets`,
    { schema: { tags, security, params: songParams, body: confirmAssetBody } },
    async (req, reply) => {
      const asset = await service.confirm(await ctx.auth.requireMember(req), req.params.songId, req.body.key);
      return reply.status(201).send(asset);
    },
  );

  app.post(
    `${base}/assets/bio-text`,
    { schema: { tags, security, params: songParams, body: bioTextBody } },
    async (req, reply) => {
      const asset = await service.saveBioText(
        await ctx.auth.requireMember(req),
        req.params.songId,
        req.body.text,
      );
      return reply.status(201).send(asset);
    },
  );

  app.post(
    `${base}/assets/:assetId/restore`,
    { schema: { tags, security, params: assetParams } },
    async (req, reply) => {
      const asset = await service.restore(
        await ctx.auth.requireMember(req),
        req.params.songId,
        req.params.assetId,
      );
      return reply.status(201).send(asset);
    },
  );

  app.put(`${base}/release-readiness`, { schema: { tags, security, params: songParams } }, async (req) =>
    service.markReady(await ctx.auth.requireMember(req), req.params.songId),
  );

  app.delete(`${base}/release-readiness`, { schema: { tags, security, params: songParams } }, async (req) =>
    service.unmarkReady(await ctx.auth.requireMember(req), req.params.songId),
  );
}
