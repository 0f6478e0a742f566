import { MFA_MESSAGES } from '@music-review/core/mfa';
import {
  type ClientMessage,
  clientMessageSchema,
  HEARTBEAT_MS,
  REALTIME_CLOSE,
  type RealtimeChange,
  type RealtimeErrorCode,
  type ServerMessage,
  TIMEOUT_MS,
} from '@music-review/core/realtime';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { KeyRing } from '../auth/keys.ts';
import { CHANGES_CHANNEL, type Database } from '../db/index.ts';
import { type DbChange, parseChange } from './changes.ts';
import { audienceOf, ConversationDirectory, isInAudience, type RuleDeps } from './rules.ts';
import { authenticateSocket, loadOpenSessions, type SocketIdentity } from './socket-auth.ts';
import { authorizeTopic, topicsForChange } from './topics.ts';

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
/** The longest delay setTimeout accepts. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Connection {
  socket: WebSocket;
  identity: SocketIdentity | null;
  topics: Set<string>;
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
  private readonly byOrganization = new Map<string, Set<Connection>>();
  private readonly deps: RuleDeps;
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
  ) {
    this.options = { ...DEFAULT_REALTIME_OPTIONS, ...options };
    this.deps = { conversations: new ConversationDirectory(database) };
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
      topics: new Set(),
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
        conn.topics.delete(msg.topic);
        return;
      case 'ping':
        this.send(conn, { type: 'pong', ref: msg.ref });
        return;
    }
  }

  private async authenticate(conn: Connection, token: string) {
    const result = await authenticateSocket(this.database, this.keys, token);
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
    if (!previous) this.index(conn, next.organizationId);
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
    conn.topics.add(topic);
    this.send(conn, { type: 'subscribed', topic, ref });
  }

  // ---- Changes ----

  private onNotify(payload: string) {
    const change = parseChange(payload);
    if (!change) {
      this.log.warn({ payload: payload.slice(0, 200) }, 'realtime: unreadable change notification');
      return;
    }
    this.deliveries = this.deliveries
      .then(() => this.deliver(change))
      .catch((err: unknown) => this.log.error({ err, table: change.table }, 'realtime: delivery failed'));
  }

  private async deliver(dbChange: DbChange) {
    this.deps.conversations.observe(dbChange);
    if (dbChange.table === 'reviewers') this.checkMembership(dbChange);
    const organizationId = dbChange.organization_id;
    if (!organizationId) return;
    const change: RealtimeChange = { ...dbChange, organization_id: organizationId };
    const sockets = this.byOrganization.get(organizationId);
    if (!sockets?.size) return;
    const topics = topicsForChange(change);
    const targets = [...sockets].filter((conn) => topics.some((t) => conn.topics.has(t)));
    // The audience may need a look-up: only when someone is listening.
    if (targets.length === 0) return;
    const audience = await audienceOf(change, this.deps);
    for (const conn of targets) {
      const identity = conn.identity;
      if (!identity || identity.organizationId !== organizationId) continue;
      if (!isInAudience(audience, identity.reviewerId)) continue;
      for (const topic of topics) {
        if (conn.topics.has(topic)) this.send(conn, { type: 'change', topic, ...change });
      }
    }
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
    const socket = conn.socket;
    if (socket.readyState !== OPEN) return;
    if (socket.bufferedAmount > this.options.maxBufferedBytes) {
      socket.close(REALTIME_CLOSE.tooSlow, 'too slow');
      return;
    }
    socket.send(JSON.stringify(message));
  }

  /** An error frame, then the close: the client learns why before the socket goes. */
  private refuse(conn: Connection, code: RealtimeErrorCode, message: string, closeCode: number) {
    this.send(conn, { type: 'error', code, message });
    if (conn.socket.readyState === OPEN) conn.socket.close(closeCode, code);
    this.forget(conn);
  }

  private index(conn: Connection, organizationId: string) {
    let set = this.byOrganization.get(organizationId);
    if (!set) {
      set = new Set();
      this.byOrganization.set(organizationId, set);
    }
    set.add(conn);
  }

  /** Drops every reference to a connection (safe to call more than once). */
  private forget(conn: Connection) {
    clearTimeout(conn.authTimer);
    clearTimeout(conn.expiryTimer);
    conn.topics.clear();
    this.connections.delete(conn);
    const organizationId = conn.identity?.organizationId;
    conn.identity = null;
    if (!organizationId) return;
    const set = this.byOrganization.get(organizationId);
    set?.delete(conn);
    if (set?.size === 0) this.byOrganization.delete(organizationId);
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
