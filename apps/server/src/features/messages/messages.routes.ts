import { CONVERSATION_TYPES, createConversationBody, sendMessageBody } from '@music-review/core/messages';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../platform/errors.ts';
import type { App } from '../../platform/http.ts';
import { createMessagesService } from './messages.service.ts';

const security = [{ bearer: [] }];

const conversationSchema = z.object({
  id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  user1_id: z.string().nullable(),
  user2_id: z.string().nullable(),
  song_id: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string().nullable(),
  last_message_sender_id: z.string().nullable(),
  created_at: z.string(),
});
const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string().nullable(),
  sequence: z.number(),
  message_text: z.string(),
  created_at: z.string(),
});

export async function messagesRoutes(app: App, ctx: AppContext) {
  const service = createMessagesService(ctx);

  app.get(
    '/api/v1/messages/unread-count',
    {
      schema: {
        tags: ['messages'],
        security,
        response: { 200: z.object({ count: z.number() }) },
      },
    },
    async (req) => service.unreadCount(await ctx.auth.requireMember(req)),
  );

  app.post(
    '/api/v1/conversations',
    {
      schema: {
        tags: ['messages'],
        security,
        body: createConversationBody,
        response: { 200: conversationSchema, 201: conversationSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      if (req.body.type !== 'dm')
        throw new AppError('validation_failed', 'Only direct conversations for now');
      const { conversation, created } = await service.openDirectConversation(member, req.body.user_id);
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  app.post(
    '/api/v1/conversations/:id/messages',
    {
      schema: {
        tags: ['messages'],
        security,
        params: z.object({ id: z.uuid({ message: 'id: must be a conversation id' }) }),
        body: sendMessageBody,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) => {
      const member = await ctx.auth.requireMember(req);
      return reply.status(201).send(await service.send(member, req.params.id, req.body.message_text));
    },
  );
}
