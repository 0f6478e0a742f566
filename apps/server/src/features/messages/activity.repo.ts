import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { clampSequence } from './messages.repo.ts';
import { readMarker } from './read-marker.ts';

/**
 * Read receipts (message_reads, upserted on message_id + user_id): the member has read the
 * conversation up to a sequence, i.e. every message up to it that others sent and nobody deleted.
 * One row, whatever the number of messages (decision 0018): a read marker (`through`) on the last
 * such message, which covers every earlier one; so one realtime change tells the others. Nothing is
 * written when the member's marker already covers that message. A row that exists (a receipt of
 * that message alone) becomes the marker; read_at stays when it was first read.
 */
export async function markReadUpTo(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  reviewerId: string,
  upToSequence: number,
) {
  await db.execute(
    sql`insert into message_reads (message_id, user_id, organization_id, through)
        select m.id, ${reviewerId}::uuid, m.organization_id, true from messages m
        where m.organization_id = ${organizationId} and m.conversation_id = ${conversationId}
          and m.sequence <= ${clampSequence(upToSequence)} and not m.is_deleted
          and m.sender_id is distinct from ${reviewerId}::uuid
          and m.sequence > ${readMarker(sql`${conversationId}::uuid`, reviewerId)}
        order by m.sequence desc
        limit 1
        on conflict (message_id, user_id) do update set through = true`,
  );
}

export type ReadRow = {
  reviewer_id: string;
  name: string | null;
  avatar_key: string | null;
  last_read_sequence: number;
};

/** Per member who read anything in the conversation: the highest sequence they read. */
export async function listReads(db: OrgTx, organizationId: string, conversationId: string) {
  return queryRows<ReadRow>(
    db,
    sql`select r.user_id as reviewer_id, rv.name, rv.avatar_key, max(m.sequence)::int as last_read_sequence
        from messages m
        join message_reads r on r.message_id = m.id
        left join reviewers rv on rv.id = r.user_id
        where m.organization_id = ${organizationId} and m.conversation_id = ${conversationId}
        group by r.user_id, rv.name, rv.avatar_key
        order by max(m.sequence) desc, r.user_id`,
  );
}

/** update_typing_indicator: the member typed just now. */
export async function touchTyping(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  reviewerId: string,
) {
  await db.execute(
    sql`insert into typing_indicators (conversation_id, reviewer_id, organization_id, last_typing)
        values (${conversationId}, ${reviewerId}, ${organizationId}, now())
        on conflict (conversation_id, reviewer_id) do update set last_typing = excluded.last_typing`,
  );
}

/** stop_typing. */
export async function stopTyping(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  reviewerId: string,
) {
  await db.execute(
    sql`delete from typing_indicators
        where organization_id = ${organizationId} and conversation_id = ${conversationId}
          and reviewer_id = ${reviewerId}`,
  );
}

/** Others who typed in the conversation within the window. */
export async function listTyping(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  reviewerId: string,
  windowMs: number,
) {
  return queryRows<{ reviewer_id: string; name: string | null }>(
    db,
    sql`select t.reviewer_id, rv.name
        from typing_indicators t left join reviewers rv on rv.id = t.reviewer_id
        where t.organization_id = ${organizationId} and t.conversation_id = ${conversationId}
          and t.reviewer_id <> ${reviewerId}
          and t.last_typing > now() - make_interval(secs => ${windowMs / 1000})
        order by t.last_typing desc, t.reviewer_id`,
  );
}
