import {
  type ConversationDto,
  type ConversationSummaryDto,
  type MessageDto,
  SUPPORT_CONVERSATION_TITLE,
  UNTITLED_SONG_TITLE,
} from '@music-review/core/messages';
import type { ConversationRow, ConversationSummaryRow } from './conversations.repo.ts';
import type { MessageRow } from './messages.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A direct conversation whose other member left the label. */
export const FORMER_MEMBER = 'Former member';

export function toConversationDto(row: ConversationRow): ConversationDto {
  return {
    id: row.id,
    type: row.type,
    user1_id: row.user1_id,
    user2_id: row.user2_id,
    song_id: row.song_id,
    last_message_at: row.last_message_at === null ? null : iso(row.last_message_at),
    last_message_preview: row.last_message_preview,
    last_message_sender_id: row.last_message_sender_id,
    created_at: iso(row.created_at),
  };
}

export function titleOf(row: Pick<ConversationSummaryRow, 'type' | 'other_name' | 'song_title'>) {
  if (row.type === 'dm') return row.other_name ?? FORMER_MEMBER;
  if (row.type === 'song_chat') return row.song_title?.trim() || UNTITLED_SONG_TITLE;
  return SUPPORT_CONVERSATION_TITLE;
}

export function toSummaryDto(
  row: ConversationSummaryRow,
  options: { avatarUrl: string | null; withOrganization: boolean },
): ConversationSummaryDto {
  const dto: ConversationSummaryDto = {
    ...toConversationDto(row),
    title: titleOf(row),
    other_member:
      row.type === 'dm' && row.other_id
        ? {
            id: row.other_id,
            name: row.other_name ?? FORMER_MEMBER,
            avatar_url: options.avatarUrl,
            avatar_key: row.other_avatar_key,
          }
        : null,
    song: row.type === 'song_chat' && row.song_id ? { id: row.song_id, title: titleOf(row) } : null,
    unread_count: Number(row.unread_count),
    last_sequence: Number(row.last_sequence),
  };
  if (row.type === 'support') {
    dto.requester =
      row.user1_id && row.requester_name ? { id: row.user1_id, name: row.requester_name } : null;
  }
  if (options.withOrganization && row.organization_name !== null)
    dto.organization_name = row.organization_name;
  return dto;
}

export function toMessageDto(row: MessageRow, senderName: string | null = row.sender_name): MessageDto {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    sender_name: senderName,
    sequence: Number(row.sequence),
    message_text: row.message_text,
    mentioned_user_ids: parseIds(row.mentioned_user_ids),
    created_at: iso(row.created_at),
    is_deleted: row.is_deleted === true,
    attachment_type: row.attachment_type,
    metadata_form_link: row.metadata_form_link,
    metadata_song_title: row.metadata_song_title,
  };
}

function parseIds(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  if (typeof value === 'string') {
    try {
      return parseIds(JSON.parse(value));
    } catch {
      return [];
    }
  }
  return [];
}
