import { WORKFLOW_STAGES } from '@music-review/core/signed-songs';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createSignedSongsService } from './signed-songs.service.ts';

export const SIGNED_SONGS_PAGE_MAX = 200;

const security = [{ bearer: [] }];

const listQuery = z.object({
  q: z.string().trim().max(200, { message: 'q: at most 200 characters' }).optional(),
  artist: z.string().trim().max(200, { message: 'artist: at most 200 characters' }).optional(),
  stage: z
    .enum(WORKFLOW_STAGES, { message: `stage: must be one of ${WORKFLOW_STAGES.join(', ')}` })
    .optional(),
  limit: z.coerce
    .number({ message: 'limit: must be a number' })
    .int({ message: 'limit: must be a whole number' })
    .min(1, { message: `limit: must be between 1 and ${SIGNED_SONGS_PAGE_MAX}` })
    .max(SIGNED_SONGS_PAGE_MAX, { message: `limit: must be between 1 and ${SIGNED_SONGS_PAGE_MAX}` })
    .default(50),
  offset: z.coerce
    .number({ message: 'offset: must be a number' })
    .int({ message: 'offset: must be a whole number' })
    .min(0, { message: 'offset: must be 0 or more' })
    .max(1_000_000, { message: 'offset: at most 1000000' })
    .default(0),
});

const chip = z.object({
  key: z.enum(['contract', 'metadata', 'label_copy', 'assets', 'marketing']),
  name: z.string(),
  value: z.string(),
  tone: z.enum(['none', 'progress', 'done', 'problem']),
});
const song = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  submitted_at: z.string(),
  artwork_url: z.string().nullable(),
  averages: z.object({
    musical: z.number().nullable(),
    artist: z.number().nullable(),
    overall: z.number().nullable(),
  }),
  stage: z.enum(WORKFLOW_STAGES),
  chips: z.array(chip),
});

export async function signedSongsRoutes(app: App, ctx: AppContext) {
  const service = createSignedSongsService(ctx);

  app.get(
    '/api/v1/signed-songs',
    {
      schema: {
        tags: ['signed-songs'],
        security,
        querystring: listQuery,
        response: {
          200: z.object({ songs: z.array(song), total: z.number(), artists: z.array(z.string()) }),
        },
      },
    },
    async (req) => {
      const member = await ctx.auth.requireMember(req);
      const { q, artist, stage, limit, offset } = req.query;
      return service.list(member, { q: q || undefined, artist: artist || undefined, stage, limit, offset });
    },
  );

  app.get(
    '/api/v1/signed-songs/:songId',
    {
      schema: {
        tags: ['signed-songs'],
        security,
        params: z.object({ songId: z.uuid({ message: 'songId: must be a UUID' }) }),
        response: {
          200: song.extend({
            stage_index: z.number(),
            blockers: z.array(z.string()),
            counts: z.object({
              contracts: z.number(),
              campaigns: z.number(),
              open_tasks: z.number(),
              assets: z.number(),
              project_files: z.number(),
            }),
            release_ready_at: z.string().nullable(),
          }),
        },
      },
    },
    async (req) => service.overview(await ctx.auth.requireMember(req), req.params.songId),
  );
}
