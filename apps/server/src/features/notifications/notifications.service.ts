import {
  isNotificationType,
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationDto,
  type NotificationListDto,
  type NotificationPreferencesDto,
  type NotificationReadDto,
  type NotificationType,
  notificationTarget,
} from '@music-review/core/notifications';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { linkMail, type Mail } from '../../platform/mail/mailer.ts';
import * as repo from './notifications.repo.ts';

export type { Recipients } from './notifications.repo.ts';

export interface NotifyInput {
  organizationId: string;
  /** Reviewer ids, every member ('all_members'), or every member but the sender ('other_members'). */
  recipients: repo.Recipients;
  /** The member the notification is from (their name is shown); null for the system. */
  senderId: string | null;
  type: NotificationType;
  message: string;
  songId?: string | null;
  /** A mention's conversation: stored on the row, and the email links to it. */
  conversationId?: string | null;
}

export interface Notified {
  /** Who got the notification (members of the organization only). */
  recipientIds: string[];
  /**
   * Sends the email to each recipient who asked for this type by email. Call it after the
   * transaction committed: a rolled-back notification must not be mailed, and the dev mailbox writes
   * through its own connection. It never throws; a failed mail is logged and counted.
   */
  sendEmails(): Promise<{ sent: number; failed: number }>;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// created_at as PostgreSQL prints it (ISO DateStyle), e.g. 2026-03-01 12:00:00.123456+00.
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2}){0,2}|Z)?$/;

export function encodeCursor(row: { created_at_text: string; id: string }) {
  return Buffer.from(`${row.created_at_text}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string) {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!createdAt || !id || !PG_TIMESTAMP.test(createdAt) || !UUID.test(id)) {
    throw new AppError('validation_failed', 'cursor: the page cursor is not valid');
  }
  return { createdAt, id };
}

function toDto(row: repo.NotificationRow): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    message: row.message,
    song_id: row.song_id,
    sender_id: row.sender_id,
    sender_name: row.sender_name,
    conversation_id: row.conversation_id,
    read: row.read,
    created_at: iso(row.created_at),
  };
}

/**
 * The one way to notify members (later features reuse it): the bell rows, in the caller's
 * transaction, and the emails of those who opted in for the type, sent after commit.
 */
export function createNotificationsService(ctx: AppContext) {
  const { database, mailer, config } = ctx;

  function emailFor(
    to: string,
    input: {
      type: NotificationType;
      message: string;
      songId: string | null;
      conversationId: string | null;
      senderName: string | null;
    },
  ): Mail {
    const target = notificationTarget(input.type, input.songId, input.conversationId);
    const label = NOTIFICATION_TYPE_LABELS[input.type];
    return linkMail(
      to,
      `${label}: ${input.message}`,
      input.senderName ? `${input.senderName}: ${input.message}` : input.message,
      'Open Music Review',
      `${config.appUrl}${target?.path ?? '/'}`,
      {
        footer: `You get this email because you chose "${label}" in your notification settings. You can change that on your profile page.`,
      },
    );
  }

  return {
    /**
     * Notifies the recipients inside the caller's transaction (bound to input.organizationId).
     * Call `sendEmails()` on the answer once that transaction has committed.
     */
    async notify(tx: OrgTx, input: NotifyInput): Promise<Notified> {
      if (!isNotificationType(input.type)) throw new Error(`unknown notification type ${input.type}`);
      const rows = await repo.insertNotifications(tx, {
        organizationId: input.organizationId,
        recipients: input.recipients,
        senderId: input.senderId,
        type: input.type,
        message: input.message,
        songId: input.songId ?? null,
        conversationId: input.conversationId ?? null,
      });
      const pending = rows
        .filter((r) => r.wants_email && r.email)
        .map((r) =>
          emailFor(r.email, {
            type: input.type,
            message: input.message,
            songId: input.songId ?? null,
            conversationId: input.conversationId ?? null,
            senderName: r.sender_name,
          }),
        );
      return {
        recipientIds: rows.map((r) => r.recipient_id),
        async sendEmails() {
          const results = await Promise.allSettled(pending.map((mail) => mailer.send(mail)));
          let failed = 0;
          for (const result of results) {
            if (result.status === 'rejected') {
              failed += 1;
              console.warn('notification email could not be sent', result.reason);
            }
          }
          return { sent: results.length - failed, failed };
        },
      };
    },

    /** notify() in a transaction of its own, with the emails sent after it committed. */
    async notifyNow(input: NotifyInput) {
      const notified = await database.withOrg(input.organizationId, (tx) => this.notify(tx, input));
      await notified.sendEmails();
      return notified.recipientIds;
    },

    async list(
      member: Member,
      options: { limit: number; cursor?: string | undefined },
    ): Promise<NotificationListDto> {
      const before = options.cursor ? decodeCursor(options.cursor) : undefined;
      const { rows, unread } = await database.withOrg(member.organizationId, async (tx) => ({
        rows: await repo.listNotifications(tx, member.organizationId, member.reviewer.id, {
          limit: options.limit + 1,
          before,
        }),
        unread: await repo.countUnread(tx, member.organizationId, member.reviewer.id),
      }));
      const page = rows.slice(0, options.limit);
      const last = page[page.length - 1];
      return {
        notifications: page.map(toDto),
        unread_count: unread,
        next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null,
      };
    },

    /** 404 unless the notification is the caller's own: another reviewer's or label's ids are not found. */
    async markRead(member: Member, id: string): Promise<NotificationReadDto> {
      return database.withOrg(member.organizationId, async (tx) => {
        const changed = await repo.markRead(tx, member.organizationId, member.reviewer.id, id);
        if (changed === null) throw notFound('Notification not found');
        return {
          updated: changed ? 1 : 0,
          unread_count: await repo.countUnread(tx, member.organizationId, member.reviewer.id),
        };
      });
    },

    async markAllRead(member: Member): Promise<NotificationReadDto> {
      const updated = await database.withOrg(member.organizationId, (tx) =>
        repo.markAllRead(tx, member.organizationId, member.reviewer.id),
      );
      return { updated, unread_count: 0 };
    },

    async preferences(member: Member): Promise<NotificationPreferencesDto> {
      const stored = await database.withOrg(member.organizationId, (tx) =>
        repo.listPreferences(tx, member.organizationId, member.reviewer.id),
      );
      const byType = new Map(stored.map((p) => [p.type, p.email]));
      return {
        preferences: NOTIFICATION_TYPES.map((type) => ({
          type,
          label: NOTIFICATION_TYPE_LABELS[type],
          email: byType.get(type) ?? false,
        })),
      };
    },

    /** Stores the given types' choices (others stay as they are) and answers every type. */
    async updatePreferences(
      member: Member,
      preferences: readonly { type: NotificationType; email: boolean }[],
    ): Promise<NotificationPreferencesDto> {
      // The last choice for a type wins (one row per type in a single insert).
      const byType = new Map(preferences.map((p) => [p.type, p.email]));
      await database.withOrg(member.organizationId, (tx) =>
        repo.upsertPreferences(
          tx,
          member.organizationId,
          member.reviewer.id,
          [...byType].map(([type, email]) => ({ type, email })),
        ),
      );
      return this.preferences(member);
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
