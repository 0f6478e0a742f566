import { z } from 'zod';

/**
 * Messaging, the first steps: the top bar's unread badge (spec sections 2 and 9) and the two
 * smallest calls that make a message exist (a direct conversation between two members of one label,
 * and a message in it). The messaging feature extends these.
 */

/** GET /api/v1/messages/unread-count. */
export interface UnreadMessageCountDto {
  /**
   * Messages in the conversations the caller belongs to (their direct messages, the label's song
   * chats and support conversations), not sent by them, not deleted, without a read row for them.
   */
  count: number;
}

/** Spec section 9: the messages badge shows the exact count up to 9, then '9+'. */
export const UNREAD_BADGE_MAX = 9;

/** The badge's text, or null when there is nothing unread (no badge then). */
export function unreadBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(Math.floor(count));
}

export const CONVERSATION_TYPES = ['dm', 'song_chat', 'support'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];

export const MESSAGE_TEXT_MAX = 4000;

export const MESSAGE_ERRORS = {
  empty: 'Message cannot be empty',
  tooLong: `Messages can be at most ${MESSAGE_TEXT_MAX} characters`,
  withYourself: 'You cannot start a conversation with yourself',
  memberNotFound: 'Team member not found',
  conversationNotFound: 'Conversation not found',
} as const;

/** POST /api/v1/conversations: create or get the direct conversation with another member. */
export const createConversationBody = z.object({
  type: z.literal('dm', { message: 'type: only dm conversations can be started here' }),
  user_id: z.uuid({ message: 'user_id: must be the id of a member of your label' }),
});
export type CreateConversationBody = z.infer<typeof createConversationBody>;

/** POST /api/v1/conversations/{id}/messages. Spec section 5: whitespace-only text is not sent. */
export const sendMessageBody = z.object({
  message_text: z
    .string({ message: MESSAGE_ERRORS.empty })
    .trim()
    .min(1, { message: MESSAGE_ERRORS.empty })
    .max(MESSAGE_TEXT_MAX, { message: MESSAGE_ERRORS.tooLong }),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

export interface ConversationDto {
  id: string;
  type: ConversationType;
  /** Direct conversations: the two members, the smaller id first. */
  user1_id: string | null;
  user2_id: string | null;
  song_id: string | null;
  last_message_at: string | null;
  last_message_preview: string | null;
  last_message_sender_id: string | null;
  created_at: string;
}

export interface MessageDto {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  /** 1, 2, 3... within the conversation. */
  sequence: number;
  message_text: string;
  created_at: string;
}
