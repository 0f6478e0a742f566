import { type ChangeMessage, type ServerMessageOf } from '@music-review/core/realtime';
/**
 * What the client needs of a WebSocket: the browser's global WebSocket fits, and so does the `ws`
 * package's in Node (tests). Listeners are typed loosely on purpose so both implementations match.
 */
export interface RealtimeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  addEventListener(type: 'open' | 'message' | 'close' | 'error', listener: (event: never) => void): void;
}
export type RealtimeSocketConstructor = new (url: string) => RealtimeSocket;
export interface RealtimeClientOptions {
  /** ws:// or wss:// URL of /realtime/v1. */
  url: string;
  /** The current access token; null or undefined while signed out (the client then waits). */
  getAccessToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Defaults to the global WebSocket. */
  WebSocket?: RealtimeSocketConstructor;
  heartbeatMs?: number;
  timeoutMs?: number;
  /** Wait before reconnect attempt n (0 first); defaults to exponential backoff with jitter, cap 30 s. */
  reconnectDelay?: (attempt: number) => number;
}
/**
 * idle: not started or disconnected; connecting: opening or authenticating; open: authenticated;
 * waiting: closed, a reconnect is scheduled; signed_out: no token to connect with; refused: the server
 * will not take this user (no label), so the client stops until connect() is called again.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'signed_out' | 'refused';
export type RealtimeError = ServerMessageOf<'error'>;
export type ChangeHandler = (change: ChangeMessage) => void;
export interface SubscribeOptions {
  /** Called each time the server confirms the subscription (again after every reconnect). */
  onSubscribed?: () => void;
}
export interface RealtimeClient {
  /** Opens the socket (and keeps it open, reconnecting as needed). */
  connect(): void;
  /** Closes the socket and stops reconnecting. */
  disconnect(): void;
  /** Listens to a topic such as `table:notifications`; returns the function that stops listening. */
  subscribe(topic: string, onChange: ChangeHandler, options?: SubscribeOptions): () => void;
  /** Sends the current access token again (call after a refresh), or connects when it was waiting for one. */
  updateToken(): Promise<void>;
  /**
   * Called after a reconnect once every subscription is confirmed again: changes may have been missed
   * while the socket was down, so refetch what is shown (ARCHITECTURE section 6).
   */
  onReconnect(callback: () => void): () => void;
  onError(callback: (error: RealtimeError) => void): () => void;
  onStatus(callback: (status: RealtimeStatus) => void): () => void;
  readonly status: RealtimeStatus;
}
export declare function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient;
