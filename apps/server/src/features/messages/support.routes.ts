import * as messages from '@music-review/core/contracts/messages';
import type { AppContext } from '../../context.ts';
import { route } from '../../platform/endpoint-route.ts';
import type { App } from '../../platform/http.ts';
import type { createConversationsService } from './conversations.service.ts';

/**
 * The support desk (accounts in SUPPORT_EMAILS). Everyone else gets 404 here, as if the routes did
 * not exist; the desk answers through the ordinary /api/v1/conversations/:id/... routes.
 */
export async function supportRoutes(
  app: App,
  ctx: AppContext,
  service: ReturnType<typeof createConversationsService>,
) {
  route(app, ctx, messages.listSupportConversations, ({ member, query }) =>
    service.supportInbox(member, query.limit),
  );
}
