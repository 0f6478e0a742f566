import {
  isRealtimeTable,
  parseTopic,
  type RealtimeChange,
  type RealtimeErrorCode,
} from '@music-review/core/realtime';
import type { RuleDeps } from './rules.ts';
import type { SocketIdentity } from './socket-auth.ts';

/**
 * One kind of topic (`<kind>:<argument>`). A topic says which changes a socket asks for; whether it may
 * see a given row is decided again for every change by the audience rules (rules.ts), so a topic's
 * authorize hook only guards the subscription itself.
 */
export interface TopicKind {
  /** null when this socket may subscribe to `<kind>:<arg>`, else the error code to answer. */
  authorize(
    arg: string,
    identity: SocketIdentity,
    deps: RuleDeps,
  ): RealtimeErrorCode | null | Promise<RealtimeErrorCode | null>;
  /** The topics of this kind a change belongs to (usually one, or none). */
  topicsFor(change: RealtimeChange): string[];
}

/**
 * Every topic kind. A later kind is one more entry, e.g. `conversation:<id>`: authorize by looking the
 * conversation up (deps.conversations.get) and checking the caller is allowed in it; topicsFor returns
 * [`conversation:${change.conversation_id}`] for messages, typing_indicators and message_mentions.
 */
export const TOPIC_KINDS: Readonly<Record<string, TopicKind>> = {
  /** `table:<name>`: every change of that table within the caller's organization. */
  table: {
    authorize: (arg) => (isRealtimeTable(arg) ? null : 'unknown_topic'),
    topicsFor: (change) => [`table:${change.table}`],
  },
};

/** The subscribed topics a change is published under. */
export function topicsForChange(change: RealtimeChange): string[] {
  return Object.values(TOPIC_KINDS).flatMap((kind) => kind.topicsFor(change));
}

export async function authorizeTopic(
  topic: string,
  identity: SocketIdentity,
  deps: RuleDeps,
): Promise<RealtimeErrorCode | null> {
  const parsed = parseTopic(topic);
  // hasOwn: a kind named like an Object.prototype member (`constructor:x`) is just unknown.
  const kind = parsed && Object.hasOwn(TOPIC_KINDS, parsed.kind) ? TOPIC_KINDS[parsed.kind] : undefined;
  if (!parsed || !kind) return 'unknown_topic';
  return kind.authorize(parsed.arg, identity, deps);
}
