import type { ConversationDto, MessageDto, UnreadMessageCountDto } from '@music-review/core/messages';
import { MESSAGE_ERRORS } from '@music-review/core/messages';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import * as repo from './messages.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();

function toConversationDto(row: repo.ConversationRow): ConversationDto {
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

function toMessageDto(row: repo.MessageRow): MessageDto {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    sender_name: null,
    sequence: Number(row.sequence),
    message_text: row.message_text,
    mentioned_user_ids: [],
    created_at: iso(row.created_at),
    is_deleted: false,
    attachment_type: null,
    metadata_form_link: null,
    metadata_song_title: null,
  };
}

export function createMessagesService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async unreadCount(member: Member): Promise<UnreadMessageCountDto> {
      return {
        count: await repo.countUnreadMessages(database, member.organizationId, member.reviewer.id),
      };
    },

    /** Creates or gets the direct conversation with another member of the caller's label. */
    async openDirectConversation(member: Member, otherReviewerId: string) {
      const other = otherReviewerId.toLowerCase();
      if (other === member.reviewer.id) throw new AppError('validation_failed', MESSAGE_ERRORS.withYourself);
      const result = await database.withOrg(member.organizationId, async (tx) => {
        // Another label's member looks exactly like nobody.
        if (!(await repo.isMemberOf(tx, member.organizationId, other))) return undefined;
        return repo.createOrGetDm(tx, member.organizationId, member.reviewer.id, other);
      });
      if (!result) throw notFound(MESSAGE_ERRORS.memberNotFound);
      return { conversation: toConversationDto(result.conversation), created: result.created };
    },

    async send(member: Member, conversationId: string, text: string): Promise<MessageDto> {
      const row = await database.withOrg(member.organizationId, async (tx) => {
        const conversation = await repo.findVisibleConversation(
          tx,
          member.organizationId,
          member.reviewer.id,
          conversationId,
        );
        if (!conversation) return undefined;
        return repo.insertMessage(tx, member.organizationId, conversation.id, member.reviewer.id, text);
      });
      if (!row) throw notFound(MESSAGE_ERRORS.conversationNotFound);
      return toMessageDto(row);
    },
  };
}
