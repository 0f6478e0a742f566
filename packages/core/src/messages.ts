/**
 * Messaging, the first steps: the top bar's unread badge (spec sections 2 and 9) and the two
 * smallest calls that make a message exist (a direct conversation between two members of one label,
 * and a message in it). The messaging feature extends these.
 */

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
  songNotFound: 'Song not found',
  messageNotFound: 'Message not found',
  deleteNotAllowed: 'Only the sender or an admin of the label can delete a message',
  attachmentLink: 'attachment.link: must be a path in the app (starting with /) or an http(s) address',
} as const;

/**
 * A form link shown as a card is clicked by others: only the app's own paths and http(s) addresses,
 * never `javascript:` or other schemes.
 */
export function isSafeAttachmentLink(link: string): boolean {
  const value = link.trim();
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Spec section 8 "Support chat (toasts)". */
export const SUPPORT_MESSAGES = {
  noPlan: 'Please upgrade to a plan with chat functionality to access support chat.',
  notSignedIn: 'Please log in to contact support.',
  failed: 'Failed to open support chat. Please try again.',
} as const;

export const ATTACHMENT_TYPES = ['metadata_form', 'marketing_form', 'label_copy_form'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];

/** Spec section 9: at most 5 mention suggestions. */
export const MENTION_SUGGESTIONS_MAX = 5;
/** Spec section 9: typing shows while within 5 s, ends 3 s after the last keystroke, polled every 2 s. */
export const TYPING_VISIBLE_MS = 5_000;
export const TYPING_IDLE_MS = 3_000;
export const TYPING_POLL_MS = 2_000;
/** Spec section 9: "Seen by" shows up to 3 avatars, then "+n". */
export const SEEN_BY_AVATARS_MAX = 3;
/** Spec section 9: the new-chat dialog fetches the latest 50 songs and shows 10. */
export const NEW_CHAT_SONGS_FETCHED = 50;
export const NEW_CHAT_SONGS_SHOWN = 10;
/** Messages per page of GET /api/v1/conversations/{id}/messages. */
export const MESSAGES_PAGE_MAX = 100;

/** Messages per page when `limit` is not given. */
export const MESSAGES_PAGE_DEFAULT = 50;

/** Support conversations per page of the support inbox (GET /api/v1/support/conversations), and at most. */
export const SUPPORT_INBOX_DEFAULT = 100;
export const SUPPORT_INBOX_MAX = 500;

/** ConversationSummaryDto.title of a support conversation, and of a song chat whose song has no title. */
export const SUPPORT_CONVERSATION_TITLE = 'Support';
export const UNTITLED_SONG_TITLE = 'Untitled';

/**
 * The bell's text for a mention (notification type 'mention'): "<Sender> mentioned you in <where>",
 * where a direct message is "a direct message" and other conversations go by their title.
 */
export function mentionNotificationText(
  senderName: string,
  conversation: { type: ConversationType; title: string },
): string {
  const where = conversation.type === 'dm' ? 'a direct message' : conversation.title;
  return `${senderName} mentioned you in ${where}`;
}

// The answers' types are inferred from the endpoints' schemas (contracts/messages.ts); type-only, so
// the browser's chat still loads no zod.
export type {
  ConversationDto,
  ConversationReadDto,
  ConversationSummaryDto,
  MarkReadResultDto,
  MessageDto,
  MessagePageDto,
  SupportRequesterDto,
  TypingDto,
  UnreadMessageCountDto,
} from './contracts/messages.ts';

// The request schemas (and the types inferred from them) are in messages-schemas.ts, apart so that
// the browser's chat loads no zod.
export type { CreateConversationBody, MessagePageQuery, SendMessageBody } from './messages-schemas.ts';
