import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { contentDisposition } from '../../platform/storage/serving.ts';
import { BULK_DECISION_MAX, createSongsService, SONG_PAGE_MAX } from './songs.service.ts';

export const songSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  status: z.string(),
  submitted_at: z.string(),
  submission_source: z.string().nullable(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  reviewed_by_me: z.boolean(),
  created_at: z.string(),
});
const security = [{ bearer: [] }];
const songParams = z.object({ id: z.uuid() });

export async function songsRoutes(app: App, ctx: AppContext) {
  const service = createSongsService(ctx);

  app.get(
    '/api/v1/songs',
    {
      schema: {
        tags: ['songs'],
        security,
        querystring: z.object({
          include_signed: z.enum(['true', 'false']).default('false'),
          limit: z.coerce.number().int().min(1).max(SONG_PAGE_MAX).default(50),
          cursor: z.string().max(200).optional(),
        }),
        response: { 200: z.object({ songs: z.array(songSchema), next_cursor: z.string().nullable() }) },
      },
    },
    async (req) =>
      service.list(await ctx.auth.requireMember(req), {
        includeSigned: req.query.include_signed === 'true',
        limit: req.query.limit,
        cursor: req.query.cursor,
      }),
  );

  app.post(
    '/api/v1/songs',
    {
      schema: {
        tags: ['songs'],
        security,
        body: z.object({
          id: z.uuid().optional(),
          title: z.string().trim().min(1, { message: 'Please enter a title' }).max(200),
          artist: z.string().trim().min(1, { message: 'Please enter an artist' }).max(200),
          submission_source: z
            .union([z.literal(''), z.email({ message: 'Please enter a valid email address' })])
            .nullish(),
          audio_file_key: z.string().min(1).max(500),
          waveform_file_key: z.string().min(1).max(500).nullish(),
        }),
        response: { 201: songSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await service.create(await ctx.auth.requireMember(req), req.body)),
  );

  app.put(
    '/api/v1/songs/:id/waveform',
    {
      schema: {
        tags: ['songs'],
        security,
        params: songParams,
        body: z.object({ waveform_file_key: z.string().min(1).max(500) }),
        response: { 200: songSchema },
      },
    },
    async (req) =>
      service.setWaveform(await ctx.auth.requireMember(req), req.params.id, req.body.waveform_file_key),
  );

  app.get(
    '/api/v1/songs/:id/waveform',
    {
      schema: {
        tags: ['songs'],
        security,
        description:
          "The current version's waveform JSON. As stored: Music Review's format (version 1, data " +
          'integers 0-255, silence 128). With format=audiowaveform: BBC audiowaveform JSON (version 2, ' +
          'signed -128..127) for peaks.js and waveform-data.',
        params: songParams,
        querystring: z.object({ format: z.enum(['audiowaveform']).optional() }),
      },
    },
    async (req, reply) => {
      const file = await service.waveform(
        await ctx.auth.requireMember(req),
        req.params.id,
        req.query.format ?? 'stored',
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', contentDisposition('application/json', file.filename))
        .header('cache-control', 'private, no-cache')
        .send(file.body);
    },
  );

  app.get(
    '/api/v1/songs/:id',
    { schema: { tags: ['songs'], security, params: songParams, response: { 200: songSchema } } },
    async (req) => service.get(await ctx.auth.requireMember(req), req.params.id),
  );

  app.post(
    '/api/v1/songs/decisions',
    {
      schema: {
        tags: ['songs'],
        security,
        body: z.object({
          song_ids: z
            .array(z.uuid({ message: 'song_ids: every id must be a song id (UUID)' }))
            .min(1, { message: 'song_ids: choose at least one song' })
            .max(BULK_DECISION_MAX, { message: `song_ids: at most ${BULK_DECISION_MAX} songs at once` }),
          status: z.enum(['signed', 'passed'], { message: "status: must be 'signed' or 'passed'" }),
        }),
        response: { 200: z.object({ updated: z.array(z.string()) }) },
      },
    },
    async (req) => service.decideMany(await ctx.auth.requireMember(req), req.body.song_ids, req.body.status),
  );

  app.post(
    '/api/v1/songs/:id/sign',
    { schema: { tags: ['songs'], security, params: songParams, response: { 200: songSchema } } },
    async (req) => service.decide(await ctx.auth.requireMember(req), req.params.id, 'signed'),
  );

  app.post(
    '/api/v1/songs/:id/pass',
    { schema: { tags: ['songs'], security, params: songParams, response: { 200: songSchema } } },
    async (req) => service.decide(await ctx.auth.requireMember(req), req.params.id, 'passed'),
  );
}
