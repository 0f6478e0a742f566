import {
  confirmProjectFileBody,
  createFolderBody,
  presignProjectFileBody,
  updateFileBody,
  updateFolderBody,
} from '@music-review/core/project-folder';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createProjectFolderService } from './project-folder.service.ts';

const security = [{ bearer: [] }];
const tags = ['project-folder'];
const songParams = z.object({ songId: z.uuid({ message: 'songId: must be a song id' }) });
const itemParams = songParams.extend({ id: z.uuid({ message: 'id: must be an id' }) });

/** A signed song's project folder (issue 6). */
export async function projectFolderRoutes(app: App, ctx: AppContext) {
  const service = createProjectFolderService(ctx);
  const base = '/api/v1/songs/:songId/project-folder';
  const member = (req: Parameters<typeof ctx.auth.requireMember>[0]) => ctx.auth.requireMember(req);

  app.get(base, { schema: { tags, security, params: songParams } }, async (req) =>
    service.list(await member(req), req.params.songId),
  );

  app.post(
    `${base}/folders`,
    { schema: { tags, security, params: songParams, body: createFolderBody } },
    async (req, reply) =>
      reply.status(201).send(await service.createFolder(await member(req), req.params.songId, req.body)),
  );
  app.patch(
    `${base}/folders/:id`,
    { schema: { tags, security, params: itemParams, body: updateFolderBody } },
    async (req, reply) => {
      await service.updateFolder(await member(req), req.params.songId, req.params.id, req.body);
      return reply.status(204).send();
    },
  );
  app.delete(
    `${base}/folders/:id`,
    { schema: { tags, security, params: itemParams } },
    async (req, reply) => {
      await service.deleteFolder(await member(req), req.params.songId, req.params.id);
      return reply.status(204).send();
    },
  );
  app.post(
    `${base}/folders/:id/restore`,
    { schema: { tags, security, params: itemParams } },
    async (req, reply) => {
      await service.restoreFolder(await member(req), req.params.songId, req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    `${base}/uploads`,
    { schema: { tags, security, params: songParams, body: presignProjectFileBody } },
    async (req) => service.presignFile(await member(req), req.params.songId, req.body),
  );
  app.post(
    `${base}/files`,
    { schema: { tags, security, params: songParams, body: confirmProjectFileBody } },
    async (req, reply) =>
      reply.status(201).send(await service.confirmFile(await member(req), req.params.songId, req.body)),
  );
  app.patch(
    `${base}/files/:id`,
    { schema: { tags, security, params: itemParams, body: updateFileBody } },
    async (req, reply) => {
      await service.updateFile(await member(req), req.params.songId, req.params.id, req.body);
      return reply.status(204).send();
    },
  );
  app.delete(`${base}/files/:id`, { schema: { tags, security, params: itemParams } }, async (req, reply) => {
    await service.deleteFile(await member(req), req.params.songId, req.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${base}/files/:id/restore`,
    { schema: { tags, security, params: itemParams } },
    async (req, reply) => {
      await service.restoreFile(await member(req), req.params.songId, req.params.id);
      return reply.status(204).send();
    },
  );
}
