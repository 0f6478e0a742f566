import * as marketing from '@music-review/core/contracts/marketing';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { openPublicLink } from '../../platform/public-links/open-link.ts';
import { createMarketingService } from './marketing.service.ts';
import { createMarketingPhotosService } from './marketing-photos.service.ts';
import { createMarketingPublicService } from './marketing-public.service.ts';

/**
 * Marketing (issue 6): campaigns and tasks of a signed song, the questionnaire and intake links
 * (members), and the public questionnaire and intake pages' API (no session, token in the path).
 * The deadline reminders are a job (reminders.ts), started by main.ts. Contracts:
 * packages/core/src/contracts/marketing.ts.
 */
export async function marketingRoutes(app: App, ctx: AppContext) {
  const service = createMarketingService(ctx);
  const publicService = createMarketingPublicService(ctx);
  const photos = createMarketingPhotosService(ctx);

  route(app, ctx, marketing.getSongMarketing, ({ member, params }) =>
    service.songMarketing(member, params.songId),
  );

  route(app, ctx, marketing.createMarketingCampaign, ({ member, params, body }) =>
    service.createCampaign(member, params.songId, body),
  );

  route(app, ctx, marketing.updateMarketingCampaign, ({ member, params, body }) =>
    service.updateCampaign(member, params.id, body),
  );

  route(app, ctx, marketing.deleteMarketingCampaign, async ({ member, params, reply }) => {
    await service.deleteCampaign(member, params.id);
    return reply.send();
  });

  route(app, ctx, marketing.createMarketingTask, ({ member, params, body }) =>
    service.createTask(member, params.id, body),
  );

  route(app, ctx, marketing.updateMarketingTask, ({ member, params, body }) =>
    service.updateTask(member, params.id, body),
  );

  route(app, ctx, marketing.deleteMarketingTask, async ({ member, params, reply }) => {
    await service.deleteTask(member, params.id);
    return reply.send();
  });

  route(app, ctx, marketing.issueMarketingQuestionnaireLink, ({ member, params }) =>
    service.issueQuestionnaireLink(member, params.songId),
  );

  route(app, ctx, marketing.revokeMarketingLink, async ({ member, params, reply }) => {
    await service.revokeLink(member, params.id);
    return reply.send();
  });

  route(app, ctx, marketing.getMarketingGeneralIntake, ({ member }) => service.generalIntake(member));

  route(app, ctx, marketing.issueMarketingGeneralLink, ({ member }) => service.issueGeneralLink(member));

  // Public (no session): the token is the only credential. Each route opens its link for the page's
  // purpose, logged as the page's action, before the service reads anything (rate limit, then 404
  // or 410 for a link that cannot be used).
  const questionnaireLink = (req: FastifyRequest, token: string, action: string) =>
    openPublicLink(ctx, req, token, 'marketing_form', action);
  const generalLink = (req: FastifyRequest, token: string, action: string) =>
    openPublicLink(ctx, req, token, 'marketing_general', action);

  route(app, ctx, marketing.openMarketingQuestionnaire, async ({ params, req }) =>
    publicService.openQuestionnaire(await questionnaireLink(req, params.token, 'open')),
  );

  route(app, ctx, marketing.saveMarketingQuestionnaireDraft, async ({ params, body, req }) =>
    publicService.saveDraft(await questionnaireLink(req, params.token, 'save'), body.data),
  );

  route(app, ctx, marketing.submitMarketingQuestionnaire, async ({ params, body, req }) =>
    publicService.submitQuestionnaire(await questionnaireLink(req, params.token, 'submit'), body.data),
  );

  // Uploaded press photos: presigned PUT, confirmation, removal (the link is not spent).
  route(app, ctx, marketing.createPressPhotoUploadUrl, async ({ params, body, req }) =>
    photos.uploadUrl(await questionnaireLink(req, params.token, 'photo_upload'), body),
  );

  route(app, ctx, marketing.confirmPressPhoto, async ({ params, body, req }) =>
    photos.confirm(await questionnaireLink(req, params.token, 'photo_confirm'), body.key),
  );

  route(app, ctx, marketing.removePressPhoto, async ({ params, query, req, reply }) => {
    await photos.remove(await questionnaireLink(req, params.token, 'photo_remove'), query.key);
    return reply.send();
  });

  route(app, ctx, marketing.openMarketingGeneralIntake, async ({ params, req }) =>
    publicService.openGeneral(await generalLink(req, params.token, 'open')),
  );

  route(app, ctx, marketing.submitMarketingGeneralIntake, async ({ params, body, req }) =>
    publicService.submitGeneral(await generalLink(req, params.token, 'submit'), body.data),
  );
}
