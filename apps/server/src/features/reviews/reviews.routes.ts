import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createReviewsService } from './reviews.service.ts';

const security = [{ bearer: [] }];
const score = z
  .number()
  .int()
  .min(1, { message: 'Scores go from 1 to 10' })
  .max(10, { message: 'Scores go from 1 to 10' });
const reviewSchema = z.object({
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
  is_useless: z.boolean(),
});
const averages = z.object({
  musical: z.number().nullable(),
  artist: z.number().nullable(),
  overall: z.number().nullable(),
});
const cardSchema = z.object({
  id: z.string(),
  title: z.string(),
  artist: z.string().nullable(),
  submitted_at: z.string(),
  deadline_at: z.string(),
  days_left: z.number(),
  deadline_badge: z.string(),
  current_version_number: z.number(),
  has_revisions: z.boolean(),
  review_count: z.number(),
  reviewed_by_me: z.boolean(),
  averages: averages.nullable(),
  has_sixty_percent_reviews: z.boolean(),
  audio_file_key: z.string().nullable(),
  waveform_file_key: z.string().nullable(),
});

export async function reviewsRoutes(app: App, ctx: AppContext) {
  const service = createReviewsService(ctx);

  app.get(
    '/api/v1/review-dashboard',
    {
      schema: {
        tags: ['reviews'],
        security,
        response: {
          200: z.object({
            pending: z.array(cardSchema),
            reviewed: z.array(cardSchema),
            pending_count: z.number(),
            reviewed_has_more: z.boolean(),
            reviewed_next_cursor: z.string().nullable(),
            team_size: z.number(),
            sixty_percent_threshold: z.number(),
          }),
        },
      },
    },
    async (req) => service.dashboard(await ctx.auth.requireMember(req)),
  );

  // My Reviews past the dashboard's first 50: the cursor comes from the dashboard or the last page.
  app.get(
    '/api/v1/review-dashboard/reviewed',
    {
      schema: {
        tags: ['reviews'],
        security,
        querystring: z.object({ cursor: z.string().min(1).max(500) }),
        response: {
          200: z.object({
            reviewed: z.array(cardSchema),
            has_more: z.boolean(),
            next_cursor: z.string().nullable(),
          }),
        },
      },
    },
    async (req) => service.reviewedPage(await ctx.auth.requireMember(req), req.query.cursor),
  );

  app.get(
    '/api/v1/songs/:id/reviews',
    {
      schema: {
        tags: ['reviews'],
        security,
        params: z.object({ id: z.uuid() }),
        response: {
          200: z.object({
            current_version_number: z.number(),
            my_review: reviewSchema.nullable(),
            current: z.array(reviewSchema),
            hidden_count: z.number(),
            earlier: z.array(reviewSchema),
          }),
        },
      },
    },
    async (req) => service.listForSong(await ctx.auth.requireMember(req), req.params.id),
  );

  // Create or edit the caller's review of the current version: 201 the first time, 200 after.
  app.put(
    '/api/v1/songs/:id/reviews/mine',
    {
      schema: {
        tags: ['reviews'],
        security,
        params: z.object({ id: z.uuid() }),
        body: z.object({
          musical_score: score,
          artist_score: score,
          overall_score: score,
          comment: z.string().max(5000).nullish(),
        }),
        response: { 200: reviewSchema, 201: reviewSchema },
      },
    },
    async (req, reply) => {
      const { created, review } = await service.submit(
        await ctx.auth.requireMember(req),
        req.params.id,
        req.body,
      );
      return reply.status(created ? 201 : 200).send(review);
    },
  );

  // "Mark as useless" (no body): records or replaces the caller's review of the current version as a
  // quick pass. 201 the first time, 200 when it replaces a review.
  app.post(
    '/api/v1/songs/:id/reviews/mine/useless',
    {
      schema: {
        tags: ['reviews'],
        security,
        params: z.object({ id: z.uuid() }),
        response: { 200: reviewSchema, 201: reviewSchema },
      },
    },
    async (req, reply) => {
      const { created, review } = await service.markUseless(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(created ? 201 : 200).send(review);
    },
  );
}
