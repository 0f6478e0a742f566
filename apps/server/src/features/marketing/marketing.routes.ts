import {
  campaignInput,
  campaignPatch,
  generalIntakeData,
  pressPhotoKey,
  pressPhotoUploadInput,
  questionnaireData,
  questionnaireSubmission,
  taskInput,
  taskPatch,
} from '@music-review/core/marketing';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createMarketingService } from './marketing.service.ts';
import { createMarketingPhotosService } from './marketing-photos.service.ts';
import { createMarketingPublicService } from './marketing-public.service.ts';

const tags = ['marketing'];
const security = [{ bearer: [] }];
const songParams = z.object({ songId: z.string() });
const idParams = z.object({ id: z.string() });
const tokenParams = z.object({ token: z.string() });

/**
 * Marketing (issue 6): campaigns and tasks of a signed song, the questionnaire and intake links
 * (members), and the public questionnaire and intake pages' API (no session, token in the path).
 * The deadline reminders are a job (reminders.ts), started by main.ts.
 */
export async function marketingRoutes(app: App, ctx: AppContext) {
  const service = createMarketingService(ctx);
  const publicService = createMarketingPublicService(ctx);
  const photos = createMarketingPhotosService(ctx);

  app.get(
    '/api/v1/songs/:songId/marketing',
    { schema: { tags, security, params: songParams } },
    async (req) => service.songMarketing(await ctx.auth.requireMember(req), req.params.songId),
  );

  app.post(
    '/api/v1/songs/:songId/marketing/campaigns',
    { schema: { tags, security, params: songParams, body: campaignInput } },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.createCampaign(member, req.params.songId, req.body));
    },
  );

  app.patch(
    '/api/v1/marketing/campaigns/:id',
    { schema: { tags, security, params: idParams, body: campaignPatch } },
    async (req) => service.updateCampaign(await ctx.auth.requireMember(req), req.params.id, req.body),
  );

  app.delete(
    '/api/v1/marketing/campaigns/:id',
    { schema: { tags, security, params: idParams } },
    async (req, reply) => {
      await service.deleteCampaign(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/marketing/campaigns/:id/tasks',
    { schema: { tags, security, params: idParams, body: taskInput } },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.createTask(member, req.params.id, req.body));
    },
  );

  app.patch(
    '/api/v1/marketing/tasks/:id',
    { schema: { tags, security, params: idParams, body: taskPatch } },
    async (req) => service.updateTask(await ctx.auth.requireMember(req), req.params.id, req.body),
  );

  app.delete(
    '/api/v1/marketing/tasks/:id',
    { schema: { tags, security, params: idParams } },
    async (req, reply) => {
      await service.deleteTask(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/songs/:songId/marketing/questionnaire/links',
    { schema: { tags, security, params: songParams } },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.issueQuestionnaireLink(member, req.params.songId));
    },
  );

  app.delete(
    '/api/v1/marketing/links/:id',
    { schema: { tags, security, params: idParams } },
    async (req, reply) => {
      await service.revokeLink(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get('/api/v1/marketing/general', { schema: { tags, security } }, async (req) =>
    service.generalIntake(await ctx.auth.requireMember(req)),
  );

  app.post('/api/v1/marketing/general/links', { schema: { tags, security } }, async (req, reply) => {
    const member = await ctx.auth.requireMember(req);
    return reply.status(201).send(await service.issueGeneralLink(member));
  });

  // Public (no session): the token is the only credential.
  const publicTags = ['marketing (public)'];

  app.get(
    '/api/v1/public/marketing-forms/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => publicService.openQuestionnaire(req, req.params.token),
  );

  app.put(
    '/api/v1/public/marketing-forms/:token',
    { schema: { tags: publicTags, params: tokenParams, body: z.object({ data: questionnaireData }) } },
    async (req) => publicService.saveDraft(req, req.params.token, req.body.data),
  );

  app.post(
    '/api/v1/public/marketing-forms/:token/submit',
    { schema: { tags: publicTags, params: tokenParams, body: z.object({ data: questionnaireSubmission }) } },
    async (req) => publicService.submitQuestionnaire(req, req.params.token, req.body.data),
  );

  // Uploaded press photos: presigned PUT, confirmation, removal (the link is not spent).
  app.post(
    '/api/v1/public/marketing-forms/:token/photos/upload-url',
    { schema: { tags: publicTags, params: tokenParams, body: pressPhotoUploadInput } },
    async (req) => photos.uploadUrl(req, req.params.token, req.body),
  );

  app.post(
    '/api/v1/public/marketing-forms/:token/photos/confirm',
    { schema: { tags: publicTags, params: tokenParams, body: pressPhotoKey } },
    async (req, reply) => reply.status(201).send(await photos.confirm(req, req.params.token, req.body.key)),
  );

  app.delete(
    '/api/v1/public/marketing-forms/:token/photos',
    { schema: { tags: publicTags, params: tokenParams, querystring: pressPhotoKey } },
    async (req, reply) => {
      await photos.remove(req, req.params.token, req.query.key);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/public/marketing-general/:token',
    { schema: { tags: publicTags, params: tokenParams } },
    async (req) => publicService.openGeneral(req, req.params.token),
  );

  app.post(
    '/api/v1/public/marketing-general/:token/submit',
    { schema: { tags: publicTags, params: tokenParams, body: z.object({ data: generalIntakeData }) } },
    async (req, reply) =>
      reply.status(201).send(await publicService.submitGeneral(req, req.params.token, req.body.data)),
  );
}
