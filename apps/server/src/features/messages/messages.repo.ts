import type { AttachmentType } from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { type Database, type OrgTx, queryRows } from '../../platform/db/index.ts';
import { readMarker } from './read-marker.ts';

export {
  type ConversationRow,
  createOrGetDm,
  findVisibleConversation,
  isMemberOf,
} from './conversations.repo.ts';

/**
 * What counts as unread for one member ($2) of an organization ($1): messages of the conversations
 * they belong to (their direct messages; the label's song chats and support conversations, which
 * the whole label sees), sent by someone else, not deleted, after the member's read marker in the
 * conversation and without a message_reads row of theirs. A message whose sender was removed
 * (sender_id null) still counts. The conversation list's per-conversation counts follow the same
 * rule (conversations.repo.ts), so they add up to this. The markers are read once, per conversation.
 */
const UNREAD_COUNT_SQL = `
with marks as (
  select rm.conversation_id, max(rm.sequence) as upto
  from message_reads r join messages rm on rm.id = r.message_id
  where r.user_id = $2::uuid and r.through and r.organization_id = $1::uuid
  group by rm.conversation_id
)
select count(*)::int as count
from messages m
join conversations c on c.id = m.conversation_id
left join marks k on k.conversation_id = m.conversation_id
where m.organization_id = $1::uuid and c.organization_id = $1::uuid
  and (c.type in ('song_chat', 'support') or (c.type = 'dm' and $2::uuid in (c.user1_id, c.user2_id)))
  and m.sender_id is distinct from $2::uuid
  and not m.is_deleted
  and m.sequence > coalesce(k.upto, 0)
  and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = $2::uuid)`;

export async function countUnreadMessages(database: Database, organizationId: string, reviewerId: string) {
  const rows = await database.preparedAsOrg<{ count: number }>(
    organizationId,
    'unread_message_count_v2',
    UNREAD_COUNT_SQL,
    [organizationId, reviewerId],
  );
  return Number(rows[0]?.count ?? 0);
}

/** The caller's unread messages in one conversation (the rule of UNREAD_COUNT_SQL). */
export async function countUnreadIn(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  reviewerId: string,
) {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from messages m
        where m.organization_id = ${organizationId} and m.conversation_id = ${conversationId}
          and not m.is_deleted and m.sender_id is distinct from ${reviewerId}::uuid
          and m.sequence > ${readMarker(sql`${conversationId}::uuid`, reviewerId)}
          and not exists (
            select 1 from message_reads r where r.message_id = m.id and r.user_id = ${reviewerId}::uuid
          )`,
  );
  return Number(rows[0]?.count ?? 0);
}

/** Sequences are PostgreSQL integers: a larger bound asked for means "all of them". */
export const MAX_SEQUENCE = 2_147_483_647;
export const clampSequence = (n: number) => Math.max(-1, Math.min(n, MAX_SEQUENCE));

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  /** The sender's name when their reviewer row is visible in this label (support staff's is not). */
  sender_name: string | null;
  sequence: number;
  message_text: string;
  /** JSON array of ids (both drivers parse JSON; uuid[] parsing differs). */
  mentioned_user_ids: string[] | null;
  created_at: Date | string;
  is_deleted: boolean;
  attachment_type: AttachmentType | null;
  metadata_form_link: string | null;
  metadata_song_title: string | null;
};

const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.sender_id, r.name as sender_name, m.sequence,
  m.message_text, to_json(m.mentioned_user_ids) as mentioned_user_ids, m.created_at, m.is_deleted,
  m.attachment_type, m.metadata_form_link, m.metadata_song_title`;

export interface MessageExtras {
  mentionedUserIds?: readonly string[];
  attachment?: { type: AttachmentType; link: string; songTitle: string | null } | undefined;
}

/**
 * Adds a message: the conversation's counter gives it the next sequence number and its last-message
 * fields follow, in the caller's transaction. The update takes the conversation's row lock, so
 * concurrent sends take turns: sequences run 1, 2, 3... without gaps or repeats, and created_at
 * (the clock at that moment, not the transaction's start) rises with them.
 */
export async function insertMessage(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  senderId: string,
  text: string,
  extras: MessageExtras = {},
): Promise<MessageRow | undefined> {
  const [bumped] = await queryRows<{ last_sequence: number }>(
    db,
    sql`update conversations set last_sequence = last_sequence + 1, last_message_at = clock_timestamp(),
          last_message_preview = left(${text}, 100), last_message_sender_id = ${senderId}
        where organization_id = ${organizationId} and id = ${conversationId}
        returning last_sequence`,
  );
  if (!bumped) return undefined;
  const mentioned = extras.mentionedUserIds ?? [];
  const attachment = extras.attachment;
  const [row] = await queryRows<MessageRow>(
    db,
    sql`with m as (
          insert into messages (conversation_id, sender_id, organization_id, sequence, message_text,
            mentioned_user_ids, created_at, attachment_type, metadata_form_link, metadata_song_title)
          values (${conversationId}, ${senderId}, ${organizationId}, ${bumped.last_sequence}, ${text},
            ${uuidArray(mentioned)},
            (select last_message_at from conversations where id = ${conversationId}),
            ${attachment?.type ?? null}, ${attachment?.link ?? null},
            ${attachment?.songTitle ?? null})
          returning *
        )
        select ${MESSAGE_COLUMNS} from m left join reviewers r on r.id = m.sender_id`,
  );
  return row;
}

const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`;

/**
 * Of the given ids, the members who may be mentioned in the conversation: members of its label who
 * can see it (for a direct conversation, its two members), not the sender.
 */
export async function mentionableMembers(
  db: OrgTx,
  organizationId: string,
  conversation: { type: string; user1_id: string | null; user2_id: string | null },
  senderId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from reviewers
        where organization_id = ${organizationId} and id = any(${uuidArray(ids)}) and id <> ${senderId}
          ${conversation.type === 'dm' ? sql`and id in (${conversation.user1_id}, ${conversation.user2_id})` : sql``}`,
  );
  // In the order they were given.
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => found.has(id));
}

export async function insertMentions(
  db: OrgTx,
  values: {
    organizationId: string;
    conversationId: string;
    messageId: string;
    mentionedBy: string;
    mentioned: readonly string[];
  },
) {
  if (values.mentioned.length === 0) return;
  const rows = sql.join(
    values.mentioned.map(
      (id) =>
        sql`(${values.messageId}::uuid, ${id}::uuid, ${values.mentionedBy}::uuid, ${values.conversationId}::uuid, ${values.organizationId}::uuid)`,
    ),
    sql`, `,
  );
  await db.execute(
    sql`insert into message_mentions
          (message_id, mentioned_user_id, mentioned_by_user_id, conversation_id, organization_id)
        values ${rows}`,
  );
}

export type MentionRow = {
  id: string;
  message_id: string;
  conversation_id: string;
  conversation_type: 'dm' | 'song_chat' | 'support';
  song_id: string | null;
  message_text: string;
  mentioned_by_name: string | null;
  created_at: Date | string;
};

/**
 * Mentions of the caller in messages they have not read, in conversations they may see (a direct
 * conversation only when they are one of its two members).
 */
export async function unreadMentions(db: OrgTx, organizationId: string, reviewerId: string, limit: number) {
  return queryRows<MentionRow>(
    db,
    sql`select mm.id, mm.message_id, mm.conversation_id, c.type as conversation_type, c.song_id,
          m.message_text, by_whom.name as mentioned_by_name, m.created_at
        from message_mentions mm
        join messages m on m.id = mm.message_id
        join conversations c on c.id = mm.conversation_id
        left join reviewers by_whom on by_whom.id = mm.mentioned_by_user_id
        where mm.organization_id = ${organizationId} and mm.mentioned_user_id = ${reviewerId}
          and not m.is_deleted
          and (c.type <> 'dm' or ${reviewerId} in (c.user1_id, c.user2_id))
          and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = ${reviewerId})
          and m.sequence > ${readMarker(sql`m.conversation_id`, reviewerId)}
        order by m.created_at desc, mm.id
        limit ${limit}`,
  );
}

/**
 * One page of a conversation's messages, deleted ones left out, ascending by sequence: after a
 * sequence (the oldest first), before one (the newest `limit` of those), between both, or the newest.
 */
export async function listMessages(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  page: { after?: number | undefined; before?: number | undefined; limit: number },
) {
  const newestFirst = page.after === undefined;
  const rows = await queryRows<MessageRow>(
    db,
    sql`select ${MESSAGE_COLUMNS}
        from messages m left join reviewers r on r.id = m.sender_id
        where m.organization_id = ${organizationId} and m.conversation_id = ${conversationId}
          and not m.is_deleted
          ${page.after === undefined ? sql`` : sql`and m.sequence > ${clampSequence(page.after)}`}
          ${page.before === undefined ? sql`` : sql`and m.sequence < ${clampSequence(page.before)}`}
        order by m.sequence ${newestFirst ? sql`desc` : sql`asc`}
        limit ${page.limit}`,
  );
  return newestFirst ? rows.reverse() : rows;
}

/** Whether a message the list would show exists before a sequence. */
export async function hasMessagesBefore(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  sequence: number,
) {
  const rows = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (
          select 1 from messages
          where organization_id = ${organizationId} and conversation_id = ${conversationId}
            and not is_deleted and sequence < ${clampSequence(sequence)}
        ) as found`,
  );
  return rows[0]?.found === true;
}

export type MessageOwnerRow = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  is_deleted: boolean;
};

/** A message of a conversation the member may see (their direct messages, the label's other chats). */
export async function findVisibleMessage(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  messageId: string,
) {
  const rows = await queryRows<MessageOwnerRow>(
    db,
    sql`select m.id, m.conversation_id, m.sender_id, m.is_deleted
        from messages m join conversations c on c.id = m.conversation_id
        where m.organization_id = ${organizationId} and c.organization_id = ${organizationId}
          and m.id = ${messageId}
          and (c.type <> 'dm' or ${reviewerId}::uuid in (c.user1_id, c.user2_id))
        for update of m`,
  );
  return rows[0];
}

/** Support desk only: a message of a support conversation of this label. */
export async function findSupportMessage(db: OrgTx, organizationId: string, messageId: string) {
  const rows = await queryRows<MessageOwnerRow>(
    db,
    sql`select m.id, m.conversation_id, m.sender_id, m.is_deleted
        from messages m join conversations c on c.id = m.conversation_id
        where m.organization_id = ${organizationId} and c.organization_id = ${organizationId}
          and m.id = ${messageId} and c.type = 'support'
        for update of m`,
  );
  return rows[0];
}

/**
 * Marks a message deleted (it disappears for everyone) and points the conversation's last-message
 * fields at the newest message left (all null when none is).
 */
export async function markDeleted(
  db: OrgTx,
  organizationId: string,
  message: { id: string; conversation_id: string },
) {
  await db.execute(
    sql`update messages set is_deleted = true
        where organization_id = ${organizationId} and id = ${message.id} and not is_deleted`,
  );
  await db.execute(
    sql`update conversations c
        set (last_message_at, last_message_preview, last_message_sender_id) = (
          select m.created_at, left(m.message_text, 100), m.sender_id from messages m
          where m.conversation_id = c.id and m.organization_id = c.organization_id and not m.is_deleted
          order by m.sequence desc limit 1
        )
        where c.organization_id = ${organizationId} and c.id = ${message.conversation_id}`,
  );
}
