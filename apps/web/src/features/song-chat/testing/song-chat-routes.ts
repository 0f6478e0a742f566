import type { ConversationSummaryDto } from '@music-review/core/messages';
import { json } from '../../../test/fetch-mock';
import { threadRoutes } from './thread-routes';

/** A song's chat as the server shows it (empty unless overridden). */
export function makeSongChat(
  songId: string,
  overrides: Partial<ConversationSummaryDto> = {},
): ConversationSummaryDto {
  return {
    id: `song-chat-${songId}`,
    type: 'song_chat',
    user1_id: null,
    user2_id: null,
    song_id: songId,
    last_message_at: null,
    last_message_preview: null,
    last_message_sender_id: null,
    created_at: '2025-01-01T10:00:00.000Z',
    title: 'Midnight Drive',
    other_member: null,
    song: { id: songId, title: 'Midnight Drive' },
    unread_count: 0,
    last_sequence: 0,
    ...overrides,
  };
}

/**
 * What a page with a song's chat asks of the server: the create-or-get of the chat, then its thread.
 * For tests of pages that show the chat beside other content.
 */
export function songChatRoutes(songId: string, chat: ConversationSummaryDto = makeSongChat(songId)) {
  return {
    // The summary's extra fields do no harm in the create-or-get answer.
    'POST /api/v1/conversations': json(200, chat),
    ...threadRoutes(chat),
  };
}
