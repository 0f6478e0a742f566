import { type SQL, sql } from 'drizzle-orm';

/**
 * The highest sequence a member's read markers cover in a conversation (0 when none): message_reads
 * rows with `through` say "this message and every earlier one of its conversation" (decision 0018).
 * A message of others counts as read when its sequence is at or below this, or when it has a
 * message_reads row of the member's own.
 */
export const readMarker = (conversationId: SQL, reviewerId: string) =>
  sql`coalesce((select max(rm.sequence) from message_reads r join messages rm on rm.id = r.message_id
      where r.user_id = ${reviewerId}::uuid and r.through and rm.conversation_id = ${conversationId}), 0)`;
