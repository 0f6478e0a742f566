import type { RealtimeChange } from '@music-review/core/realtime';
import { and, eq } from 'drizzle-orm';
import { LruMap } from '../cache/lru-map.ts';
import type { Database } from '../db/index.ts';
import { conversations, messages } from '../db/schema.ts';
import type { DbChange } from './changes.ts';

/**
 * Who may receive a change, on top of the rule that applies to every change: the socket's
 * organization must be the change's organization (checked by the hub).
 */
export type Audience = { kind: 'organization' } | { kind: 'reviewers'; ids: ReadonlySet<string> };

export interface RuleDeps {
  conversations: ConversationDirectory;
}

export type AudienceRule = (change: RealtimeChange, deps: RuleDeps) => Audience | Promise<Audience>;

const ORGANIZATION: Audience = { kind: 'organization' };
const NOBODY: Audience = { kind: 'reviewers', ids: new Set() };

function only(...ids: (string | undefined)[]): Audience {
  return { kind: 'reviewers', ids: new Set(ids.filter((id): id is string => !!id)) };
}

/** A direct message conversation is private to its two members; other conversations are the label's. */
function conversationAudience(access: ConversationAccess | null): Audience {
  if (!access) return NOBODY; // unknown conversation: fail closed
  return access.type === 'dm' ? only(...access.participants) : ORGANIZATION;
}

const byConversationId: AudienceRule = async (change, deps) =>
  change.conversation_id
    ? conversationAudience(await deps.conversations.get(change.organization_id, change.conversation_id))
    : NOBODY;

/**
 * The per-table rules, all in one place. A table not listed here is seen by its whole organization.
 * A rule for a new table: one entry, returning ORGANIZATION, only(...reviewer ids) or NOBODY.
 */
export const AUDIENCE_RULES: Readonly<Record<string, AudienceRule>> = {
  notifications: (change) => only(change.recipient_id),
  // A member's own choices and reports: only they need to hear about them.
  notification_preferences: (change) => only(change.reviewer_id),
  feedback: (change) => only(change.reviewer_id),
  // A background job's progress is for the member who started it (scheduled work has no one).
  jobs: (change) => only(change.reviewer_id),
  saved_views: (change) => only(change.reviewer_id),
  conversations: (change) =>
    conversationAudience(
      change.row_type ? { type: change.row_type, participants: participantsOf(change) } : null,
    ),
  messages: byConversationId,
  typing_indicators: byConversationId,
  message_mentions: byConversationId,
  // message_reads rows carry no conversation id: go through the message.
  message_reads: async (change, deps) =>
    change.message_id
      ? conversationAudience(await deps.conversations.getByMessage(change.organization_id, change.message_id))
      : NOBODY,
  // A call is seen by its conversation's audience (a DM's call by the two members only).
  calls: byConversationId,
  call_participants: byConversationId,
  // WebRTC signalling: offer, answer and candidates are for the member they are addressed to.
  call_signals: (change) => only(change.recipient_id),
};

export function audienceOf(change: RealtimeChange, deps: RuleDeps): Audience | Promise<Audience> {
  const rule = Object.hasOwn(AUDIENCE_RULES, change.table) ? AUDIENCE_RULES[change.table] : undefined;
  return rule ? rule(change, deps) : ORGANIZATION;
}

export function isInAudience(audience: Audience, reviewerId: string): boolean {
  return audience.kind === 'organization' || audience.ids.has(reviewerId);
}

// ---- Conversation look-ups, cached ----

export interface ConversationAccess {
  type: string;
  /** Reviewer ids (user1_id and user2_id). */
  participants: string[];
}

function participantsOf(row: { user1_id?: string | undefined; user2_id?: string | undefined }): string[] {
  return [row.user1_id, row.user2_id].filter((id): id is string => !!id);
}

export interface CachedConversation extends ConversationAccess {
  organizationId: string;
}

/**
 * Who is in a conversation, keyed by conversation id: messages, typing and reads need it on every
 * change. Entries are replaced from the conversations table's own changes, which carry type and
 * members; a deleted conversation's entry is kept, so the deletes cascading to its messages still
 * reach its two members (ids are never reused).
 */
export class ConversationDirectory {
  private readonly conversations: LruMap<string, CachedConversation>;
  private readonly messageConversation: LruMap<string, string>;
  /** Look-ups in flight; a change that lands meanwhile drops its entry so the stale answer is not kept. */
  private readonly pending = new Map<string, Promise<CachedConversation | null>>();

  constructor(
    private readonly database: Database,
    maxEntries = 10_000,
  ) {
    this.conversations = new LruMap(maxEntries);
    this.messageConversation = new LruMap(maxEntries * 4);
  }

  /** Learns from a change before the rules run. */
  observe(change: DbChange) {
    if (!change.organization_id || !change.id) return;
    if (change.table === 'conversations' && change.row_type) {
      this.pending.delete(change.id);
      this.conversations.set(change.id, {
        organizationId: change.organization_id,
        type: change.row_type,
        participants: participantsOf(change),
      });
    } else if (change.table === 'messages' && change.conversation_id) {
      this.messageConversation.set(change.id, change.conversation_id);
    }
  }

  async get(organizationId: string, conversationId: string): Promise<ConversationAccess | null> {
    const entry = await this.lookup(conversationId);
    // Ids come from our own database, but a change names its organization: never cross it.
    return entry && entry.organizationId === organizationId ? entry : null;
  }

  /**
   * A conversation by id alone, with its organization. The caller compares the organization (or, for
   * support staff, the type): `get` for changes, the `conversation:<id>` topic for subscriptions.
   */
  async lookup(conversationId: string): Promise<CachedConversation | null> {
    const cached = this.conversations.get(conversationId);
    if (cached) return cached;
    let lookup = this.pending.get(conversationId);
    if (!lookup) {
      lookup = this.load(conversationId);
      this.pending.set(conversationId, lookup);
      void lookup
        .then((found) => {
          if (this.pending.get(conversationId) !== lookup) return;
          if (found) this.conversations.set(conversationId, found);
        })
        .catch(() => {})
        .finally(() => {
          if (this.pending.get(conversationId) === lookup) this.pending.delete(conversationId);
        });
    }
    return lookup;
  }

  async getByMessage(organizationId: string, messageId: string): Promise<ConversationAccess | null> {
    const conversationId = await this.conversationOfMessage(organizationId, messageId);
    return conversationId ? this.get(organizationId, conversationId) : null;
  }

  /** The conversation a message of the organization belongs to (read receipts carry only the message). */
  async conversationOfMessage(organizationId: string, messageId: string): Promise<string | null> {
    const known = this.messageConversation.get(messageId);
    if (known) return known;
    const [row] = await this.database
      .asOwner('a read receipt names only its message; the filter names the organization')
      .select({ conversationId: messages.conversationId })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.organizationId, organizationId)));
    if (!row) return null;
    this.messageConversation.set(messageId, row.conversationId);
    return row.conversationId;
  }

  private async load(conversationId: string): Promise<CachedConversation | null> {
    // Keyed by id alone on purpose: the caller compares the organization of the answer.
    const [row] = await this.database
      .asOwner('the caller compares the organization of the conversation it finds')
      .select({
        organizationId: conversations.organizationId,
        type: conversations.type,
        user1Id: conversations.user1Id,
        user2Id: conversations.user2Id,
      })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!row) return null;
    return {
      organizationId: row.organizationId,
      type: row.type,
      participants: [row.user1Id, row.user2Id].filter((id): id is string => !!id),
    };
  }
}
