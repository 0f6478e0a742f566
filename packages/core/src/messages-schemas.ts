import { z } from 'zod';
import {
  ATTACHMENT_TYPES,
  isSafeAttachmentLink,
  MESSAGE_ERRORS,
  MESSAGE_TEXT_MAX,
  MESSAGES_PAGE_DEFAULT,
  MESSAGES_PAGE_MAX,
} from './messages.ts';

/** The messages API's request schemas, as the server validates them (messages.ts holds the rest). */

/**
 * POST /api/v1/conversations: create or get (spec section 7: create_or_get_dm_conversation,
 * create_or_get_song_chat_conversation, create_or_get_support_conversation). 201 when created,
 * 200 when it existed.
 */
export const createConversationBody = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('dm'),
      user_id: z.uuid({ message: 'user_id: must be the id of a member of your label' }),
    }),
    z.object({
      type: z.literal('song_chat'),
      song_id: z.uuid({ message: 'song_id: must be the id of a song of your label' }),
    }),
    z.object({ type: z.literal('support') }),
  ],
  { message: "type: must be 'dm', 'song_chat' or 'support'" },
);
export type CreateConversationBody = z.infer<typeof createConversationBody>;

/** POST /api/v1/conversations/{id}/messages. Spec section 5: whitespace-only text is not sent. */
export const sendMessageBody = z.object({
  message_text: z
    .string({ message: MESSAGE_ERRORS.empty })
    .trim()
    .min(1, { message: MESSAGE_ERRORS.empty })
    .max(MESSAGE_TEXT_MAX, { message: MESSAGE_ERRORS.tooLong }),
  /** Members mentioned with @ (each must be able to see the conversation); at most 20. */
  mentioned_user_ids: z
    .array(z.uuid({ message: 'mentioned_user_ids: must be member ids' }))
    .max(20)
    .optional(),
  /** A form link shown as a card (spec section 3: attachment_type, metadata_form_link, metadata_song_title). */
  attachment: z
    .object({
      type: z.enum(ATTACHMENT_TYPES),
      link: z
        .string()
        .trim()
        .min(1)
        .max(2000)
        .refine(isSafeAttachmentLink, { message: MESSAGE_ERRORS.attachmentLink }),
      song_title: z.string().trim().max(300).nullable().optional(),
    })
    .optional(),
});
export type SendMessageBody = z.infer<typeof sendMessageBody>;

/** POST /api/v1/conversations/{id}/read. */
export const markReadBody = z.object({
  up_to_sequence: z.number().int().min(0, { message: 'up_to_sequence: must be 0 or more' }),
});

const sequenceParam = (name: string) =>
  z.coerce
    .number({ message: `${name}: must be a message sequence number` })
    .int({ message: `${name}: must be a message sequence number` })
    .min(0, { message: `${name}: must be 0 or more` });

/** A `limit` query parameter from 1 to `max`, `fallback` when absent. */
export const limitParam = (max: number, fallback: number) => {
  const message = `limit: must be a number from 1 to ${max}`;
  return z.coerce
    .number({ message })
    .int({ message })
    .min(1, { message })
    .max(max, { message })
    .default(fallback);
};

/**
 * GET /api/v1/conversations/{id}/messages query: `after` (catch-up: sequence > after, oldest first),
 * `before` (older history: the newest `limit` with sequence < before), both (the range between), or
 * neither (the newest `limit`). The answer is always ascending by sequence.
 */
export const messagePageQuery = z.object({
  after: sequenceParam('after').optional(),
  before: sequenceParam('before').optional(),
  limit: limitParam(MESSAGES_PAGE_MAX, MESSAGES_PAGE_DEFAULT),
});
export type MessagePageQuery = z.infer<typeof messagePageQuery>;
