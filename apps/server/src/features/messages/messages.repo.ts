import { sql } from 'drizzle-orm';
import { type Database, type Queryable, queryRows } from '../../platform/db/index.ts';

/**
 * What counts as unread for one member ($2) of an organization ($1): messages of the conversations
 * they belong to (their direct messages; the label's song chats and support conversations, which
 * the whole label sees), sent by someone else, not deleted, and without a message_reads row of
 * theirs. A message whose sender was removed (sender_id null) still counts.
 */
const UNREAD_COUNT_SQL = `
select count(*)::int as count
from messages m
join conversations c on c.id = m.conversation_id
where m.organization_id = $1::uuid and c.organization_id = $1::uuid
  and (c.type in ('song_chat', 'support') or (c.type = 'dm' and $2::uuid in (c.user1_id, c.user2_id)))
  and m.sender_id is distinct from $2::uuid
  and not m.is_deleted
  and not exists (select 1 from message_reads r where r.message_id = m.id and r.user_id = $2::uuid)`;

export async function countUnreadMessages(database: Database, organizationId: string, reviewerId: string) {
  const rows = await database.preparedAsOrg<{ count: number }>(
    organizationId,
    'unread_message_count',
    UNREAD_COUNT_SQL,
    [organizationId, reviewerId],
  );
  return Number(rows[0]?.count ?? 0);
}

export type ConversationRow = {
  id: string;
  type: 'dm' | 'song_chat' | 'support';
  user1_id: string | null;
  user2_id: string | null;
  song_id: string | null;
  last_message_at: Date | string | null;
  last_message_preview: string | null;
  last_message_sender_id: string | null;
  created_at: Date | string;
};

const CONVERSATION_COLUMNS = sql`id, type, user1_id, user2_id, song_id, last_message_at, last_message_preview,
  last_message_sender_id, created_at`;

export async function isMemberOf(db: Queryable, organizationId: string, reviewerId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from reviewers where organization_id = ${organizationId} and id = ${reviewerId}`,
  );
  return rows.length > 0;
}

/**
 * The direct conversation of two members, made when missing (create_or_get_dm_conversation). The
 * pair is stored smaller id first, so the unique index conversations_dm_pair_key holds one per pair.
 */
export async function createOrGetDm(db: Queryable, organizationId: string, a: string, b: string) {
  const [user1, user2] = a < b ? [a, b] : [b, a];
  const inserted = await queryRows<ConversationRow>(
    db,
    sql`insert into conversations (organization_id, type, user1_id, user2_id)
        values (${organizationId}, 'dm', ${user1}, ${user2})
        on conflict (organization_id, user1_id, user2_id) where type = 'dm' do nothing
        returning ${CONVERSATION_COLUMNS}`,
  );
  if (inserted[0]) return { conversation: inserted[0], created: true };
  const existing = await queryRows<ConversationRow>(
    db,
    sql`select ${CONVERSATION_COLUMNS} from conversations
        where organization_id = ${organizationId} and type = 'dm' and user1_id = ${user1} and user2_id = ${user2}`,
  );
  return { conversation: existing[0]!, created: false };
}

/** A conversation the member may see: their direct messages, and every song chat and support chat. */
export async function findVisibleConversation(
  db: Queryable,
  organizationId: string,
  reviewerId: string,
  conversationId: string,
) {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select ${CONVERSATION_COLUMNS} from conversations
        where organization_id = ${organizationId} and id = ${conversationId}
          and (type <> 'dm' or ${reviewerId} in (user1_id, user2_id))`,
  );
  return rows[0];
}

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string | null;
  sequence: number;
  message_text: string;
  created_at: Date | string;
};

/**
 * Adds a message: the conversation's counter gives it the next sequence number (the row lock makes
 * concurrent sends take turns) and its last-message fields follow.
 */
export async function insertMessage(
  db: Queryable,
  organizationId: string,
  conversationId: string,
  senderId: string,
  text: string,
) {
  const [bumped] = await queryRows<{ last_sequence: number }>(
    db,
    sql`update conversations set last_sequence = last_sequence + 1, last_message_at = now(),
          last_message_preview = left(${text}, 100), last_message_sender_id = ${senderId}
        where organization_id = ${organizationId} and id = ${conversationId}
        returning last_sequence`,
  );
  if (!bumped) return undefined;
  const [row] = await queryRows<MessageRow>(
    db,
    sql`insert into messages (conversation_id, sender_id, organization_id, sequence, message_text)
        values (${conversationId}, ${senderId}, ${organizationId}, ${bumped.last_sequence}, ${text})
        returning id, conversation_id, sender_id, sequence, message_text, created_at`,
  );
  return row;
}
