/**
 * Overview (spec "/overview"): every song of the label in one table, filtered, sorted and paged.
 * The contract of its endpoint (packages/core/src/endpoint.ts). Handler:
 * apps/server/src/features/overview/overview.routes.ts.
 */
import { z } from 'zod';
import { OVERVIEW_MINE, OVERVIEW_SORTS, OVERVIEW_STATUSES } from '../api.ts';
import { pagingQuery } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

/** The largest page GET /api/v1/overview answers. */
const OVERVIEW_PAGE_MAX = 200;

// The messages name their field in front: clients that read only the message (and the tests that
// pin it) see which parameter is wrong; `fields` carries each without it (decision 0020).
const oneOf = (field: string, values: readonly string[]) => ({
  message: `${field}: must be one of ${values.join(', ')}`,
});

const averages = z.object({
  musical: z.number().nullable(),
  artist: z.number().nullable(),
  overall: z.number().nullable(),
});

const overviewRow = z.object({
  id: z.string(),
  title: z.string(),
  artist: z
    .string()
    .nullable()
    .meta({ description: 'Once the viewer has reviewed the current version, or the song is signed.' }),
  status: z.string(),
  submitted_at: z.string(),
  days_left: z.number(),
  deadline_badge: z.string(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  review_count: z
    .number()
    .meta({ description: 'Distinct reviewers of the current version (useless marks included).' }),
  useless_count: z
    .number()
    .meta({ description: 'Of those, quick passes marked useless (left out of the averages).' }),
  reviewed_by_me: z.boolean(),
  averages: averages.nullable().meta({
    description:
      'One decimal, useless marks excluded. Null until the viewer has reviewed the current version (no anchoring), unless the song is decided or its review window has closed.',
  }),
  has_sixty_percent_reviews: z.boolean(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
});

const overview = z.object({
  songs: z.array(overviewRow),
  total: z.number().meta({ description: 'Rows matching the filters, for paging.' }),
  team_size: z.number(),
  sixty_percent_threshold: z.number(),
});

/** One row of GET /api/v1/overview. */
export type OverviewRowDto = z.infer<typeof overviewRow>;
export type OverviewDto = z.infer<typeof overview>;

export const getOverview = endpoint({
  operationId: 'getOverview',
  summary: "Every song of the label in one table: filtered, sorted and paged, with the team's counts",
  tag: 'overview',
  method: 'GET',
  path: '/api/v1/overview',
  access: 'member',
  query: z.object({
    q: z
      .string()
      .trim()
      .max(200, { message: 'q: at most 200 characters' })
      .optional()
      .meta({ description: 'The title (or, once reviewed, the artist) contains it.' }),
    status: z.enum(OVERVIEW_STATUSES, oneOf('status', OVERVIEW_STATUSES)).default('all'),
    ready: z
      .enum(['true', 'false'], oneOf('ready', ['true', 'false']))
      .default('false')
      .meta({ description: 'true: only songs at the 60 percent marker.' }),
    mine: z.enum(OVERVIEW_MINE, oneOf('mine', OVERVIEW_MINE)).default('all'),
    sort: z.enum(OVERVIEW_SORTS, oneOf('sort', OVERVIEW_SORTS)).default('submitted_at'),
    order: z.enum(['asc', 'desc'], oneOf('order', ['asc', 'desc'])).default('desc'),
    ...pagingQuery(OVERVIEW_PAGE_MAX),
  }),
  responses: { 200: overview },
  errors: [],
});
