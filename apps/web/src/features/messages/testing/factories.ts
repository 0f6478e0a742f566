import type {
  ConversationReadDto,
  ConversationSummaryDto,
  MessageDto,
  MessagePageDto,
} from '@music-review/core/messages';

/** Test data for the messages feature. The signed-in member in the app's factories is 'reviewer-1'. */

export const ME = { id: 'reviewer-1', name: 'Ada Lovelace', email: 'ada@label.test' };
export const GRACE = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Grace Hopper',
  email: 'grace@label.test',
};
export const ALAN = {
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Alan Turing',
  email: 'alan@label.test',
};

export function makeMessage(overrides: Partial<MessageDto> & { sequence: number }): MessageDto {
  return {
    id: `message-${overrides.sequence}`,
    conversation_id: 'conv-1',
    sender_id: GRACE.id,
    sender_name: GRACE.name,
    message_text: `Message ${overrides.sequence}`,
    mentioned_user_ids: [],
    created_at: new Date(Date.UTC(2025, 0, 1, 12, overrides.sequence)).toISOString(),
    is_deleted: false,
    attachment_type: null,
    metadata_form_link: null,
    metadata_song_title: null,
    ...overrides,
  };
}

export function makePage(messages: MessageDto[], overrides: Partial<MessagePageDto> = {}): MessagePageDto {
  return {
    messages,
    last_sequence: messages.at(-1)?.sequence ?? 0,
    has_more_before: false,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<ConversationSummaryDto> = {}): ConversationSummaryDto {
  return {
    id: 'conv-1',
    type: 'dm',
    user1_id: ME.id,
    user2_id: GRACE.id,
    song_id: null,
    last_message_at: '2025-01-01T12:00:00.000Z',
    last_message_preview: 'Hello there',
    last_message_sender_id: GRACE.id,
    created_at: '2025-01-01T10:00:00.000Z',
    title: GRACE.name,
    other_member: { id: GRACE.id, name: GRACE.name, avatar_url: null },
    song: null,
    unread_count: 0,
    last_sequence: 1,
    ...overrides,
  };
}

export function makeRead(
  overrides: Partial<ConversationReadDto> & { reviewer_id: string },
): ConversationReadDto {
  return { name: 'Someone', avatar_url: null, last_read_sequence: 0, ...overrides };
}
