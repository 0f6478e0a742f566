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
  /** The sender's name (support staff included), null when the sender's account is gone. */
  sender_name: string | null;
  /** 1, 2, 3... within the conversation. */
  sequence: number;
  message_text: string;
  mentioned_user_ids: string[];
  created_at: string;
  /** Deleted messages disappear for everyone: lists leave them out; a change carries the flag. */
  is_deleted: boolean;
  attachment_type: AttachmentType | null;
  metadata_form_link: string | null;
  metadata_song_title: string | null;
}

/** GET /api/v1/conversations and /api/v1/conversations/{id}: a conversation as the panel lists it. */
export interface ConversationSummaryDto extends ConversationDto {
  /** DM: the other member's name; song chat: the song's title ('Untitled'); support: 'Support'. */
  title: string;
  /** DM only: the other member. */
  other_member: {
    id: string;
    name: string;
    /** A signed URL of the photo (valid for an hour), null without one. */
    avatar_url: string | null;
    /** The photo's storage key (for UserAvatar), null without one. */
    avatar_key?: string | null;
  } | null;
  /** Song chat only. */
  song: { id: string; title: string } | null;
  /** Messages from others not read by the caller. */
  unread_count: number;
  /** The highest sequence in the conversation (0 when empty). */
  last_sequence: number;
  /** Support inbox only: the label that asked. */
  organization_name?: string;
  /** Support conversations: the member who opened it (null when their account is gone). */
  requester?: SupportRequesterDto | null;
}

/** GET /api/v1/conversations/{id}/messages?after=&before=&limit=: ascending by sequence. */
export interface MessagePageDto {
  messages: MessageDto[];
  /** The conversation's highest sequence now. */
  last_sequence: number;
  /** More older messages exist before the first one returned. */
  has_more_before: boolean;
}

/** GET /api/v1/conversations/{id}/reads: per member who read anything, the highest sequence read. */
export interface ConversationReadDto {
  reviewer_id: string;
  name: string;
  /** A signed URL of the photo (valid for an hour), null without one. */
  avatar_url: string | null;
  /** The photo's storage key (for UserAvatar), null without one. */
  avatar_key?: string | null;
  last_read_sequence: number;
}

/** GET /api/v1/conversations/{id}/typing: others typing within TYPING_VISIBLE_MS. */
export interface TypingDto {
  reviewer_id: string;
  name: string;
}

/** POST /api/v1/conversations/{id}/read: the caller's unread messages left in that conversation. */
export interface MarkReadResultDto {
  unread_count: number;
}

/** Messages per page when `limit` is not given. */
export const MESSAGES_PAGE_DEFAULT = 50;

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

/**
 * Support conversations: who asked (the member who opened it; null when their account is gone).
 * Set on ConversationSummaryDto for support conversations only (the support inbox shows it).
 */
export interface SupportRequesterDto {
  id: string;
  name: string;
}

// The request schemas (and the types inferred from them) are in messages-schemas.ts, apart so that
// the browser's chat loads no zod.
export type { CreateConversationBody, MessagePageQuery, SendMessageBody } from './messages-schemas.ts';
