/**
 * Reviews (spec section 2, Review Dashboard and a song's reviews): the contract of each endpoint
 * (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/reviews/reviews.routes.ts.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';

const uuid = z.uuid();
const score = z
  .number()
  .int()
  .min(1, { message: 'Scores go from 1 to 10' })
  .max(10, { message: 'Scores go from 1 to 10' });

const review = z.object({
  id: z.string(),
  song_id: z.string(),
  reviewer_id: z.string(),
  reviewer_name: z.string().nullable(),
  musical_score: z.number(),
  artist_score: z.number(),
  overall_score: z.number(),
  comment: z.string().nullable(),
  reviewed_at: z.string(),
  song_version_number: z.number(),
  is_useless: z.boolean().meta({
    description:
      'A quick pass ("Mark as useless"): scores 0, left out of every average, but it counts as the reviewer\'s review (the song leaves their pending list).',
  }),
});

const averages = z.object({
  musical: z.number().nullable(),
  artist: z.number().nullable(),
  overall: z.number().nullable(),
});

const card = z.object({
  id: z.string(),
  title: z.string(),
  artist: z
    .string()
    .nullable()
    .meta({ description: 'Only once the caller has reviewed the current version (spec section 2).' }),
  submitted_at: z.string(),
  deadline_at: z.string(),
  days_left: z.number(),
  deadline_badge: z.string(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  review_count: z.number(),
  reviewed_by_me: z.boolean(),
  averages: averages.nullable().meta({ description: 'One decimal; only on reviewed cards.' }),
  has_sixty_percent_reviews: z.boolean(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
});

const dashboard = z.object({
  pending: z.array(card),
  reviewed: z.array(card),
  pending_count: z.number(),
  reviewed_has_more: z
    .boolean()
    .meta({ description: 'True when the caller reviewed more songs than the dashboard lists.' }),
  reviewed_next_cursor: z
    .string()
    .nullable()
    .meta({ description: 'Where the next page of My Reviews starts; null without more.' }),
  team_size: z.number(),
  sixty_percent_threshold: z.number(),
});

const reviewedPage = z.object({
  reviewed: z.array(card),
  has_more: z.boolean(),
  next_cursor: z.string().nullable(),
});

const songReviews = z.object({
  current_version_number: z.number(),
  my_review: review.nullable(),
  current: z.array(review).meta({
    description:
      "The current version's reviews, the caller's own included: empty until the caller has submitted theirs.",
  }),
  hidden_count: z.number(),
  earlier: z.array(review),
});

export type ScoreAveragesDto = z.infer<typeof averages>;
/** One card of the review dashboard. */
export type ReviewCardDto = z.infer<typeof card>;
export type ReviewDashboardDto = z.infer<typeof dashboard>;
/** A further page of My Reviews, after a cursor. */
export type MyReviewsPageDto = z.infer<typeof reviewedPage>;
export type ReviewDto = z.infer<typeof review>;
export type SongReviewsDto = z.infer<typeof songReviews>;

export const getReviewDashboard = endpoint({
  operationId: 'getReviewDashboard',
  summary: "The caller's pending songs and latest 50 reviews, with the team's counts",
  tag: 'reviews',
  method: 'GET',
  path: '/api/v1/review-dashboard',
  access: 'member',
  responses: { 200: dashboard },
  errors: [],
});

export const listMyReviews = endpoint({
  operationId: 'listMyReviews',
  summary: 'A further page of My Reviews, after the cursor of the dashboard or of the last page',
  tag: 'reviews',
  method: 'GET',
  path: '/api/v1/review-dashboard/reviewed',
  access: 'member',
  query: z.object({ cursor: z.string().min(1).max(500) }),
  responses: { 200: reviewedPage },
  errors: ['bad_request'],
});

export const listSongReviews = endpoint({
  operationId: 'listSongReviews',
  summary:
    "A song's reviews: the caller's, the current version's (once the caller has reviewed) and earlier versions'",
  tag: 'reviews',
  method: 'GET',
  path: '/api/v1/songs/:id/reviews',
  access: 'member',
  params: z.object({ id: uuid }),
  responses: { 200: songReviews },
  errors: ['not_found'],
});

export const submitMyReview = endpoint({
  operationId: 'submitMyReview',
  summary:
    "Creates or edits the caller's review of the song's current version (201 the first time, 200 after)",
  tag: 'reviews',
  method: 'PUT',
  path: '/api/v1/songs/:id/reviews/mine',
  access: 'member',
  params: z.object({ id: uuid }),
  body: z.object({
    musical_score: score,
    artist_score: score,
    overall_score: score,
    comment: z.string().max(5000).nullish(),
  }),
  responses: { 200: review, 201: review },
  errors: ['not_found', 'conflict'],
});

export const markSongUseless = endpoint({
  operationId: 'markSongUseless',
  summary:
    "Records the caller's quick pass on the current version, replacing their review (201 the first time, 200 after)",
  tag: 'reviews',
  method: 'POST',
  path: '/api/v1/songs/:id/reviews/mine/useless',
  access: 'member',
  params: z.object({ id: uuid }),
  responses: { 200: review, 201: review },
  errors: ['not_found', 'conflict'],
});
