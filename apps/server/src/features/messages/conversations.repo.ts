import type { ConversationType } from '@music-review/core/messages';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { readMarker } from './read-marker.ts';

export type ConversationRow = {
  id: string;
  organization_id: string;
  type: ConversationType;
  user1_id: string | null;
  user2_id: string | null;
  song_id: string | null;
  last_message_at: Date | string | null;
  last_message_preview: string | null;
  last_message_sender_id: string | null;
  last_sequence: number;
  created_at: Date | string;
};

const CONVERSATION_COLUMNS = sql`id, organization_id, type, user1_id, user2_id, song_id, last_message_at,
  last_message_preview, last_message_sender_id, last_sequence, created_at`;

export async function isMemberOf(db: OrgTx, organizationId: string, reviewerId: string) {
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
export async function createOrGetDm(db: OrgTx, organizationId: string, a: string, b: string) {
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

/** The song's chat, made when missing (create_or_get_song_chat_conversation); undefined when no such song. */
export async function createOrGetSongChat(db: OrgTx, organizationId: string, songId: string) {
  const song = await queryRows<{ id: string }>(
    db,
    sql`select id from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  if (!song[0]) return undefined;
  const inserted = await queryRows<ConversationRow>(
    db,
    sql`insert into conversations (organization_id, type, song_id)
        values (${organizationId}, 'song_chat', ${songId})
        on conflict (song_id) where type = 'song_chat' do nothing
        returning ${CONVERSATION_COLUMNS}`,
  );
  if (inserted[0]) return { conversation: inserted[0], created: true };
  const existing = await queryRows<ConversationRow>(
    db,
    sql`select ${CONVERSATION_COLUMNS} from conversations
        where organization_id = ${organizationId} and type = 'song_chat' and song_id = ${songId}`,
  );
  return { conversation: existing[0]!, created: false };
}

/** The member's own support conversation (one per member), if they opened one. */
export async function findSupportOf(db: OrgTx, organizationId: string, reviewerId: string) {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select ${CONVERSATION_COLUMNS} from conversations
        where organization_id = ${organizationId} and type = 'support' and user1_id = ${reviewerId}`,
  );
  return rows[0];
}

/** Opens the member's support conversation; undefined when it already existed (a concurrent open). */
export async function insertSupport(db: OrgTx, organizationId: string, reviewerId: string) {
  const rows = await queryRows<ConversationRow>(
    db,
    sql`insert into conversations (organization_id, type, user1_id)
        values (${organizationId}, 'support', ${reviewerId})
        on conflict (organization_id, user1_id) where type = 'support' do nothing
        returning ${CONVERSATION_COLUMNS}`,
  );
  return rows[0];
}

export { planAndTrials, recordTrial } from '../../platform/plans/feature-access.ts';

/** A conversation the member may see: their direct messages, and every song chat and support chat. */
export async function findVisibleConversation(
  db: OrgTx,
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

/**
 * Support desk only, outside any organization's row-level scope: the label of a support
 * conversation (nothing for any other type), so the desk can act inside that label.
 */
/** Owner level: support staff learn which label a support conversation belongs to. */
export async function findSupportConversationLabel(db: OwnerScope, conversationId: string) {
  const rows = await queryRows<{ organization_id: string }>(
    db,
    sql`select organization_id from conversations where id = ${conversationId} and type = 'support'`,
  );
  return rows[0]?.organization_id;
}

/** Support desk only: the label of a message in a support conversation. */
/** Owner level: support staff learn which label a support message belongs to. */
export async function findSupportMessageLabel(db: OwnerScope, messageId: string) {
  const rows = await queryRows<{ organization_id: string }>(
    db,
    sql`select m.organization_id from messages m
        join conversations c on c.id = m.conversation_id and c.organization_id = m.organization_id
        where m.id = ${messageId} and c.type = 'support'`,
  );
  return rows[0]?.organization_id;
}

export type ConversationSummaryRow = ConversationRow & {
  other_id: string | null;
  other_name: string | null;
  other_avatar_key: string | null;
  song_title: string | null;
  requester_name: string | null;
  organization_name: string | null;
  unread_count: number;
};

/**
 * Conversations as the panel lists them, with the caller's ($viewer) unread count in each: messages
 * from others, not deleted, without a read row of theirs (the same rule as the top bar's count).
 * `scope` filters the rows; newest activity first.
 */
function summaries(db: OrgTx | OwnerScope, viewerId: string, scope: SQL, limit?: number) {
  return queryRows<ConversationSummaryRow>(
    db,
    sql`select c.id, c.organization_id, c.type, c.user1_id, c.user2_id, c.song_id, c.last_message_at,
          c.last_message_preview, c.last_message_sender_id, c.last_sequence, c.created_at,
          other.id as other_id, other.name as other_name, other.avatar_key as other_avatar_key,
          s.title as song_title, req.name as requester_name, o.name as organization_name,
          (select count(*)::int from messages m
           where m.conversation_id = c.id and m.organization_id = c.organization_id
             and not m.is_deleted and m.sender_id is distinct from ${viewerId}::uuid
             and m.sequence > ${readMarker(sql`c.id`, viewerId)}
             and not exists (
               select 1 from message_reads r where r.message_id = m.id and r.user_id = ${viewerId}::uuid
             )) as unread_count
        from conversations c
        join organizations o on o.id = c.organization_id
        left join reviewers other on c.type = 'dm' and other.organization_id = c.organization_id
          and other.id = (case when c.user1_id = ${viewerId}::uuid then c.user2_id else c.user1_id end)
        left join songs s on c.type = 'song_chat' and s.id = c.song_id
        left join reviewers req on c.type = 'support' and req.id = c.user1_id
          and req.organization_id = c.organization_id
        where ${scope}
        order by c.last_message_at desc nulls last, c.created_at desc, c.id
        ${limit === undefined ? sql`` : sql`limit ${limit}`}`,
  );
}

/**
 * The member's conversations in their label: their direct conversations, and the label's song chats
 * and support conversations once something was said in them (opening a song's page makes its chat;
 * the member's own support conversation is listed from the start).
 */
export function listVisibleSummaries(db: OrgTx, organizationId: string, reviewerId: string) {
  return summaries(
    db,
    reviewerId,
    sql`c.organization_id = ${organizationId}
      and (c.type <> 'dm' or ${reviewerId}::uuid in (c.user1_id, c.user2_id))
      and (c.type = 'dm' or c.last_message_at is not null
        or (c.type = 'support' and c.user1_id = ${reviewerId}::uuid))`,
  );
}

export async function findVisibleSummary(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  conversationId: string,
) {
  const rows = await summaries(
    db,
    reviewerId,
    sql`c.organization_id = ${organizationId} and c.id = ${conversationId}
      and (c.type <> 'dm' or ${reviewerId}::uuid in (c.user1_id, c.user2_id))`,
  );
  return rows[0];
}

/**
 * Support desk only, across every label (the caller's connection is not bound to one): support
 * conversations in which something was asked, and nothing else.
 */
/** Owner level: the support inbox spans every label. */
export function listSupportSummaries(db: OwnerScope, staffReviewerId: string, limit: number) {
  return summaries(db, staffReviewerId, sql`c.type = 'support' and c.last_message_at is not null`, limit);
}
