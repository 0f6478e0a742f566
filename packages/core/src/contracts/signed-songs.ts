/**
 * Signed Songs (spec section 2; issue 6): where each signed song stands on its way from signing to
 * release, and a song's Overview tab. The contract of each endpoint (packages/core/src/endpoint.ts).
 * Handlers: apps/server/src/features/signed-songs/signed-songs.routes.ts.
 */
import { z } from 'zod';
import { pagingQuery, uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { WORKFLOW_STAGES } from '../signed-songs.ts';

/** The largest page GET /api/v1/signed-songs answers. */
const SIGNED_SONGS_PAGE_MAX = 200;

// The messages name their field in front: clients that read only the message (and the tests that
// pin it) see which parameter is wrong; `fields` carries each without it (decision 0020).
const listQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, { message: 'q: at most 200 characters' })
    .optional()
    .meta({ description: 'The title or the artist contains it.' }),
  artist: z
    .string()
    .trim()
    .max(200, { message: 'artist: at most 200 characters' })
    .optional()
    .meta({ description: 'One artist, whatever the case.' }),
  stage: z
    .enum(WORKFLOW_STAGES, { message: `stage: must be one of ${WORKFLOW_STAGES.join(', ')}` })
    .optional(),
  ...pagingQuery(SIGNED_SONGS_PAGE_MAX),
});

const chip = z.object({
  key: z.enum(['contract', 'metadata', 'label_copy', 'assets', 'marketing']),
  name: z.string().meta({ description: 'The chip\'s name, e.g. "Contract".' }),
  value: z.string().meta({ description: 'Its state in words, e.g. "Partially signed".' }),
  tone: z.enum(['none', 'progress', 'done', 'problem']),
});

const signedSong = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string(),
  submitted_at: z.string(),
  artwork_url: z
    .string()
    .nullable()
    .meta({ description: 'A signed link to the current artwork (valid an hour), or null.' }),
  averages: z.object({
    musical: z.number().nullable(),
    artist: z.number().nullable(),
    overall: z.number().nullable(),
  }),
  stage: z.enum(WORKFLOW_STAGES),
  chips: z.array(chip),
});

const signedSongs = z.object({
  songs: z.array(signedSong),
  total: z.number().meta({ description: 'Songs matching the filters, for paging.' }),
  artists: z
    .array(z.string())
    .meta({ description: "Every artist among the label's signed songs (for the artist filter), sorted." }),
});

const signedSongOverview = signedSong.extend({
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
});

/** One of the five status chips of a signed song's card. */
export type WorkflowChip = z.infer<typeof chip>;
/** GET /api/v1/signed-songs: one card. */
export type SignedSongDto = z.infer<typeof signedSong>;
export type SignedSongsDto = z.infer<typeof signedSongs>;
/** GET /api/v1/signed-songs/{songId}: the Overview tab. */
export type SignedSongOverviewDto = z.infer<typeof signedSongOverview>;

export const listSignedSongs = endpoint({
  operationId: 'listSignedSongs',
  summary: "The label's signed songs with their workflow stage and status chips, filtered and paged",
  tag: 'signed-songs',
  method: 'GET',
  path: '/api/v1/signed-songs',
  access: 'member',
  query: listQuery,
  responses: { 200: signedSongs },
  errors: [],
});

export const getSignedSongOverview = endpoint({
  operationId: 'getSignedSongOverview',
  summary: "A signed song's Overview tab: its stage, what blocks its release and its counts",
  tag: 'signed-songs',
  method: 'GET',
  path: '/api/v1/signed-songs/:songId',
  access: 'member',
  params: z.object({ songId: uuid }),
  responses: { 200: signedSongOverview },
  errors: ['not_found'],
});
