import type { MessageDto } from './messages.ts';

/**
 * The realtime socket protocol: every message either side may send, in one place, used by the
 * server (apps/server/src/platform/realtime) and the browser client (apps/web/src/lib/realtime.ts).
 * JSON text frames on one WebSocket at REALTIME_PATH.
 */

export const REALTIME_PATH = '/realtime/v1';

/** Spec section 9: presence heartbeat every 30 s; the default time-out is 10 s. */
export const HEARTBEAT_MS = 30_000;
export const TIMEOUT_MS = 10_000;

/** Reconnect schedule: exponential from 500 ms, doubled each attempt, capped at 30 s, with jitter. */
export const RECONNECT_BACKOFF = { initialMs: 500, factor: 2, maxMs: 30_000 } as const;

/**
 * The wait before reconnect attempt `attempt` (0 for the first): half the exponential step fixed, the
 * other half random, so a server restart does not bring every client back in the same millisecond.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const { initialMs, factor, maxMs } = RECONNECT_BACKOFF;
  const step = Math.min(maxMs, initialMs * factor ** Math.max(0, Math.min(attempt, 30)));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Close codes the server uses (4000-4999 is the range for applications). */
export const REALTIME_CLOSE = {
  /** No valid auth within TIMEOUT_MS, a bad or expired token, or a revoked session. */
  unauthenticated: 4001,
  /** Authenticated, but not a member of a label (or no longer the same one). */
  forbidden: 4003,
  /** The client could not keep up with the changes sent to it. */
  tooSlow: 4008,
} as const;

/**
 * Tables whose changes the database announces (the mr_notify_change trigger, migration 0001).
 * Each is a topic `table:<name>`; which rows of it a socket sees is decided by the server's rules.
 */
export const REALTIME_TABLES = [
  'organizations',
  'reviewers',
  'trial_usage',
  'organization_usage_metrics',
  'songs',
  'song_revisions',
  'reviews',
  'contracts',
  'metadata_forms',
  'notifications',
  'user_presence',
  'track_viewers',
  'conversations',
  'messages',
  'message_reads',
  'message_mentions',
  'typing_indicators',
  'whitelabel_branding_v2',
  'whitelabel_branding',
  'revision_requests',
  'notification_preferences',
  'feedback',
  'calls',
  'call_participants',
  'call_signals',
  'contract_templates',
  'contract_signers',
  'contract_events',
  'label_copies',
  'marketing_campaigns',
  'marketing_tasks',
  'marketing_task_reminders',
  'marketing_forms',
  'song_assets',
  'release_readiness',
  'project_folders',
  'project_files',
  'storage_usage',
  'export_usage',
  'public_links',
  'public_link_uses',
  'jobs',
  // The catalogue (issue 14): bulk imports announce one 'BULK' change per batch instead of per row.
  'parties',
  'payees',
  'works',
  'work_writers',
  'recordings',
  'recording_artists',
  'master_splits',
  'split_versions',
  'releases',
  'release_tracks',
  'catalogue_settings',
  'upc_pool',
  'catalogue_audit',
  'import_mappings',
  'saved_views',
  // Distribution (issue 15): changes carry the release they belong to.
  'distribution_destinations',
  'release_distribution',
  'distribution_deliveries',
  'distribution_store_status',
  'distribution_events',
  'distribution_acks',
  'media_inspections',
  // Royalties (issue 16): an import's row announces its progress and its lines.
  'royalty_imports',
  'royalty_mappings',
  'royalty_aliases',
  'finance_settings',
  'royalty_deals',
  'royalty_deal_payees',
  'royalty_periods',
  'ledger_entries',
  'royalty_statements',
  'royalty_payments',
] as const;
/**
 * Tenant tables without a row trigger: loaded by the million with COPY, announced by their parent's
 * row (a statement line by its import; decision 0028).
 */
export const UNANNOUNCED_TABLES = [
  'statement_lines',
  'statement_rollups_monthly',
  'statement_rollups_recording',
  'income_alerts',
] as const;
export type RealtimeTable = (typeof REALTIME_TABLES)[number];

export function isRealtimeTable(name: string): name is RealtimeTable {
  return (REALTIME_TABLES as readonly string[]).includes(name);
}

/**
 * Topics are `<kind>:<argument>`, e.g. `table:notifications`. New kinds (say `conversation:<id>`)
 * need only a server-side handler; the wire format stays the same.
 */
export const TOPIC_PATTERN = /^([a-z][a-z_]{0,31}):([A-Za-z0-9_-]{1,100})$/;

export function tableTopic(table: RealtimeTable): `table:${RealtimeTable}` {
  return `table:${table}`;
}

/**
 * `conversation:<id>`: the changes of one conversation the caller may see: its messages (frames
 * carry the message), typing, reads (with conversation_id added), mentions, calls and call
 * participants.
 */
export function conversationTopic(conversationId: string): `conversation:${string}` {
  return `conversation:${conversationId}`;
}

/**
 * Support staff only (SUPPORT_EMAILS): changes of every label's support conversations and of their
 * messages (ids and sequence, no message body), so the support inbox stays current.
 */
export const SUPPORT_INBOX_TOPIC = 'support:inbox';

/** Splits a topic into its kind and argument; null when it is not shaped like a topic. */
export function parseTopic(topic: string): { kind: string; arg: string } | null {
  const match = TOPIC_PATTERN.exec(topic);
  return match ? { kind: match[1]!, arg: match[2]! } : null;
}

// ---- Client -> server: the schemas the server validates them with are in realtime-schemas.ts ----

// ---- Server -> client ----

/** BULK: many rows of the table changed at once (a catalogue import's batch); refetch what is shown. */
export type ChangeEvent = 'INSERT' | 'UPDATE' | 'DELETE' | 'BULK';

/**
 * What a change says about the row: which table, what happened, and its ids. Only ids travel; the
 * client refetches or patches what it shows. Fields are present when the table has that column.
 */
export interface RealtimeChange {
  table: string;
  event: ChangeEvent;
  /** Absent for tables keyed by other columns (user_presence, typing_indicators, message_reads). */
  id?: string;
  organization_id: string;
  recipient_id?: string;
  reviewer_id?: string;
  user_id?: string;
  song_id?: string;
  /** The release a distribution row belongs to. */
  release_id?: string;
  conversation_id?: string;
  message_id?: string;
  user1_id?: string;
  user2_id?: string;
  /** The row's own `type` column (a notification's or a conversation's type). */
  row_type?: string;
  /**
   * The row's place in its conversation (messages) or call (call_signals). A client holding 1..n
   * appends n + 1, fetches what it missed on a gap (> n + 1) and ignores an INSERT it already has.
   */
  sequence?: number;
}

export type RealtimeErrorCode =
  /** The frame is not JSON or not one of the client messages. */
  | 'invalid_message'
  /** The token is invalid or expired, or its session was signed out. */
  | 'unauthorized'
  /** The signed-in user does not belong to a label (or left it). */
  | 'no_organization'
  /** The account has a verified factor and the token is only aal1: take the code step first. */
  | 'mfa_required'
  /** A subscribe before a successful auth. */
  | 'not_authenticated'
  /** The topic's kind or argument is not known. */
  | 'unknown_topic'
  /** The caller may not subscribe to this topic. */
  | 'forbidden'
  | 'too_many_subscriptions'
  | 'internal';

/** Every message the server may send, by type. */
export interface ServerMessageMap {
  auth_ok: { reviewer_id: string; organization_id: string };
  error: { code: RealtimeErrorCode; message: string; ref?: string };
  subscribed: { topic: string; ref: string };
  change: RealtimeChange & {
    topic: string;
    /**
     * Only on `conversation:<id>` frames of the messages table (INSERT and UPDATE): the message as
     * GET .../messages lists it, so an open thread needs no fetch. A deleted message comes with
     * is_deleted true and its text blanked. Absent when it could not be loaded (the row is already
     * gone, or the database did not answer): fetch the messages after the last sequence held then.
     */
    message?: MessageDto;
  };
  pong: { ref: string };
}

export type ServerMessageType = keyof ServerMessageMap;
export type ServerMessageOf<T extends ServerMessageType> = { type: T } & ServerMessageMap[T];
export type ServerMessage = { [T in ServerMessageType]: ServerMessageOf<T> }[ServerMessageType];
/** A change as the client receives it. */
export type ChangeMessage = ServerMessageOf<'change'>;

const SERVER_MESSAGE_TYPES: readonly string[] = ['auth_ok', 'error', 'subscribed', 'change', 'pong'];

/**
 * Reads a frame from the server. The server is trusted, so this checks the envelope only; null for
 * anything that is not a known message.
 */
export function parseServerMessage(data: string): ServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && SERVER_MESSAGE_TYPES.includes(type) ? (value as ServerMessage) : null;
}

// ---- The client's contract (implemented by apps/web/src/lib/realtime.ts) ----

/** The parts of a socket event the client reads. */
export interface RealtimeSocketEvent {
  type?: string;
  data?: unknown;
  code?: number;
  reason?: string;
}

/**
 * What the client needs of a WebSocket: the browser's global WebSocket fits, and so does the `ws`
 * package's in Node (tests).
 */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(
    type: 'open' | 'message' | 'close' | 'error',
    listener: (event: RealtimeSocketEvent) => void,
  ): void;
}
export type RealtimeSocketConstructor = new (url: string) => RealtimeSocket;

export interface RealtimeClientOptions {
  /** ws:// or wss:// URL of REALTIME_PATH. */
  url: string;
  /** The current access token; null or undefined while signed out (the client then waits). */
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Defaults to the global WebSocket. */
  WebSocket?: RealtimeSocketConstructor;
  /** Defaults to HEARTBEAT_MS. */
  heartbeatMs?: number;
  /** How long the server may take to open, authenticate or answer a ping; defaults to TIMEOUT_MS. */
  timeoutMs?: number;
  /** Wait before reconnect attempt n (0 first); defaults to reconnectDelay (backoff with jitter, cap 30 s). */
  reconnectDelay?: (attempt: number) => number;
}

/**
 * idle: not started, or disconnected; connecting: opening or authenticating; open: authenticated;
 * waiting: closed, a reconnect is scheduled; signed_out: no token to connect with (updateToken()
 * connects); refused: the server will not take this user (no label), so the client stops until
 * connect() or updateToken() is called again.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'signed_out' | 'refused';

export type RealtimeError = ServerMessageOf<'error'>;
export type ChangeHandler = (change: ChangeMessage) => void;

export interface SubscribeOptions {
  /** Called each time the server confirms the subscription (again after every reconnect). */
  onSubscribed?: () => void;
}

export interface RealtimeClient {
  /** Opens the socket and keeps it open, reconnecting as needed. */
  connect(): void;
  /** Closes the socket and stops reconnecting. */
  disconnect(): void;
  /** Listens to a topic such as `table:notifications`; returns the function that stops listening. */
  subscribe(topic: string, onChange: ChangeHandler, options?: SubscribeOptions): () => void;
  /** Sends the current access token again (call after a refresh), or connects if it was waiting for one. */
  updateToken(): Promise<void>;
  /**
   * Called after a reconnect, once every subscription is confirmed again: changes may have been missed
   * while the socket was down, so refetch what is shown (ARCHITECTURE section 6).
   */
  onReconnect(callback: () => void): () => void;
  onError(callback: (error: RealtimeError) => void): () => void;
  onStatus(callback: (status: RealtimeStatus) => void): () => void;
  readonly status: RealtimeStatus;
}

export type CreateRealtimeClient = (options: RealtimeClientOptions) => RealtimeClient;
