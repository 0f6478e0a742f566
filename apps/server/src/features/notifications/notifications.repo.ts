import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type NotificationRow = {
  id: string;
  type: string;
  message: string;
  song_id: string | null;
  sender_id: string | null;
  sender_name: string | null;
  conversation_id: string | null;
  read: boolean;
  created_at: Date | string;
  /** created_at as PostgreSQL prints it, to the microsecond: the page cursor (a JS Date keeps ms only). */
  created_at_text: string;
};

/** Who receives a notification: these reviewers, every member, or every member but the sender. */
export type Recipients = readonly string[] | 'all_members' | 'other_members';

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function recipientFilter(recipients: Recipients, senderId: string | null): SQL {
  if (recipients === 'all_members') return sql``;
  if (recipients === 'other_members') return senderId ? sql`and r.id <> ${senderId}::uuid` : sql``;
  return sql`and r.id in (${uuidList(recipients)})`;
}

/**
 * One notification per recipient. Recipients are looked up among the organization's reviewers, so an
 * id of another label (or a stale one) gets nothing; a sender outside the organization is dropped.
 * Answers each recipient with their address, whether they asked for this type by email, and the
 * sender's name (for the email).
 */
export async function insertNotifications(
  db: OrgTx,
  values: {
    organizationId: string;
    recipients: Recipients;
    senderId: string | null;
    type: string;
    message: string;
    songId: string | null;
    conversationId?: string | null;
  },
) {
  if (Array.isArray(values.recipients) && values.recipients.length === 0) return [];
  return queryRows<{ recipient_id: string; email: string; sender_name: string | null; wants_email: boolean }>(
    db,
    sql`with inserted as (
          insert into notifications (organization_id, recipient_id, sender_id, type, message, song_id,
            conversation_id)
          select ${values.organizationId}, r.id,
            (select s.id from reviewers s
             where s.id = ${values.senderId}::uuid and s.organization_id = ${values.organizationId}),
            ${values.type}, ${values.message}, ${values.songId}::uuid, ${values.conversationId ?? null}::uuid
          from reviewers r
          where r.organization_id = ${values.organizationId}
            ${recipientFilter(values.recipients, values.senderId)}
          returning recipient_id
        )
        select i.recipient_id, r.email, coalesce(p.email, false) as wants_email,
          (select s.name from reviewers s
           where s.id = ${values.senderId}::uuid and s.organization_id = ${values.organizationId}) as sender_name
        from inserted i
        join reviewers r on r.id = i.recipient_id
        left join notification_preferences p
          on p.reviewer_id = i.recipient_id and p.type = ${values.type}
          and p.organization_id = ${values.organizationId}`,
  );
}

const columns = sql`n.id, n.type, n.message, n.song_id, n.sender_id, s.name as sender_name, n.conversation_id, n.read,
  n.created_at, n.created_at::text as created_at_text`;

/** The caller's notifications, newest first, one page (keyset on created_at, id). */
export async function listNotifications(
  db: OrgTx,
  organizationId: string,
  recipientId: string,
  options: { limit: number; before?: { createdAt: string; id: string } | undefined },
) {
  return queryRows<NotificationRow>(
    db,
    sql`select ${columns}
        from notifications n left join reviewers s on s.id = n.sender_id
        where n.organization_id = ${organizationId} and n.recipient_id = ${recipientId}
          ${
            options.before
              ? sql`and (n.created_at, n.id) < (${options.before.createdAt}::timestamptz, ${options.before.id}::uuid)`
              : sql``
          }
        order by n.created_at desc, n.id desc
        limit ${options.limit}`,
  );
}

export async function countUnread(db: OrgTx, organizationId: string, recipientId: string) {
  const rows = await queryRows<{ count: number | string }>(
    db,
    sql`select count(*) as count from notifications
        where organization_id = ${organizationId} and recipient_id = ${recipientId} and not read`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Marks one of the caller's notifications read (never back to unread). Null when it is not theirs
 * (another reviewer's, another label's, or missing); otherwise whether it changed.
 */
export async function markRead(db: OrgTx, organizationId: string, recipientId: string, id: string) {
  const rows = await queryRows<{ changed: boolean }>(
    db,
    sql`with target as (
          select id, read from notifications
          where organization_id = ${organizationId} and recipient_id = ${recipientId} and id = ${id}
          for update
        ), changed as (
          update notifications n set read = true from target t where n.id = t.id and not t.read
          returning n.id
        )
        select exists(select 1 from changed) as changed from target`,
  );
  return rows[0] ? rows[0].changed : null;
}

/** Marks every unread notification of the caller read; answers how many changed. */
export async function markAllRead(db: OrgTx, organizationId: string, recipientId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update notifications set read = true
        where organization_id = ${organizationId} and recipient_id = ${recipientId} and not read
        returning id`,
  );
  return rows.length;
}

/** The caller's stored email choices (types without a row are off). */
export async function listPreferences(db: OrgTx, organizationId: string, reviewerId: string) {
  return queryRows<{ type: string; email: boolean }>(
    db,
    sql`select type, email from notification_preferences
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId}`,
  );
}

export async function upsertPreferences(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  preferences: readonly { type: string; email: boolean }[],
) {
  if (preferences.length === 0) return;
  const rows = sql.join(
    preferences.map((p) => sql`(${organizationId}::uuid, ${reviewerId}::uuid, ${p.type}, ${p.email})`),
    sql`, `,
  );
  await db.execute(
    sql`insert into notification_preferences (organization_id, reviewer_id, type, email)
        values ${rows}
        on conflict (reviewer_id, type) do update set email = excluded.email, updated_at = now()`,
  );
}
