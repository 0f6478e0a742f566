import { markReadBody, messagePageQuery, sendMessageBody } from '@music-review/core/messages-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import { createConversationAccess } from './access.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { createConversationsService } from './conversations.service.ts';
import { createMessagesService } from './messages.service.ts';
import {
  conversationIdParams,
  messageIdParams,
  messagePageSchema,
  messageSchema,
  readSchema,
  security,
  tags,
  typingSchema,
} from './schemas.ts';
import { supportRoutes } from './support.routes.ts';

/**
 * Messaging: conversations (conversations.routes.ts), their messages, read receipts and typing
 * (here), and the support desk's inbox (support.routes.ts).
 */
export async function messagesRoutes(app: App, ctx: AppContext) {
  const access = createConversationAccess(ctx);
  const conversations = createConversationsService(ctx, access);
  const service = createMessagesService(ctx, access);

  await conversationsRoutes(app, ctx, conversations);
  await supportRoutes(app, ctx, conversations);

  app.get(
    '/api/v1/messages/unread-count',
    { schema: { tags, security, response: { 200: z.object({ count: z.number() }) } } },
    async (req) => service.unreadCount(await ctx.auth.requireMember(req)),
  );

  app.get(
    '/api/v1/conversations/:id/messages',
    {
      schema: {
        tags,
        security,
        params: conversationIdParams,
        querystring: messagePageQuery,
        response: { 200: messagePageSchema },
      },
    },
    async (req) => service.list(await ctx.auth.requireMember(req), req.params.id, req.query),
  );

  app.post(
    '/api/v1/conversations/:id/messages',
    {
      schema: {
        tags,
        security,
        params: conversationIdParams,
        body: sendMessageBody,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.send(member, req.params.id, req.body));
    },
  );

  app.delete(
    '/api/v1/messages/:id',
    { schema: { tags, security, params: messageIdParams } },
    async (req, reply) => {
      await service.remove(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/v1/conversations/:id/read',
    {
      schema: {
        tags,
        security,
        params: conversationIdParams,
        body: markReadBody,
        response: { 200: z.object({ unread_count: z.number() }) },
      },
    },
    async (req) =>
      service.markRead(await ctx.auth.requireMember(req), req.params.id, req.body.up_to_sequence),
  );

  app.get(
    '/api/v1/conversations/:id/reads',
    { schema: { tags, security, params: conversationIdParams, response: { 200: z.array(readSchema) } } },
    async (req) => service.reads(await ctx.auth.requireMember(req), req.params.id),
  );

  app.put(
    '/api/v1/conversations/:id/typing',
    { schema: { tags, security, params: conversationIdParams } },
    async (req, reply) => {
      await service.typing(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/v1/conversations/:id/typing',
    { schema: { tags, security, params: conversationIdParams } },
    async (req, reply) => {
      await service.stopTyping(await ctx.auth.requireMember(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/v1/conversations/:id/typing',
    { schema: { tags, security, params: conversationIdParams, response: { 200: z.array(typingSchema) } } },
    async (req) => service.whoIsTyping(await ctx.auth.requireMember(req), req.params.id),
  );
}
