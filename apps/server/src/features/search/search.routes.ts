import {
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_TOO_LONG_MESSAGE,
  SEARCH_TOO_SHORT_MESSAGE,
} from '@music-review/core/search';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { searchFixtureRoutes } from './search.e2e-fixtures.ts';
import { createSearchService } from './search.service.ts';

const security = [{ bearer: [] }];

const searchQuery = z.object({
  q: z
    .string({ message: SEARCH_TOO_SHORT_MESSAGE })
    .trim()
    .min(SEARCH_MIN_LENGTH, { message: SEARCH_TOO_SHORT_MESSAGE })
    .max(SEARCH_MAX_LENGTH, { message: SEARCH_TOO_LONG_MESSAGE }),
});

const resultsSchema = z.object({
  query: z.string(),
  songs: z.array(
    z.object({ id: z.string(), title: z.string(), artist: z.string().nullable(), status: z.string() }),
  ),
  artists: z.array(z.object({ name: z.string() })),
  contracts: z.array(
    z.object({
      id: z.string(),
      song_id: z.string(),
      song_title: z.string(),
      artist_name: z.string(),
      status: z.string(),
    }),
  ),
  metadata: z.array(
    z.object({
      id: z.string(),
      song_id: z.string(),
      song_title: z.string(),
      artist: z.string().nullable(),
      status: z.string(),
    }),
  ),
});

export async function searchRoutes(app: App, ctx: AppContext) {
  const service = createSearchService(ctx);

  app.get(
    '/api/v1/search',
    { schema: { tags: ['search'], security, querystring: searchQuery, response: { 200: resultsSchema } } },
    async (req) => service.search(await ctx.auth.requireMember(req), req.query.q),
  );

  await searchFixtureRoutes(app, ctx);
}
