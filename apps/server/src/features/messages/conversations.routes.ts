import * as messages from '@music-review/core/contracts/messages';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import type { createConversationsService } from './conversations.service.ts';

/** The conversations themselves (contracts: packages/core/src/contracts/messages.ts). */
export async function conversationsRoutes(
  app: App,
  ctx: AppContext,
  service: ReturnType<typeof createConversationsService>,
) {
  route(app, ctx, messages.listConversations, ({ member }) => service.list(member));

  route(app, ctx, messages.openConversation, async ({ member, body, reply }) => {
    const { conversation, created } = await service.open(member, body);
    reply.status(created ? 201 : 200);
    return conversation;
  });

  route(app, ctx, messages.getConversation, ({ member, params }) => service.get(member, params.id));
}
