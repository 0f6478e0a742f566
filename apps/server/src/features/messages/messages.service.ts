import {
  type ConversationReadDto,
  type MarkReadResultDto,
  MESSAGE_ERRORS,
  type MessageDto,
  type MessagePageDto,
  type MessagePageQuery,
  mentionNotificationText,
  type SendMessageBody,
  TYPING_VISIBLE_MS,
  type TypingDto,
  type UnreadMessageCountDto,
} from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { type ConversationAccess, type ConversationScope, createConversationAccess } from './access.ts';
import * as activity from './activity.repo.ts';
import { createAvatarUrls } from './conversations.service.ts';
import { titleOf, toMessageDto } from './dto.ts';
import * as repo from './messages.repo.ts';
import { staffProfiles } from './support-staff.ts';

/** PostgreSQL text cannot hold NUL characters: they are dropped (nobody can see them anyway). */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** The body as stored: NUL characters dropped, and what is then blank refused like blank text. */
function storable(body: SendMessageBody) {
  const text = withoutNul(body.message_text).trim();
  if (!text) throw new AppError('validation_failed', MESSAGE_ERRORS.empty);
  const attachment = body.attachment && {
    type: body.attachment.type,
    link: withoutNul(body.attachment.link),
    songTitle: body.attachment.song_title ? withoutNul(body.attachment.song_title) : null,
  };
  if (attachment && !attachment.link) throw new AppError('validation_failed', MESSAGE_ERRORS.attachmentLink);
  return { text, attachment };
}

/**
 * The caller's mentions in messages they have not read (newest first, at most `limit`), read in the
 * caller's transaction bound to organizationId. The home page lists them beside its other items.
 */
export function unreadMentions(
  tx: OrgTx,
  organizationId: string,
  reviewerId: string,
  limit: number,
): Promise<repo.MentionRow[]> {
  return repo.unreadMentions(tx, organizationId, reviewerId, limit);
}

/**
 * Posts a plain message as the sender into a conversation of the organization, in the caller's
 * transaction bound to it, with the conversation's next sequence (see repo.insertMessage); no
 * mentions and no notifications. Undefined when there is no such conversation. For features that
 * announce something in a chat they already checked the caller may see (a call's join link).
 */
export function postMessage(
  tx: OrgTx,
  organizationId: string,
  conversationId: string,
  senderId: string,
  text: string,
): Promise<repo.MessageRow | undefined> {
  return repo.insertMessage(tx, organizationId, conversationId, senderId, text);
}

/**
 * The messages service. The routes share one conversation access with the conversations service;
 * another feature that sends messages (metadata forms) lets it make its own.
 */
export function createMessagesService(
  ctx: AppContext,
  access: ConversationAccess = createConversationAccess(ctx),
) {
  const { database, config } = ctx;
  const notifications = createNotificationsService(ctx);
  const avatarUrl = createAvatarUrls(ctx);

  /**
   * Support staff's rows in a label are hidden from that label's scope: in a support conversation,
   * people without a visible name are looked up among the staff.
   */
  async function staffFor(scope: ConversationScope, ids: Iterable<string | null>) {
    if (scope.conversation.type !== 'support') return new Map();
    const missing = [...ids].filter((id): id is string => id !== null);
    return staffProfiles(database, config, missing);
  }

  async function messageDtos(scope: ConversationScope, rows: repo.MessageRow[]): Promise<MessageDto[]> {
    const staff = await staffFor(
      scope,
      rows.filter((r) => r.sender_name === null).map((r) => r.sender_id),
    );
    return rows.map((row) =>
      toMessageDto(row, row.sender_name ?? staff.get(row.sender_id ?? '')?.name ?? null),
    );
  }

  /** How the bell names the conversation a member was mentioned in. */
  async function conversationTitle(tx: OrgTx, scope: ConversationScope) {
    const { conversation } = scope;
    let songTitle: string | null = null;
    if (conversation.type === 'song_chat' && conversation.song_id) {
      const [song] = await queryRows<{ title: string }>(
        tx,
        sql`select title from songs where organization_id = ${scope.organizationId} and id = ${conversation.song_id}`,
      );
      songTitle = song?.title ?? null;
    }
    return titleOf({ type: conversation.type, other_name: null, song_title: songTitle });
  }

  return {
    async unreadCount(member: Member): Promise<UnreadMessageCountDto> {
      return {
        count: await repo.countUnreadMessages(database, member.organizationId, member.reviewer.id),
      };
    },

    /** GET .../messages: one page, ascending by sequence, deleted messages left out. */
    async list(member: Member, conversationId: string, page: MessagePageQuery): Promise<MessagePageDto> {
      const { scope, rows, hasMoreBefore } = await access.inConversation(
        member,
        conversationId,
        async (tx, scope) => {
          const rows = await repo.listMessages(tx, scope.organizationId, conversationId, page);
          // Older than the first one shown; with nothing shown, older than where the page began.
          const boundary =
            rows[0]?.sequence ??
            (page.after !== undefined
              ? page.after + 1
              : (page.before ?? scope.conversation.last_sequence + 1));
          const hasMoreBefore = await repo.hasMessagesBefore(
            tx,
            scope.organizationId,
            conversationId,
            boundary,
          );
          return { scope, rows, hasMoreBefore };
        },
      );
      return {
        messages: await messageDtos(scope, rows),
        last_sequence: Number(scope.conversation.last_sequence),
        has_more_before: hasMoreBefore,
      };
    },

    /**
     * POST .../messages: stored with the conversation's next sequence (see repo.insertMessage),
     * mentions checked and recorded, each mentioned member notified; the emails go after commit.
     */
    async send(member: Member, conversationId: string, body: SendMessageBody): Promise<MessageDto> {
      const senderId = member.reviewer.id;
      const { text, attachment } = storable(body);
      const { scope, row, notified } = await access.inConversation(
        member,
        conversationId,
        async (tx, scope) => {
          const mentioned = await repo.mentionableMembers(
            tx,
            scope.organizationId,
            scope.conversation,
            senderId,
            body.mentioned_user_ids ?? [],
          );
          const row = await repo.insertMessage(tx, scope.organizationId, conversationId, senderId, text, {
            mentionedUserIds: mentioned,
            attachment,
          });
          if (!row) throw new AppError('not_found', MESSAGE_ERRORS.conversationNotFound);
          if (mentioned.length === 0) return { scope, row, notified: undefined };
          await repo.insertMentions(tx, {
            organizationId: scope.organizationId,
            conversationId,
            messageId: row.id,
            mentionedBy: senderId,
            mentioned,
          });
          const title = await conversationTitle(tx, scope);
          const notified = await notifications.notify(tx, {
            organizationId: scope.organizationId,
            recipients: mentioned,
            senderId,
            type: 'mention',
            message: mentionNotificationText(member.reviewer.name, { type: scope.conversation.type, title }),
            songId: scope.conversation.song_id,
            conversationId,
          });
          return { scope, row, notified };
        },
      );
      await notified?.sendEmails();
      const [dto] = await messageDtos(scope, [row]);
      return dto!;
    },

    /** DELETE /api/v1/messages/:id: the sender, or an admin of the message's label. */
    async remove(member: Member, messageId: string): Promise<void> {
      await access.inMessage(member, messageId, async (tx, scope) => {
        const isSender = scope.message.sender_id === member.reviewer.id;
        const isLabelAdmin = !scope.asSupportDesk && member.reviewer.isAdmin;
        if (!isSender && !isLabelAdmin) throw new AppError('forbidden', MESSAGE_ERRORS.deleteNotAllowed);
        if (!scope.message.is_deleted) await repo.markDeleted(tx, scope.organizationId, scope.message);
      });
    },

    /** POST .../read: read up to a sequence; answers what is left unread in the conversation. */
    async markRead(member: Member, conversationId: string, upToSequence: number): Promise<MarkReadResultDto> {
      return access.inConversation(member, conversationId, async (tx, scope) => {
        await activity.markReadUpTo(
          tx,
          scope.organizationId,
          conversationId,
          member.reviewer.id,
          upToSequence,
        );
        return {
          unread_count: await repo.countUnreadIn(
            tx,
            scope.organizationId,
            conversationId,
            member.reviewer.id,
          ),
        };
      });
    },

    /** GET .../reads: who read how far (people whose account is gone are left out). */
    async reads(member: Member, conversationId: string): Promise<ConversationReadDto[]> {
      const { scope, rows } = await access.inConversation(member, conversationId, async (tx, scope) => ({
        scope,
        rows: await activity.listReads(tx, scope.organizationId, conversationId),
      }));
      const staff = await staffFor(
        scope,
        rows.filter((r) => r.name === null).map((r) => r.reviewer_id),
      );
      const reads: ConversationReadDto[] = [];
      for (const row of rows) {
        const profile =
          row.name !== null ? { name: row.name, avatar_key: row.avatar_key } : staff.get(row.reviewer_id);
        if (!profile) continue;
        reads.push({
          reviewer_id: row.reviewer_id,
          name: profile.name,
          avatar_url: await avatarUrl(profile.avatar_key),
          avatar_key: profile.avatar_key,
          last_read_sequence: Number(row.last_read_sequence),
        });
      }
      return reads;
    },

    /** PUT .../typing: the caller typed just now. */
    async typing(member: Member, conversationId: string): Promise<void> {
      await access.inConversation(member, conversationId, (tx, scope) =>
        activity.touchTyping(tx, scope.organizationId, conversationId, member.reviewer.id),
      );
    },

    /** DELETE .../typing: the caller stopped typing. */
    async stopTyping(member: Member, conversationId: string): Promise<void> {
      await access.inConversation(member, conversationId, (tx, scope) =>
        activity.stopTyping(tx, scope.organizationId, conversationId, member.reviewer.id),
      );
    },

    /** GET .../typing: others who typed within TYPING_VISIBLE_MS. */
    async whoIsTyping(member: Member, conversationId: string): Promise<TypingDto[]> {
      const { scope, rows } = await access.inConversation(member, conversationId, async (tx, scope) => ({
        scope,
        rows: await activity.listTyping(
          tx,
          scope.organizationId,
          conversationId,
          member.reviewer.id,
          TYPING_VISIBLE_MS,
        ),
      }));
      const staff = await staffFor(
        scope,
        rows.filter((r) => r.name === null).map((r) => r.reviewer_id),
      );
      return rows.flatMap((row) => {
        const name = row.name ?? staff.get(row.reviewer_id)?.name;
        return name ? [{ reviewer_id: row.reviewer_id, name }] : [];
      });
    },
  };
}
