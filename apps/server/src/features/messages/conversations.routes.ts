import { createConversationBody } from '@music-review/core/messages-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import type { createConversationsService } from './conversations.service.ts';
import {
  conversationIdParams,
  conversationSchema,
  conversationSummarySchema,
  security,
  tags,
} from './schemas.ts';

export async function conversationsRoutes(
  app: App,
  ctx: AppContext,
  service: ReturnType<typeof createConversationsService>,
) {
  app.get(
    '/api/v1/conversations',
    { schema: { tags, security, response: { 200: z.array(conversationSummarySchema) } } },
    async (req) => service.list(await ctx.auth.requireMember(req)),
  );

  app.post(
    '/api/v1/conversations',
    {
      schema: {
        tags,
        security,
        body: createConversationBody,
        response: { 200: conversationSchema, 201: conversationSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      const { conversation, created } = await service.open(member, req.body);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.get(
    '/api/v1/conversations/:id',
    {
      schema: { tags, security, params: conversationIdParams, response: { 200: conversationSummarySchema } },
    },
    async (req) => service.get(await ctx.auth.requireMember(req), req.params.id),
  );
}
