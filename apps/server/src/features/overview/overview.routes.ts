import { OVERVIEW_MINE, OVERVIEW_SORTS, OVERVIEW_STATUSES } from '@music-review/core/api';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createOverviewService } from './overview.service.ts';

export const OVERVIEW_PAGE_MAX = 200;

const security = [{ bearer: [] }];
const oneOf = (field: string, values: readonly string[]) => ({
  message: `${field}: must be one of ${values.join(', ')}`,
});

const overviewQuery = z.object({
  q: z.string().trim().max(200, { message: 'q: at most 200 characters' }).optional(),
  status: z.enum(OVERVIEW_STATUSES, oneOf('status', OVERVIEW_STATUSES)).default('all'),
  ready: z.enum(['true', 'false'], oneOf('ready', ['true', 'false'])).default('false'),
  mine: z.enum(OVERVIEW_MINE, oneOf('mine', OVERVIEW_MINE)).default('all'),
  sort: z.enum(OVERVIEW_SORTS, oneOf('sort', OVERVIEW_SORTS)).default('submitted_at'),
  order: z.enum(['asc', 'desc'], oneOf('order', ['asc', 'desc'])).default('desc'),
  limit: z.coerce
    .number({ message: 'limit: must be a number' })
    .int({ message: 'limit: must be a whole number' })
    .min(1, { message: `limit: must be between 1 and ${OVERVIEW_PAGE_MAX}` })
    .max(OVERVIEW_PAGE_MAX, { message: `limit: must be between 1 and ${OVERVIEW_PAGE_MAX}` })
    .default(50),
  offset: z.coerce
    .number({ message: 'offset: must be a number' })
    .int({ message: 'offset: must be a whole number' })
    .min(0, { message: 'offset: must be 0 or more' })
    .max(1_000_000, { message: 'offset: at most 1000000' })
    .default(0),
});

const averages = z.object({
  musical: z.number().nullable(),
  artist: z.number().nullable(),
  overall: z.number().nullable(),
});
const overviewRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  status: z.string(),
  submitted_at: z.string(),
  days_left: z.number(),
  deadline_badge: z.string(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  review_count: z.number(),
  useless_count: z.number(),
  reviewed_by_me: z.boolean(),
  averages: averages.nullable(),
  has_sixty_percent_reviews: z.boolean(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
});

export async function overviewRoutes(app: App, ctx: AppContext) {
  const service = createOverviewService(ctx);

  app.get(
    '/api/v1/overview',
    {
      schema: {
        tags: ['overview'],
        security,
        querystring: overviewQuery,
        response: {
          200: z.object({
            songs: z.array(overviewRowSchema),
            total: z.number(),
            team_size: z.number(),
            sixty_percent_threshold: z.number(),
          }),
        },
      },
    },
    async (req) => {
      const { q, ready, ...rest } = req.query;
      return service.list(await ctx.auth.requireMember(req), {
        ...rest,
        q: q || undefined,
        ready: ready === 'true',
      });
    },
  );
}
