import { FEEDBACK_KINDS, sendFeedbackBody } from '@music-review/core/feedback';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createFeedbackService } from './feedback.service.ts';

const security = [{ bearer: [] }];

const feedbackSchema = z.object({
  id: z.string(),
  kind: z.enum(FEEDBACK_KINDS),
  message: z.string(),
  screenshot_key: z.string().nullable(),
  page_url: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
});

export async function feedbackRoutes(app: App, ctx: AppContext) {
  const service = createFeedbackService(ctx);

  app.post(
    '/api/v1/feedback',
    {
      schema: {
        tags: ['feedback'],
        security,
        body: sendFeedbackBody,
        response: { 201: feedbackSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      const feedback = await service.send(member, req.body, req.headers['user-agent']);
      return reply.status(201).send(feedback);
    },
  );

  app.get(
    '/api/v1/feedback',
    { schema: { tags: ['feedback'], security, response: { 200: z.array(feedbackSchema) } } },
    async (req) => service.listMine(await ctx.auth.requireMember(req)),
  );
}
