import {
  isRealtimeTable,
  parseTopic,
  type RealtimeChange,
  type RealtimeErrorCode,
  SUPPORT_INBOX_TOPIC,
} from '@music-review/core/realtime';
import type { RuleDeps } from './rules.ts';
import type { SocketIdentity } from './socket-auth.ts';

/**
 * One kind of topic (`<kind>:<argument>`). A topic says which changes a socket asks for; whether it may
 * see a given row is decided again for every change by the hub (the audience rules of rules.ts, and
 * for support staff the conversation's type), so a topic's authorize hook only guards the
 * subscription itself.
 */
export interface TopicKind {
  /** null when this socket may subscribe to `<kind>:<arg>`, else the error code to answer. */
  authorize(
    arg: string,
    identity: SocketIdentity,
    deps: RuleDeps,
  ): RealtimeErrorCode | null | Promise<RealtimeErrorCode | null>;
  /**
   * Whether the topic is scoped to the subscriber's organization (`table:<name>`: the same name means
   * another row set in every label) or names rows by a global id (`conversation:<id>`).
   */
  perOrganization: boolean;
}

/** Lower case, as the database writes ids (topics are matched as strings). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Tables whose changes are also published under `conversation:<conversation_id>`. */
export const CONVERSATION_TABLES: ReadonlySet<string> = new Set([
  'messages',
  'typing_indicators',
  'message_reads',
  'message_mentions',
  'calls',
  'call_participants',
]);

/** Tables whose support-conversation changes are published under `support:inbox`. */
const SUPPORT_INBOX_TABLES: ReadonlySet<string> = new Set(['conversations', 'messages']);

/** Every topic kind. A later kind is one more entry here and a line in topicsForChange. */
export const TOPIC_KINDS: Readonly<Record<string, TopicKind>> = {
  /** `table:<name>`: every change of that table within the caller's organization. */
  table: {
    authorize: (arg) => (isRealtimeTable(arg) ? null : 'unknown_topic'),
    perOrganization: true,
  },
  /**
   * `conversation:<id>`: a conversation the caller may see (a DM of theirs; any song chat or support
   * conversation of their label; for support staff, the support conversations of every label).
   * Unknown, another label's and other people's conversations all answer the same `forbidden`.
   */
  conversation: {
    async authorize(arg, identity, deps) {
      if (!UUID.test(arg)) return 'unknown_topic';
      const conversation = await deps.conversations.lookup(arg);
      if (!conversation) return 'forbidden';
      if (conversation.organizationId === identity.organizationId) {
        return conversation.type !== 'dm' || conversation.participants.includes(identity.reviewerId)
          ? null
          : 'forbidden';
      }
      return identity.isSupportStaff && conversation.type === 'support' ? null : 'forbidden';
    },
    perOrganization: false,
  },
  /** `support:inbox`: support staff only. */
  support: {
    authorize: (arg, identity) =>
      `support:${arg}` !== SUPPORT_INBOX_TOPIC
        ? 'unknown_topic'
        : identity.isSupportStaff
          ? null
          : 'forbidden',
    perOrganization: false,
  },
};

export function kindOf(topic: string): TopicKind | undefined {
  const parsed = parseTopic(topic);
  // hasOwn: a kind named like an Object.prototype member (`constructor:x`) is just unknown.
  return parsed && Object.hasOwn(TOPIC_KINDS, parsed.kind) ? TOPIC_KINDS[parsed.kind] : undefined;
}

/**
 * The topics a change may be published under. `conversation_id` must already be known (read
 * receipts get it from their message). `support:inbox` is only a candidate here: the hub sends it
 * when the conversation turns out to be a support conversation.
 */
export function topicsForChange(change: RealtimeChange): string[] {
  const topics = [`table:${change.table}`];
  if (change.conversation_id && CONVERSATION_TABLES.has(change.table)) {
    topics.push(`conversation:${change.conversation_id}`);
  }
  if (SUPPORT_INBOX_TABLES.has(change.table)) topics.push(SUPPORT_INBOX_TOPIC);
  return topics;
}

export async function authorizeTopic(
  topic: string,
  identity: SocketIdentity,
  deps: RuleDeps,
): Promise<RealtimeErrorCode | null> {
  const parsed = parseTopic(topic);
  const kind = kindOf(topic);
  if (!parsed || !kind) return 'unknown_topic';
  return kind.authorize(parsed.arg, identity, deps);
}
