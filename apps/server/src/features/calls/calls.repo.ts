import { sql } from 'drizzle-orm';
import { type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';

/**
 * Typed SQL for video calls. Every statement names the organization, and runs inside
 * database.withOrg (row-level security is the second fence). Who may see a call is who may see its
 * conversation: a direct message's two members, or the whole label for a song chat.
 */

export type CallConversationRow = {
  id: string;
  type: 'dm' | 'song_chat' | 'support';
  title: string;
};

/** The conversation's title as `reviewerId` sees it (the other member of a DM, or the song). */
const TITLE = (reviewerId: string) => sql`case
    when c.type = 'dm' then coalesce((
      select r.name from reviewers r
      where r.id = case when c.user1_id = ${reviewerId} then c.user2_id else c.user1_id end), 'Direct message')
    when c.type = 'song_chat' then coalesce((
      select nullif(s.title, '') from songs s where s.id = c.song_id), 'Untitled')
    else 'Support' end`;

/** A conversation the member may see: their own direct messages, and the label's other conversations. */
const VISIBLE = (reviewerId: string) => sql`(c.type <> 'dm' or ${reviewerId} in (c.user1_id, c.user2_id))`;

export async function findVisibleConversation(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  conversationId: string,
) {
  const rows = await queryRows<CallConversationRow>(
    db,
    sql`select c.id, c.type, ${TITLE(reviewerId)} as title
        from conversations c
        where c.organization_id = ${organizationId} and c.id = ${conversationId} and ${VISIBLE(reviewerId)}`,
  );
  return rows[0];
}

export type CallRow = {
  id: string;
  conversation_id: string;
  conversation_type: 'dm' | 'song_chat' | 'support';
  title: string;
  started_by: string | null;
  created_at: Date | string;
  ended_at: Date | string | null;
};

/**
 * A call whose conversation the member may see. `lock` takes the call's row lock, so joins and
 * leaves of one call take turns (the last one out ends it, exactly once).
 */
export async function findVisibleCall(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  callId: string,
  options: { lock?: boolean } = {},
) {
  const rows = await queryRows<CallRow>(
    db,
    sql`select k.id, k.conversation_id, c.type as conversation_type, ${TITLE(reviewerId)} as title,
          k.started_by, k.created_at, k.ended_at
        from calls k
        join conversations c on c.id = k.conversation_id and c.organization_id = ${organizationId}
        where k.organization_id = ${organizationId} and k.id = ${callId} and ${VISIBLE(reviewerId)}
        ${options.lock ? sql`for update of k` : sql``}`,
  );
  return rows[0];
}

/**
 * The newest call of a conversation that is going on: someone is in it, or it was started moments
 * ago and its starter is still on the way to the call page (so a second "Start" joins it too).
 */
export async function findOngoingCall(db: OrgTx, organizationId: string, conversationId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select k.id from calls k
        where k.organization_id = ${organizationId} and k.conversation_id = ${conversationId}
          and k.ended_at is null
          and (exists (select 1 from call_participants p
                       where p.call_id = k.id and p.organization_id = ${organizationId} and p.left_at is null)
               or (k.created_at > now() - interval '2 minutes'
                   and not exists (select 1 from call_participants p
                                   where p.call_id = k.id and p.organization_id = ${organizationId})))
        order by k.created_at desc
        limit 1`,
  );
  return rows[0];
}

export async function insertCall(
  db: OrgTx,
  organizationId: string,
  conversationId: string,
  startedBy: string,
) {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into calls (organization_id, conversation_id, started_by)
        values (${organizationId}, ${conversationId}, ${startedBy})
        returning id`,
  );
  return row!;
}

export type ParticipantRow = {
  reviewer_id: string;
  name: string;
  avatar_key: string | null;
  joined_at: Date | string;
};

/** Who is in the call now, earliest joiner first. */
export async function listParticipants(db: OrgTx, organizationId: string, callId: string) {
  return queryRows<ParticipantRow>(
    db,
    sql`select p.reviewer_id, r.name, r.avatar_key, p.joined_at
        from call_participants p
        join reviewers r on r.id = p.reviewer_id
        where p.organization_id = ${organizationId} and p.call_id = ${callId} and p.left_at is null
        order by p.joined_at, p.reviewer_id`,
  );
}

/** Joins (or joins again: a fresh joined_at, so the rejoiner makes the offers) and reopens an ended call. */
export async function joinCall(
  db: OrgTx,
  organizationId: string,
  callId: string,
  conversationId: string,
  reviewerId: string,
) {
  await db.execute(
    sql`insert into call_participants (call_id, reviewer_id, organization_id, conversation_id)
        values (${callId}, ${reviewerId}, ${organizationId}, ${conversationId})
        on conflict (call_id, reviewer_id) do update set joined_at = now(), left_at = null, last_seen_at = now()`,
  );
  await db.execute(
    sql`update calls set ended_at = null
        where organization_id = ${organizationId} and id = ${callId} and ended_at is not null`,
  );
}

/**
 * Leaves the call; the last one out ends it. With `joinedAt`, only the visit that joined then leaves
 * (times compared to the millisecond, as the API shows them). Returns whether the member left.
 */
export async function leaveCall(
  db: OrgTx,
  organizationId: string,
  callId: string,
  reviewerId: string,
  joinedAt?: string,
) {
  const left = await queryRows<{ reviewer_id: string }>(
    db,
    sql`update call_participants set left_at = now()
        where organization_id = ${organizationId} and call_id = ${callId} and reviewer_id = ${reviewerId}
          and left_at is null
          ${joinedAt ? sql`and date_trunc('milliseconds', joined_at) = ${joinedAt}::timestamptz` : sql``}
        returning reviewer_id`,
  );
  await db.execute(
    sql`update calls set ended_at = now()
        where organization_id = ${organizationId} and id = ${callId} and ended_at is null
          and not exists (select 1 from call_participants p
                          where p.call_id = ${callId} and p.organization_id = ${organizationId}
                            and p.left_at is null)`,
  );
  return left.length > 0;
}

/** The participant's heartbeat: still here. Returns whether they are in the call. */
export async function touchParticipant(
  db: OrgTx,
  organizationId: string,
  callId: string,
  reviewerId: string,
) {
  const rows = await queryRows<{ reviewer_id: string }>(
    db,
    sql`update call_participants set last_seen_at = now()
        where organization_id = ${organizationId} and call_id = ${callId} and reviewer_id = ${reviewerId}
          and left_at is null
        returning reviewer_id`,
  );
  return rows.length > 0;
}

/**
 * The call sweep, across labels (as the table owner, like the reminder scan of decision 0010): every
 * participant still in a call whose last heartbeat is older than `dropAfterMs` leaves it, and a call
 * left empty ends. Each leave is an UPDATE of call_participants, announced like a leave by the API.
 * Two statements, so the second sees the first's leaves. Returns how many were dropped.
 */
/** Owner level: one sweep over every organization's calls. */
export async function dropVanishedParticipants(db: OwnerScope, dropAfterMs: number) {
  const dropped = await queryRows<{ call_id: string }>(
    db,
    sql`update call_participants set left_at = now()
        where left_at is null and last_seen_at < now() - make_interval(secs => ${dropAfterMs / 1000})
        returning call_id`,
  );
  if (dropped.length === 0) return 0;
  const callIds = [...new Set(dropped.map((d) => d.call_id))];
  await db.execute(
    sql`update calls k set ended_at = now()
        where k.id in (${sql.join(
          callIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and k.ended_at is null
          and not exists (select 1 from call_participants p where p.call_id = k.id and p.left_at is null)`,
  );
  return dropped.length;
}

export async function isInCall(db: OrgTx, organizationId: string, callId: string, reviewerId: string) {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from call_participants
        where organization_id = ${organizationId} and call_id = ${callId} and reviewer_id = ${reviewerId}
          and left_at is null`,
  );
  return rows.length > 0;
}

export type SignalRow = {
  id: string;
  sequence: number | string;
  call_id: string;
  sender_id: string;
  recipient_id: string;
  kind: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
};

const SIGNAL_COLUMNS = sql`id, sequence, call_id, sender_id, recipient_id, kind, payload, created_at`;

export async function insertSignal(
  db: OrgTx,
  input: {
    organizationId: string;
    callId: string;
    senderId: string;
    recipientId: string;
    kind: string;
    payload: Record<string, unknown>;
  },
) {
  const [row] = await queryRows<SignalRow>(
    db,
    sql`insert into call_signals (call_id, organization_id, sender_id, recipient_id, kind, payload)
        values (${input.callId}, ${input.organizationId}, ${input.senderId}, ${input.recipientId},
                ${input.kind}, ${JSON.stringify(input.payload)}::jsonb)
        returning ${SIGNAL_COLUMNS}`,
  );
  return row!;
}

/** Signals addressed to one member in a call after a sequence, in order. */
export async function listSignals(
  db: OrgTx,
  input: { organizationId: string; callId: string; recipientId: string; after: number; limit: number },
) {
  return queryRows<SignalRow>(
    db,
    sql`select ${SIGNAL_COLUMNS} from call_signals
        where organization_id = ${input.organizationId} and call_id = ${input.callId}
          and recipient_id = ${input.recipientId} and sequence > ${input.after}
        order by sequence
        limit ${input.limit}`,
  );
}

/** The highest sequence of the signals addressed to a member in a call (0 when none). */
export async function lastSignalSequence(
  db: OrgTx,
  organizationId: string,
  callId: string,
  recipientId: string,
) {
  const [row] = await queryRows<{ last: number | string }>(
    db,
    sql`select coalesce(max(sequence), 0) as last from call_signals
        where organization_id = ${organizationId} and call_id = ${callId} and recipient_id = ${recipientId}`,
  );
  return Number(row?.last ?? 0);
}
