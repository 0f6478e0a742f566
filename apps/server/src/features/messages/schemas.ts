import { ATTACHMENT_TYPES, CONVERSATION_TYPES } from '@music-review/core/messages';
import { z } from 'zod';

/** Response shapes of the messaging routes (packages/core/src/messages.ts holds the DTO types). */

export const security = [{ bearer: [] }];
export const tags = ['messages'];

export const conversationIdParams = z.object({ id: z.uuid({ message: 'id: must be a conversation id' }) });
export const messageIdParams = z.object({ id: z.uuid({ message: 'id: must be a message id' }) });

export const conversationSchema = z.object({
  id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  user1_id: z.string().nullable(),
  user2_id: z.string().nullable(),
  song_id: z.string().nullable(),
  last_message_at: z.string().nullable(),
  last_message_preview: z.string().nullable(),
  last_message_sender_id: z.string().nullable(),
  created_at: z.string(),
});

export const conversationSummarySchema = conversationSchema.extend({
  title: z.string(),
  other_member: z
    .object({
      id: z.string(),
      name: z.string(),
      avatar_url: z.string().nullable(),
      avatar_key: z.string().nullable().optional(),
    })
    .nullable(),
  song: z.object({ id: z.string(), title: z.string() }).nullable(),
  unread_count: z.number(),
  last_sequence: z.number(),
  organization_name: z.string().optional(),
  requester: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  sender_id: z.string().nullable(),
  sender_name: z.string().nullable(),
  sequence: z.number(),
  message_text: z.string(),
  mentioned_user_ids: z.array(z.string()),
  created_at: z.string(),
  is_deleted: z.boolean(),
  attachment_type: z.enum(ATTACHMENT_TYPES).nullable(),
  metadata_form_link: z.string().nullable(),
  metadata_song_title: z.string().nullable(),
});

export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  last_sequence: z.number(),
  has_more_before: z.boolean(),
});

export const readSchema = z.object({
  reviewer_id: z.string(),
  name: z.string(),
  avatar_url: z.string().nullable(),
  avatar_key: z.string().nullable().optional(),
  last_read_sequence: z.number(),
});

export const typingSchema = z.object({ reviewer_id: z.string(), name: z.string() });
