import * as projectFolder from '@music-review/core/contracts/project-folder';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createProjectFolderService } from './project-folder.service.ts';

/** A signed song's project folder (issue 6; contracts: packages/core/src/contracts/project-folder.ts). */
export async function projectFolderRoutes(app: App, ctx: AppContext) {
  const service = createProjectFolderService(ctx);

  route(app, ctx, projectFolder.getProjectFolder, ({ member, params }) =>
    service.list(member, params.songId),
  );

  route(app, ctx, projectFolder.createProjectFolder, ({ member, params, body }) =>
    service.createFolder(member, params.songId, body),
  );
  // The 204 answers carry no body: the handler sends the empty reply (the route set the status).
  route(app, ctx, projectFolder.updateProjectFolder, async ({ member, params, body, reply }) => {
    await service.updateFolder(member, params.songId, params.id, body);
    return reply.send();
  });
  route(app, ctx, projectFolder.deleteProjectFolder, async ({ member, params, reply }) => {
    await service.deleteFolder(member, params.songId, params.id);
    return reply.send();
  });
  route(app, ctx, projectFolder.restoreProjectFolder, async ({ member, params, reply }) => {
    await service.restoreFolder(member, params.songId, params.id);
    return reply.send();
  });

  route(app, ctx, projectFolder.presignProjectFile, ({ member, params, body }) =>
    service.presignFile(member, params.songId, body),
  );
  route(app, ctx, projectFolder.confirmProjectFile, ({ member, params, body }) =>
    service.confirmFile(member, params.songId, body),
  );
  route(app, ctx, projectFolder.updateProjectFile, async ({ member, params, body, reply }) => {
    await service.updateFile(member, params.songId, params.id, body);
    return reply.send();
  });
  route(app, ctx, projectFolder.deleteProjectFile, async ({ member, params, reply }) => {
    await service.deleteFile(member, params.songId, params.id);
    return reply.send();
  });
  route(app, ctx, projectFolder.restoreProjectFile, async ({ member, params, reply }) => {
    await service.restoreFile(member, params.songId, params.id);
    return reply.send();
  });
}
