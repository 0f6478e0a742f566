import * as reviews from '@music-review/core/contracts/reviews';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createReviewsService } from './reviews.service.ts';

/** The reviews endpoints (contracts: packages/core/src/contracts/reviews.ts). */
export async function reviewsRoutes(app: App, ctx: AppContext) {
  const service = createReviewsService(ctx);

  route(app, ctx, reviews.getReviewDashboard, ({ member }) => service.dashboard(member));

  route(app, ctx, reviews.listMyReviews, ({ member, query }) => service.reviewedPage(member, query.cursor));

  route(app, ctx, reviews.listSongReviews, ({ member, params }) => service.listForSong(member, params.id));

  route(app, ctx, reviews.submitMyReview, async ({ member, params, body, reply }) => {
    const { created, review } = await service.submit(member, params.id, body);
    reply.status(created ? 201 : 200);
    return review;
  });

  route(app, ctx, reviews.markSongUseless, async ({ member, params, reply }) => {
    const { created, review } = await service.markUseless(member, params.id);
    reply.status(created ? 201 : 200);
    return review;
  });
}
