import { limitParam } from '@music-review/core/messages-schemas';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { App } from '../../platform/http.ts';
import type { createConversationsService } from './conversations.service.ts';
import { conversationSummarySchema, security } from './schemas.ts';

/** Support conversations answered per page of the inbox. */
export const SUPPORT_INBOX_DEFAULT = 100;
export const SUPPORT_INBOX_MAX = 500;

/**
 * The support desk (accounts in SUPPORT_EMAILS). Everyone else gets 404 here, as if the routes did
 * not exist; the desk answers through the ordinary /api/v1/conversations/:id/... routes.
 */
export async function supportRoutes(
  app: App,
  ctx: AppContext,
  service: ReturnType<typeof createConversationsService>,
) {
  app.get(
    '/api/v1/support/conversations',
    {
      schema: {
        tags: ['support'],
        security,
        querystring: z.object({ limit: limitParam(SUPPORT_INBOX_MAX, SUPPORT_INBOX_DEFAULT) }),
        response: { 200: z.array(conversationSummarySchema) },
      },
    },
    async (req) => service.supportInbox(await ctx.auth.requireMember(req), req.query.limit),
  );
}
