/**
 * Messaging (spec sections 4, 5 and 9): conversations (direct messages, song chats, support), their
 * messages, read receipts and typing, the top bar's unread count and the support desk's inbox. The
 * contract of each endpoint (packages/core/src/endpoint.ts); handlers:
 * apps/server/src/features/messages/{conversations,messages,support}.routes.ts.
 *
 * Who may see a conversation is decided by the service: its label's members (a direct conversation
 * only its two members) and support staff for support conversations. Anyone else gets 404, exactly
 * like a conversation that does not exist, so every endpoint about one conversation declares
 * `not_found`.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  ATTACHMENT_TYPES,
  CONVERSATION_TYPES,
  SUPPORT_INBOX_DEFAULT,
  SUPPORT_INBOX_MAX,
} from '../messages.ts';
import {
  createConversationBody,
  limitParam,
  markReadBody,
  messagePageQuery,
  sendMessageBody,
} from '../messages-schemas.ts';

// The ids in these paths are UUIDs like every other id (contract-schemas.ts `uuid`), with a message
// naming what the id is: clients and tests read "id: must be a conversation id" as it always was.
const conversationIdParams = z.object({ id: z.uuid({ message: 'id: must be a conversation id' }) });
const messageIdParams = z.object({ id: z.uuid({ message: 'id: must be a message id' }) });

const conversation = z.object({
  id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  user1_id: z.string().nullable().meta({
    description:
      'Direct conversations: one of the two members (the smaller id); the requester of a support conversation.',
  }),
  user2_id: z
    .string()
    .nullable()
    .meta({ description: 'Direct conversations: the other member (the larger id).' }),
  song_id: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string().nullable(),
  last_message_sender_id: z.string().nullable(),
  created_at: z.string(),
});

const supportRequester = z
  .object({ id: z.string(), name: z.string() })
  .meta({ description: 'Who opened a support conversation.' });

const conversationSummary = conversation.extend({
  title: z.string().meta({
    description: "DM: the other member's name; song chat: the song's title ('Untitled'); support: 'Support'.",
  }),
  other_member: z
    .object({
      id: z.string(),
      name: z.string(),
      avatar_url: z
        .string()
        .nullable()
        .meta({ description: 'A signed URL of the photo (valid for an hour), null without one.' }),
      avatar_key: z
        .string()
        .nullable()
        .optional()
        .meta({ description: "The photo's storage key (for UserAvatar), null without one." }),
    })
    .nullable()
    .meta({ description: 'Direct conversations only: the other member.' }),
  song: z.object({ id: z.string(), title: z.string() }).nullable().meta({ description: 'Song chats only.' }),
  unread_count: z.number().meta({ description: 'Messages from others not read by the caller.' }),
  last_sequence: z.number().meta({ description: 'The highest sequence in the conversation (0 when empty).' }),
  organization_name: z.string().optional().meta({ description: 'Support inbox only: the label that asked.' }),
  requester: supportRequester.nullable().optional().meta({
    description: 'Support conversations: the member who opened it (null when their account is gone).',
  }),
});

const message = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable().meta({
    description: "The sender's name (support staff included), null when the sender's account is gone.",
  }),
  sequence: z.number().meta({ description: '1, 2, 3... within the conversation.' }),
  message_text: z.string(),
  mentioned_user_ids: z.array(z.string()),
  created_at: z.string(),
  is_deleted: z.boolean().meta({
    description:
      'Deleted messages disappear for everyone: lists leave them out; a realtime change carries the flag.',
  }),
  attachment_type: z.enum(ATTACHMENT_TYPES).nullable(),
  metadata_form_link: z.string().nullable(),
  metadata_song_title: z.string().nullable(),
});

const messagePage = z.object({
  messages: z.array(message).meta({ description: 'Ascending by sequence, deleted messages left out.' }),
  last_sequence: z.number().meta({ description: "The conversation's highest sequence now." }),
  has_more_before: z
    .boolean()
    .meta({ description: 'More older messages exist before the first one returned.' }),
});

const conversationRead = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  avatar_url: z
    .string()
    .nullable()
    .meta({ description: 'A signed URL of the photo (valid for an hour), null without one.' }),
  avatar_key: z
    .string()
    .nullable()
    .optional()
    .meta({ description: "The photo's storage key (for UserAvatar), null without one." }),
  last_read_sequence: z.number(),
});

const typingMember = z.object({ reviewer_id: z.string(), name: z.string() });

const unreadCount = z.object({
  count: z.number().meta({
    description:
      "Messages in the conversations the caller belongs to (their direct messages, the label's song chats and support conversations), not sent by them, not deleted, without a read row for them.",
  }),
});

const markReadResult = z.object({
  unread_count: z.number().meta({ description: "The caller's unread messages left in that conversation." }),
});

export type ConversationDto = z.infer<typeof conversation>;
/** A conversation as the messages panel lists it (and GET /api/v1/conversations/{id} answers it). */
export type ConversationSummaryDto = z.infer<typeof conversationSummary>;
export type SupportRequesterDto = z.infer<typeof supportRequester>;
export type MessageDto = z.infer<typeof message>;
export type MessagePageDto = z.infer<typeof messagePage>;
/** Per member who read anything in a conversation, the highest sequence read. */
export type ConversationReadDto = z.infer<typeof conversationRead>;
/** Someone else typing in a conversation within TYPING_VISIBLE_MS. */
export type TypingDto = z.infer<typeof typingMember>;
export type UnreadMessageCountDto = z.infer<typeof unreadCount>;
export type MarkReadResultDto = z.infer<typeof markReadResult>;

export const listConversations = endpoint({
  operationId: 'listConversations',
  summary:
    "The caller's direct messages, the label's song chats and the caller's support chat, newest activity first",
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/conversations',
  access: 'member',
  responses: { 200: z.array(conversationSummary) },
  errors: [],
});

export const openConversation = endpoint({
  operationId: 'openConversation',
  summary:
    "Creates or gets a direct message, a song chat or the caller's support chat (201 when created, 200 when it existed)",
  tag: 'messages',
  method: 'POST',
  path: '/api/v1/conversations',
  access: 'member',
  body: createConversationBody,
  responses: { 200: conversation, 201: conversation },
  // not_found: the other member or the song is not the label's; plan_required: support chat on a
  // plan without chat functionality (or after the Starter trial).
  errors: ['not_found', 'plan_required'],
});

export const getConversation = endpoint({
  operationId: 'getConversation',
  summary: "One conversation as the panel lists it (support staff: any label's support conversation)",
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/conversations/:id',
  access: 'member',
  params: conversationIdParams,
  responses: { 200: conversationSummary },
  errors: ['not_found'],
});

export const listSupportConversations = endpoint({
  operationId: 'listSupportConversations',
  summary:
    "Every label's support conversations, newest activity first, for support staff only (anyone else: 404)",
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/support/conversations',
  access: 'member',
  query: z.object({ limit: limitParam(SUPPORT_INBOX_MAX, SUPPORT_INBOX_DEFAULT) }),
  responses: { 200: z.array(conversationSummary) },
  errors: ['not_found'],
});

export const getUnreadMessageCount = endpoint({
  operationId: 'getUnreadMessageCount',
  summary: "The caller's unread messages across their conversations, for the top bar's badge",
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/messages/unread-count',
  access: 'member',
  responses: { 200: unreadCount },
  errors: [],
});

export const listMessages = endpoint({
  operationId: 'listMessages',
  summary:
    "A page of a conversation's messages: after a sequence (catch-up), before one (older history), between both, or the newest",
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/conversations/:id/messages',
  access: 'member',
  params: conversationIdParams,
  query: messagePageQuery,
  responses: { 200: messagePage },
  errors: ['not_found'],
});

export const sendMessage = endpoint({
  operationId: 'sendMessage',
  summary: 'Posts a message with the next sequence, its mentions notified and its form link shown as a card',
  tag: 'messages',
  method: 'POST',
  path: '/api/v1/conversations/:id/messages',
  access: 'member',
  params: conversationIdParams,
  body: sendMessageBody,
  responses: { 201: message },
  errors: ['not_found'],
});

export const deleteMessage = endpoint({
  operationId: 'deleteMessage',
  summary: 'Deletes a message for everyone: its sender, or an admin of its label (others: 403)',
  tag: 'messages',
  method: 'DELETE',
  path: '/api/v1/messages/:id',
  access: 'member',
  params: messageIdParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const markConversationRead = endpoint({
  operationId: 'markConversationRead',
  summary:
    "Marks the caller's messages of a conversation read up to a sequence; answers what is left unread there",
  tag: 'messages',
  method: 'POST',
  path: '/api/v1/conversations/:id/read',
  access: 'member',
  params: conversationIdParams,
  body: markReadBody,
  responses: { 200: markReadResult },
  errors: ['not_found'],
});

export const listConversationReads = endpoint({
  operationId: 'listConversationReads',
  summary: 'Who read how far in a conversation (the "Seen by" avatars)',
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/conversations/:id/reads',
  access: 'member',
  params: conversationIdParams,
  responses: { 200: z.array(conversationRead) },
  errors: ['not_found'],
});

export const startTyping = endpoint({
  operationId: 'startTyping',
  summary: 'The caller typed in the conversation just now',
  tag: 'messages',
  method: 'PUT',
  path: '/api/v1/conversations/:id/typing',
  access: 'member',
  params: conversationIdParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const stopTyping = endpoint({
  operationId: 'stopTyping',
  summary: 'The caller stopped typing in the conversation',
  tag: 'messages',
  method: 'DELETE',
  path: '/api/v1/conversations/:id/typing',
  access: 'member',
  params: conversationIdParams,
  responses: { 204: null },
  errors: ['not_found'],
});

export const listTypingMembers = endpoint({
  operationId: 'listTypingMembers',
  summary: 'The others typing in the conversation within the last 5 seconds',
  tag: 'messages',
  method: 'GET',
  path: '/api/v1/conversations/:id/typing',
  access: 'member',
  params: conversationIdParams,
  responses: { 200: z.array(typingMember) },
  errors: ['not_found'],
});
