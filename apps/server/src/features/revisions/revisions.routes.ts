import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { MAX_FILENAME_LENGTH } from '../../platform/storage/keys.ts';
import { createRevisionsService } from './revisions.service.ts';

const security = [{ bearer: [] }];
const MESSAGE_MAX = 2000;

const revisionRequestSchema = z.object({
  id: z.string(),
  song_id: z.string(),
  path: z.string(),
  token: z.string(),
  expires_at: z.string(),
  mailed_to: z.string().nullable(),
  created_at: z.string(),
});
const tokenParams = z.object({ token: z.string().max(200) });
const publicTags = ['revisions (public)'];

export async function revisionsRoutes(app: App, ctx: AppContext) {
  const service = createRevisionsService(ctx);

  app.post(
    '/api/v1/songs/:id/revision-requests',
    {
      schema: {
        tags: ['revisions'],
        security,
        params: z.object({ id: z.uuid() }),
        // No body at all is the same as no message.
        body: z
          .object({
            message: z
              .string()
              .max(MESSAGE_MAX, { message: `message: at most ${MESSAGE_MAX} characters` })
              .nullish(),
          })
          .nullish(),
        response: { 201: revisionRequestSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await service.request(await ctx.auth.requireMember(req), req.params.id, req.body?.message)),
  );

  app.get(
    '/api/v1/public/revision-uploads/:token',
    {
      schema: {
        tags: publicTags,
        params: tokenParams,
        response: {
          200: z.object({
            song_title: z.string(),
            organization_name: z.string(),
            message: z.string().nullable(),
            expires_at: z.string(),
            next_version_number: z.number(),
          }),
        },
      },
    },
    async (req) => service.describe(req, req.params.token),
  );

  app.post(
    '/api/v1/public/revision-uploads/:token/upload-url',
    {
      schema: {
        tags: publicTags,
        params: tokenParams,
        body: z.object({
          kind: z.enum(['audio', 'waveform'], { message: "kind: must be 'audio' or 'waveform'" }),
          filename: z
            .string()
            .min(1, { message: 'filename: required' })
            .max(4 * MAX_FILENAME_LENGTH),
          content_type: z.string().min(1, { message: 'content_type: required' }).max(200),
        }),
        response: { 200: z.object({ presigned_url: z.string(), key: z.string() }) },
      },
    },
    async (req) => service.presignUpload(req, req.params.token, req.body),
  );

  app.post(
    '/api/v1/public/revision-uploads/:token/complete',
    {
      schema: {
        tags: publicTags,
        params: tokenParams,
        body: z.object({
          audio_file_key: z.string().min(1, { message: 'audio_file_key: required' }).max(1024),
          waveform_file_key: z.string().min(1).max(1024).nullish(),
        }),
        response: { 200: z.object({ song_title: z.string(), version_number: z.number() }) },
      },
    },
    async (req) => service.complete(req, req.params.token, req.body),
  );
}
