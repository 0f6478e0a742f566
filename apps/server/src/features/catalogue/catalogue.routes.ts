import * as catalogue from '@music-review/core/contracts/catalogue';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createAttentionService } from './attention.service.ts';
import { createCatalogueFilesService } from './catalogue-files.service.ts';
import { createLineageService } from './lineage.service.ts';
import { createAssignIsrcService } from './recordings.isrc.ts';
import { createRecordingsService } from './recordings.service.ts';
import { createMasterSplitsService } from './recordings.splits.ts';
import { createSavedViewsService } from './saved-views.service.ts';
import { createSettingsService } from './settings.service.ts';
import { createWorksService } from './works.service.ts';

/**
 * The catalogue's endpoints for recordings (and their master files), works, settings and UPC pool,
 * Needs attention, lineage and saved views (contract: packages/core/src/contracts/catalogue.ts). Releases: releases.routes.ts.
 */
export async function catalogueRoutes(app: App, ctx: AppContext) {
  const recordings = createRecordingsService(ctx);
  const splits = createMasterSplitsService(ctx);
  const isrc = createAssignIsrcService(ctx);
  const lineage = createLineageService(ctx);
  const works = createWorksService(ctx);
  const settings = createSettingsService(ctx);
  const attention = createAttentionService(ctx);
  const views = createSavedViewsService(ctx);
  const files = createCatalogueFilesService(ctx);

  route(app, ctx, catalogue.listRecordings, ({ member, query }) => recordings.list(member, query));
  route(app, ctx, catalogue.getRecording, ({ member, params }) => recordings.get(member, params.id));
  route(app, ctx, catalogue.createRecording, ({ member, body }) => recordings.create(member, body));
  route(app, ctx, catalogue.updateRecording, ({ member, params, body }) =>
    recordings.update(member, params.id, body),
  );
  route(app, ctx, catalogue.deleteRecording, ({ member, params }) => recordings.remove(member, params.id));
  route(app, ctx, catalogue.setMasterSplits, ({ member, params, body }) =>
    splits.set(member, params.id, body),
  );
  route(app, ctx, catalogue.assignIsrc, ({ member, params }) => isrc.assign(member, params.id));
  route(app, ctx, catalogue.bulkUpdateRecordings, ({ member, body }) => recordings.bulkUpdate(member, body));
  route(app, ctx, catalogue.getRecordingLineage, ({ member, params }) => lineage.get(member, params.id));
  route(app, ctx, catalogue.presignRecordingMaster, ({ member, params, body }) =>
    files.presignMaster(member, params.id, body),
  );
  route(app, ctx, catalogue.attachRecordingMaster, async ({ member, params, body }) => {
    await files.attachMaster(member, params.id, body);
    return recordings.get(member, params.id);
  });
  route(app, ctx, catalogue.removeRecordingMaster, async ({ member, params, query }) => {
    await files.removeMaster(member, params.id, query.row_version);
    return recordings.get(member, params.id);
  });

  route(app, ctx, catalogue.listWorks, ({ member, query }) => works.list(member, query));
  route(app, ctx, catalogue.getWork, ({ member, params }) => works.get(member, params.id));
  route(app, ctx, catalogue.createWork, ({ member, body }) => works.create(member, body));
  route(app, ctx, catalogue.updateWork, ({ member, params, body }) => works.update(member, params.id, body));
  route(app, ctx, catalogue.deleteWork, ({ member, params }) => works.remove(member, params.id));

  route(app, ctx, catalogue.getCatalogueSettings, ({ member }) => settings.get(member));
  route(app, ctx, catalogue.updateCatalogueSettings, ({ member, body }) => settings.update(member, body));
  route(app, ctx, catalogue.addUpcRange, ({ member, body }) => settings.addUpcRange(member, body));

  route(app, ctx, catalogue.getNeedsAttention, ({ member, query }) => attention.get(member, query));

  route(app, ctx, catalogue.listSavedViews, ({ member }) => views.list(member));
  route(app, ctx, catalogue.createSavedView, ({ member, body }) => views.create(member, body));
  route(app, ctx, catalogue.deleteSavedView, ({ member, params }) => views.remove(member, params.id));
}
