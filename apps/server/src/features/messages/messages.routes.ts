import * as messages from '@music-review/core/contracts/messages';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import { createConversationAccess } from './access.ts';
import { conversationsRoutes } from './conversations.routes.ts';
import { createConversationsService } from './conversations.service.ts';
import { createMessagesService } from './messages.service.ts';
import { supportRoutes } from './support.routes.ts';

/**
 * Messaging: conversations (conversations.routes.ts), their messages, read receipts and typing
 * (here), and the support desk's inbox (support.routes.ts). Contracts:
 * packages/core/src/contracts/messages.ts.
 */
export async function messagesRoutes(app: App, ctx: AppContext) {
  const access = createConversationAccess(ctx);
  const conversations = createConversationsService(ctx, access);
  const service = createMessagesService(ctx, access);

  await conversationsRoutes(app, ctx, conversations);
  await supportRoutes(app, ctx, conversations);

  route(app, ctx, messages.getUnreadMessageCount, ({ member }) => service.unreadCount(member));

  route(app, ctx, messages.listMessages, ({ member, params, query }) =>
    service.list(member, params.id, query),
  );

  route(app, ctx, messages.sendMessage, ({ member, params, body }) => service.send(member, params.id, body));

  // The 204 answers carry no body: the handler sends the empty reply (the route set the status).
  route(app, ctx, messages.deleteMessage, async ({ member, params, reply }) => {
    await service.remove(member, params.id);
    return reply.send();
  });

  route(app, ctx, messages.markConversationRead, ({ member, params, body }) =>
    service.markRead(member, params.id, body.up_to_sequence),
  );

  route(app, ctx, messages.listConversationReads, ({ member, params }) => service.reads(member, params.id));

  route(app, ctx, messages.startTyping, async ({ member, params, reply }) => {
    await service.typing(member, params.id);
    return reply.send();
  });

  route(app, ctx, messages.stopTyping, async ({ member, params, reply }) => {
    await service.stopTyping(member, params.id);
    return reply.send();
  });

  route(app, ctx, messages.listTypingMembers, ({ member, params }) => service.whoIsTyping(member, params.id));
}
