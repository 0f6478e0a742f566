import type { ConversationSummaryDto, MessageDto } from '@music-review/core/messages';
import { json } from '../../../test/fetch-mock';

/**
 * What an open ConversationThread asks of the server, answered for one conversation: its summary,
 * the given messages, no reads, nobody typing, and the label's members.
 */
export function threadRoutes(conversation: ConversationSummaryDto, messages: MessageDto[] = []) {
  const path = `/api/v1/conversations/${conversation.id}`;
  return {
    [`GET ${path}`]: json(200, conversation),
    [`GET ${path}/messages`]: json(200, {
      messages,
      last_sequence: messages.at(-1)?.sequence ?? 0,
      has_more_before: false,
    }),
    [`GET ${path}/reads`]: json(200, []),
    [`GET ${path}/typing`]: json(200, []),
    [`POST ${path}/read`]: json(200, { unread_count: 0 }),
    'GET /api/v1/reviewers': json(200, []),
  };
}
