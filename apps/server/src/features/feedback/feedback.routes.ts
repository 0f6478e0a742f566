import * as feedback from '@music-review/core/contracts/feedback';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createFeedbackService } from './feedback.service.ts';

/** "Report bugs / Send feedback" (contracts: packages/core/src/contracts/feedback.ts). */
export async function feedbackRoutes(app: App, ctx: AppContext) {
  const service = createFeedbackService(ctx);

  // The user agent is the request's own header, the one thing here only HTTP has.
  route(app, ctx, feedback.sendFeedback, ({ member, body, req }) =>
    service.send(member, body, req.headers['user-agent']),
  );

  route(app, ctx, feedback.listMyFeedback, ({ member }) => service.listMine(member));
}
