import type { MessageDto } from '@music-review/core/messages';
import { MFA_MESSAGES } from '@music-review/core/mfa';
import {
  HEARTBEAT_MS,
  REALTIME_CLOSE,
  type RealtimeChange,
  type RealtimeErrorCode,
  type ServerMessage,
  SUPPORT_INBOX_TOPIC,
  TIMEOUT_MS,
} from '@music-review/core/realtime';
import { type ClientMessage, clientMessageSchema } from '@music-review/core/realtime-schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { KeyRing } from '../auth/keys.ts';
import { CHANGES_CHANNEL, type Database } from '../db/index.ts';
import { type DbChange, parseChange } from './changes.ts';
import { MessageLoader } from './message-loader.ts';
import { type Audience, audienceOf, ConversationDirectory, isInAudience, type RuleDeps } from './rules.ts';
import { authenticateSocket, loadOpenSessions, type SocketIdentity } from './socket-auth.ts';
import { authorizeTopic, kindOf, topicsForChange } from './topics.ts';

export interface RealtimeOptions {
  /** A socket without a valid auth message is closed after this long (spec section 9: 10 s). */
  authTimeoutMs: number;
  /** Protocol pings go out this often; a socket that has not answered the previous one is dropped. */
  heartbeatMs: number;
  maxSubscriptionsPerSocket: number;
  /** Frames received but not yet handled, per socket; a client that floods is closed. */
  maxQueuedFrames: number;
  /** A socket that lets this much unsent data pile up is too slow to follow changes: it is closed. */
  maxBufferedBytes: number;
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  authTimeoutMs: TIMEOUT_MS,
  heartbeatMs: HEARTBEAT_MS,
  maxSubscriptionsPerSocket: 100,
  maxQueuedFrames: 100,
  maxBufferedBytes: 1024 * 1024,
};

const OPEN = 1;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Connection {
  socket: WebSocket;
  identity: SocketIdentity | null;
  /** Subscribed topics, each with its key in the hub's subscriber index. */
  topics: Map<string, string>;
  isAlive: boolean;
  queuedFrames: number;
  /** Frames are handled one after another, so `subscribe` right after `auth` waits for the auth. */
  queue: Promise<void>;
  authTimer: NodeJS.Timeout | undefined;
  expiryTimer: NodeJS.Timeout | undefined;
}

/**
 * The realtime fan-out of one server copy: it LISTENs for the database's change notifications and
 * forwards each change to this copy's sockets that subscribed to a matching topic and may see the row.
 * Every copy does the same for its own sockets, so PostgreSQL NOTIFY is the bus between copies.
 */
export class RealtimeHub {
  readonly options: RealtimeOptions;
  private readonly connections = new Set<Connection>();
  /**
   * Who listens to what: `<organization id> <topic>` for topics scoped to the subscriber's label
   * (`table:<name>`), the topic itself for those naming global ids (`conversation:<id>`,
   * `support:inbox`). A change looks up only its own few keys, whatever the number of sockets.
   */
  private readonly subscribers = new Map<string, Set<Connection>>();
  /** Subscriptions to `conversation:<id>` topics, all sockets together. */
  private conversationSubscriptions = 0;
  private readonly deps: RuleDeps;
  /** The messages that `conversation:<id>` frames carry, loaded once per change. */
  readonly messages: MessageLoader;
  /** Changes are delivered in the order the database announced them. */
  private deliveries: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private isCheckingSessions = false;
  private isStopped = false;

  constructor(
    private readonly database: Database,
    private readonly keys: KeyRing,
    private readonly log: FastifyBaseLogger,
    options: Partial<RealtimeOptions> = {},
    /** SUPPORT_EMAILS: whether an account's email makes it support staff. */
    private readonly isSupportStaff: (email: string) => boolean = () => false,
  ) {
    this.options = { ...DEFAULT_REALTIME_OPTIONS, ...options };
    this.deps = { conversations: new ConversationDirectory(database) };
    this.messages = new MessageLoader(database, isSupportStaff);
  }

  async start() {
    this.unlisten = await this.database.listen(CHANGES_CHANNEL, (payload) => this.onNotify(payload));
    this.startHeartbeat();
  }

  /** Changes timings at run time (tests shorten them); the heartbeat restarts with the new period. */
  configure(options: Partial<RealtimeOptions>) {
    Object.assign(this.options, options);
    if (this.heartbeat) this.startHeartbeat();
  }

  async stop() {
    this.isStopped = true;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    for (const conn of this.connections) conn.socket.terminate();
    await this.unlisten?.();
    this.unlisten = undefined;
    await this.deliveries;
  }

  get stats() {
    let authenticated = 0;
    for (const conn of this.connections) if (conn.identity) authenticated++;
    return { connections: this.connections.size, authenticated };
  }

  /** Takes over a socket that just connected to the realtime path. */
  accept(socket: WebSocket) {
    if (this.isStopped) {
      socket.close(1001, 'server shutting down');
      return;
    }
    const conn: Connection = {
      socket,
      identity: null,
      topics: new Map(),
      isAlive: true,
      queuedFrames: 0,
      queue: Promise.resolve(),
      authTimer: undefined,
      expiryTimer: undefined,
    };
    this.connections.add(conn);
    conn.authTimer = setTimeout(() => {
      if (conn.identity) return;
      this.refuse(
        conn,
        'not_authenticated',
        'No valid auth message in time.',
        REALTIME_CLOSE.unauthenticated,
      );
    }, this.options.authTimeoutMs);

    socket.on('pong', () => {
      conn.isAlive = true;
    });
    socket.on('message', (data, isBinary) => {
      conn.isAlive = true;
      if (++conn.queuedFrames > this.options.maxQueuedFrames) {
        conn.queuedFrames--;
        socket.close(1008, 'too many messages');
        return;
      }
      conn.queue = conn.queue
        .then(() => this.handleFrame(conn, data, isBinary))
        .catch((err: unknown) => {
          this.log.error({ err }, 'realtime: message handling failed');
          this.send(conn, { type: 'error', code: 'internal', message: 'Something went wrong.' });
        })
        .finally(() => {
          conn.queuedFrames = Math.max(0, conn.queuedFrames - 1);
        });
    });
    socket.on('error', (err) => this.log.debug({ err }, 'realtime: socket error'));
    socket.on('close', () => this.forget(conn));
  }

  // ---- Client messages ----

  private async handleFrame(conn: Connection, data: RawData, isBinary: boolean) {
    if (conn.socket.readyState !== OPEN) return;
    const message: Decoded = isBinary ? { ok: false } : decode(data);
    if (!message.ok) {
      this.send(conn, {
        type: 'error',
        code: 'invalid_message',
        message: 'Expected a JSON text frame: auth, subscribe, unsubscribe or ping.',
        ...(message.ref ? { ref: message.ref } : {}),
      });
      return;
    }
    const msg = message.value;
    switch (msg.type) {
      case 'auth':
        return this.authenticate(conn, msg.token);
      case 'subscribe':
        return this.subscribe(conn, msg.topic, msg.ref);
      case 'unsubscribe':
        this.removeTopic(conn, msg.topic);
        return;
      case 'ping':
        this.send(conn, { type: 'pong', ref: msg.ref });
        return;
    }
  }

  private async authenticate(conn: Connection, token: string) {
    const result = await authenticateSocket(this.database, this.keys, token, this.isSupportStaff);
    if (conn.socket.readyState !== OPEN) return;
    if (!result.ok) {
      if (result.reason === 'no_organization') {
        this.refuse(
          conn,
          'no_organization',
          'You need to create or join a label first.',
          REALTIME_CLOSE.forbidden,
        );
      } else if (result.reason === 'mfa_required') {
        this.refuse(conn, 'mfa_required', MFA_MESSAGES.mfaRequired, REALTIME_CLOSE.forbidden);
      } else {
        this.refuse(conn, 'unauthorized', 'Invalid or expired token.', REALTIME_CLOSE.unauthenticated);
      }
      return;
    }
    const next = result.identity;
    const previous = conn.identity;
    // A refreshed token must name the same member: subscriptions were authorized for that one.
    if (
      previous &&
      (previous.reviewerId !== next.reviewerId || previous.organizationId !== next.organizationId)
    ) {
      this.refuse(conn, 'unauthorized', 'The token belongs to someone else.', REALTIME_CLOSE.unauthenticated);
      return;
    }
    clearTimeout(conn.authTimer);
    conn.authTimer = undefined;
    conn.identity = next;
    clearTimeout(conn.expiryTimer);
    conn.expiryTimer = setTimeout(
      () => {
        if (conn.identity !== next) return;
        this.refuse(conn, 'unauthorized', 'The access token expired.', REALTIME_CLOSE.unauthenticated);
      },
      Math.min(MAX_TIMER_MS, Math.max(0, next.expiresAt - Date.now())),
    );
    this.send(conn, { type: 'auth_ok', reviewer_id: next.reviewerId, organization_id: next.organizationId });
  }

  private async subscribe(conn: Connection, topic: string, ref: string) {
    const identity = conn.identity;
    if (!identity) {
      this.send(conn, { type: 'error', code: 'not_authenticated', message: 'Send auth first.', ref });
      return;
    }
    if (!conn.topics.has(topic) && conn.topics.size >= this.options.maxSubscriptionsPerSocket) {
      this.send(conn, { type: 'error', code: 'too_many_subscriptions', message: 'Too many topics.', ref });
      return;
    }
    const denied = await authorizeTopic(topic, identity, this.deps);
    if (denied) {
      this.send(conn, { type: 'error', code: denied, message: errorText(denied, topic), ref });
      return;
    }
    if (!conn.identity) return; // refused while the topic was being authorized
    this.addTopic(conn, conn.identity, topic);
    this.send(conn, { type: 'subscribed', topic, ref });
  }

  // ---- Changes ----

  private onNotify(payload: string) {
    const change = parseChange(payload);
    if (!change) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable change notification');
      return;
    }
    // The message body is asked for now, not when the change's turn comes: loads overlap (and
    // batch) while deliveries stay in the order the database announced them.
    const message = this.loadMessageIfListened(change);
    this.deliveries = this.deliveries
      .then(() => this.deliver(change, message))
      .catch((err: unknown) => this.log.error({ err, table: change.table }, 'realtime: delivery failed'));
  }

  /** The message of a messages change, when a socket of this copy follows its conversation. */
  private loadMessageIfListened(change: DbChange): Promise<MessageDto | null> | undefined {
    if (change.table !== 'messages' || change.event === 'DELETE') return undefined;
    if (!change.id || !UUID.test(change.id) || !change.organization_id || !change.conversation_id)
      return undefined;
    if (!this.subscribers.get(`conversation:${change.conversation_id}`)?.size) return undefined;
    return this.messages.load(change.organization_id, change.id);
  }

  private async deliver(dbChange: DbChange, early: Promise<MessageDto | null> | undefined) {
    this.deps.conversations.observe(dbChange);
    if (dbChange.table === 'reviewers') this.checkMembership(dbChange);
    const organizationId = dbChange.organization_id;
    if (!organizationId) return;
    let change: RealtimeChange = { ...dbChange, organization_id: organizationId };
    // A read receipt names only its message: find the conversation, for `conversation:<id>`.
    if (
      change.table === 'message_reads' &&
      !change.conversation_id &&
      change.message_id &&
      this.conversationSubscriptions > 0
    ) {
      const conversationId = await this.deps.conversations.conversationOfMessage(
        organizationId,
        change.message_id,
      );
      if (conversationId) change = { ...change, conversation_id: conversationId };
    }

    // The sockets that asked for any of the change's topics, each with the topics it asked for.
    const targets = new Map<Connection, string[]>();
    for (const topic of topicsForChange(change)) {
      const key = kindOf(topic)?.perOrganization ? `${organizationId} ${topic}` : topic;
      const listeners = this.subscribers.get(key);
      if (!listeners) continue;
      for (const conn of listeners) {
        const topics = targets.get(conn);
        if (topics) topics.push(topic);
        else targets.set(conn, [topic]);
      }
    }
    if (targets.size === 0) return;

    // Look-ups only when someone is listening, and each at most once per change.
    let audience: Promise<Audience> | undefined;
    const audienceNow = () => {
      audience ??= Promise.resolve(audienceOf(change, this.deps));
      return audience;
    };
    let support: Promise<boolean> | undefined;
    const isSupportConversation = () => {
      support ??= this.isSupportConversation(change);
      return support;
    };
    const frames = new Map<string, string>();
    const frameFor = async (topic: string) => {
      let frame = frames.get(topic);
      if (frame === undefined) {
        let message: MessageDto | null = null;
        if (topic.startsWith('conversation:') && change.table === 'messages' && change.event !== 'DELETE') {
          message = await (early ?? this.loadMessageIfListened(dbChange) ?? null);
          if (message && message.conversation_id !== change.conversation_id) message = null;
        }
        const body: ServerMessage = { type: 'change', topic, ...change, ...(message ? { message } : {}) };
        frame = JSON.stringify(body);
        frames.set(topic, frame);
      }
      return frame;
    };

    for (const [conn, topics] of targets) {
      for (const topic of topics) {
        const identity = conn.identity;
        if (!identity) break;
        const isOwnLabel = identity.organizationId === organizationId;
        let allowed: boolean;
        if (topic === SUPPORT_INBOX_TOPIC) {
          allowed = identity.isSupportStaff && (await isSupportConversation());
        } else if (topic.startsWith('conversation:')) {
          allowed =
            (isOwnLabel && isInAudience(await audienceNow(), identity.reviewerId)) ||
            (identity.isSupportStaff && (await isSupportConversation()));
        } else {
          allowed = isOwnLabel && isInAudience(await audienceNow(), identity.reviewerId);
        }
        if (allowed && conn.identity === identity) this.sendFrame(conn, await frameFor(topic));
      }
    }
  }

  /** Whether a change belongs to a support conversation (what support staff may follow). */
  private async isSupportConversation(change: RealtimeChange): Promise<boolean> {
    if (change.table === 'conversations') return change.row_type === 'support';
    if (!change.conversation_id) return false;
    const conversation = await this.deps.conversations.get(change.organization_id, change.conversation_id);
    return conversation?.type === 'support';
  }

  /** A member removed from the label, or moved to another one, loses the socket at once. */
  private checkMembership(change: DbChange) {
    for (const conn of this.connections) {
      const identity = conn.identity;
      if (!identity || identity.reviewerId !== change.id) continue;
      if (change.event === 'DELETE' || change.organization_id !== identity.organizationId) {
        this.refuse(
          conn,
          'no_organization',
          'You are no longer a member of this label.',
          REALTIME_CLOSE.forbidden,
        );
      }
    }
  }

  // ---- Heartbeat and session checks ----

  private startHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private beat() {
    for (const conn of this.connections) {
      if (!conn.isAlive) {
        // No answer to the previous ping within a whole heartbeat: the peer is gone.
        conn.socket.terminate();
        this.forget(conn);
        continue;
      }
      conn.isAlive = false;
      if (conn.socket.readyState === OPEN) conn.socket.ping();
    }
    void this.checkSessions();
  }

  /**
   * Sign-out and membership changes also reach sockets opened before them: once a heartbeat, one
   * query checks every session this copy serves.
   */
  private async checkSessions() {
    if (this.isCheckingSessions) return;
    this.isCheckingSessions = true;
    try {
      const checked = [...this.connections].flatMap((conn) =>
        conn.identity ? [{ conn, identity: conn.identity }] : [],
      );
      if (checked.length === 0) return;
      const open = await loadOpenSessions(this.database, [
        ...new Set(checked.map((c) => c.identity.sessionId)),
      ]);
      for (const { conn, identity } of checked) {
        if (conn.identity !== identity) continue; // re-authenticated meanwhile
        const session = open.get(identity.sessionId);
        if (!session) {
          this.refuse(conn, 'unauthorized', 'The session has ended.', REALTIME_CLOSE.unauthenticated);
        } else if (session.isMfaPending) {
          this.refuse(conn, 'mfa_required', MFA_MESSAGES.mfaRequired, REALTIME_CLOSE.forbidden);
        } else if (
          session.reviewerId !== identity.reviewerId ||
          session.organizationId !== identity.organizationId
        ) {
          this.refuse(
            conn,
            'no_organization',
            'You are no longer a member of this label.',
            REALTIME_CLOSE.forbidden,
          );
        }
      }
    } catch (err) {
      this.log.error({ err }, 'realtime: session check failed');
    } finally {
      this.isCheckingSessions = false;
    }
  }

  // ---- Sockets ----

  private send(conn: Connection, message: ServerMessage) {
    this.sendFrame(conn, JSON.stringify(message));
  }

  private sendFrame(conn: Connection, frame: string) {
    const socket = conn.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      socket.close(REALTIME_CLOSE.tooSlow, 'too slow');
      return;
    }
    socket.send(frame);
  }

  /** An error frame, then the close: the client learns why before the socket goes. */
  private refuse(conn: Connection, code: RealtimeErrorCode, message: string, closeCode: number) {
    this.send(conn, { type: 'error', code, message });
    if (conn.socket.readyState === OPEN) conn.socket.close(closeCode, code);
    this.forget(conn);
  }

  private addTopic(conn: Connection, identity: SocketIdentity, topic: string) {
    if (conn.topics.has(topic)) return;
    const key = kindOf(topic)?.perOrganization ? `${identity.organizationId} ${topic}` : topic;
    conn.topics.set(topic, key);
    let set = this.subscribers.get(key);
    if (!set) {
      set = new Set();
      this.subscribers.set(key, set);
    }
    set.add(conn);
    if (topic.startsWith('conversation:')) this.conversationSubscriptions++;
  }

  private removeTopic(conn: Connection, topic: string) {
    const key = conn.topics.get(topic);
    if (key === undefined) return;
    conn.topics.delete(topic);
    const set = this.subscribers.get(key);
    set?.delete(conn);
    if (set?.size === 0) this.subscribers.delete(key);
    if (topic.startsWith('conversation:')) this.conversationSubscriptions--;
  }

  /** Drops every reference to a connection (safe to call more than once). */
  private forget(conn: Connection) {
    clearTimeout(conn.authTimer);
    clearTimeout(conn.expiryTimer);
    for (const topic of [...conn.topics.keys()]) this.removeTopic(conn, topic);
    this.connections.delete(conn);
    conn.identity = null;
  }
}

type Decoded = { ok: true; value: ClientMessage } | { ok: false; ref?: string };

function decode(data: RawData): Decoded {
  const buffer = Array.isArray(data)
    ? Buffer.concat(data)
    : data instanceof ArrayBuffer
      ? Buffer.from(data)
      : data;
  const text = buffer.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  const parsed = clientMessageSchema.safeParse(json);
  if (parsed.success) return { ok: true, value: parsed.data };
  // Echo the ref of a malformed message when it has a usable one, so the client can match the error.
  const ref = (json as { ref?: unknown } | null)?.ref;
  return typeof ref === 'string' && ref.length <= 64 ? { ok: false, ref } : { ok: false };
}

function errorText(code: RealtimeErrorCode, topic: string): string {
  return code === 'unknown_topic'
    ? `Unknown topic: ${topic.slice(0, 120)}`
    : `Not allowed: ${topic.slice(0, 120)}`;
}
