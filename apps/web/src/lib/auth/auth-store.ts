import { AUTH_MESSAGES } from '@music-review/core/auth';
import { issueAuthToken, signOut, verifyFactor } from '@music-review/core/contracts/auth';
import { fillPath } from '@music-review/core/endpoint';
import { hasSessionHint, SESSION_HINT_COOKIE } from '@music-review/core/session-hint';
import { ApiError, queryString, requestJson, type SessionSource } from '../api-client';
import { type ClientSession, isClientSession, toClientSession } from './session';

/**
 * Spec section 4. INITIAL_SESSION reports the outcome of restoring the session at start;
 * MFA_CHALLENGE_VERIFIED a code step passed (the session is now aal2).
 */
export type AuthEvent =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'MFA_CHALLENGE_VERIFIED';
export type AuthStatus = 'loading' | 'signed_in' | 'signed_out';
export interface AuthState {
  status: AuthStatus;
  session: ClientSession | null;
}
export type AuthEventListener = (event: AuthEvent, session: ClientSession | null) => void;

/** Spec section 9: the refresh tick is 30 s; refresh when less than a minute is left. */
export const REFRESH_TICK_MS = 30_000;
export const REFRESH_MARGIN_SECONDS = 60;

/**
 * The store is the session source of the API client, so it calls the auth endpoints it needs with
 * `requestJson` (no refresh-and-retry around them), their paths and methods from the contracts.
 */
const tokenPath = (grantType: 'password' | 'refresh_token') =>
  issueAuthToken.path + queryString({ grant_type: grantType });
const REFRESH_PATH = tokenPath('refresh_token');

type ChannelMessage = { type: 'session'; event: AuthEvent; session: ClientSession } | { type: 'signed_out' };

export interface AuthStoreOptions {
  /** Start with this session (or signed out with null) instead of restoring from the cookie. */
  initialSession?: ClientSession | null;
  /** BroadcastChannel shared by the tabs; null turns the cross-tab sharing off. */
  channelName?: string | null;
  lockName?: string;
  /** Clock in milliseconds (tests). */
  now?: () => number;
  /**
   * Whether this browser may hold a session: the server's readable hint cookie, set and cleared with
   * the httpOnly refresh cookie. Without it the start asks nothing (a signed-out visit stays quiet).
   */
  hasStoredSession?: () => boolean;
}

const readSessionHint = () => typeof document !== 'undefined' && hasSessionHint(document.cookie);

/** Drops the hint here too (the server clears it as well; this covers an answer that never came). */
function forgetSessionHint() {
  if (typeof document !== 'undefined')
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and Safari
    document.cookie = `${SESSION_HINT_COOKIE}=; max-age=0; path=/; samesite=strict`;
}

/**
 * Holds the session in memory and keeps it fresh.
 *
 * The server rotates the refresh token (an httpOnly cookie shared by every tab) on each use and
 * revokes the whole session when a used one comes back. So refreshes are serialized: within a tab
 * by sharing one in-flight promise, across tabs by a Web Lock; a tab that waited for the lock
 * reuses the session another tab just obtained (shared over a BroadcastChannel) instead of
 * presenting the cookie again.
 */
export class AuthStore implements SessionSource {
  private state: AuthState;
  private readonly listeners = new Set<() => void>();
  private readonly eventListeners = new Set<AuthEventListener>();
  private readonly channel: BroadcastChannel | null;
  private readonly lockName: string;
  private readonly now: () => number;
  private readonly hasStoredSession: () => boolean;
  /** Bumped on every session change, so a waiting refresh can tell that someone else refreshed. */
  private generation = 0;
  private inflight: Promise<ClientSession | null> | null = null;
  private restorePromise: Promise<void> | null = null;
  private restoreFailedTransiently = false;
  private autoRefresh = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(options: AuthStoreOptions = {}) {
    this.lockName = options.lockName ?? 'mr-auth-refresh';
    this.now = options.now ?? (() => Date.now());
    this.hasStoredSession = options.hasStoredSession ?? readSessionHint;
    const channelName = options.channelName === undefined ? 'mr-auth' : options.channelName;
    this.channel =
      channelName && typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(channelName) : null;
    this.channel?.addEventListener('message', this.onChannelMessage);

    if (options.initialSession !== undefined) {
      this.state = {
        status: options.initialSession ? 'signed_in' : 'signed_out',
        session: options.initialSession,
      };
      this.restorePromise = Promise.resolve();
    } else {
      this.state = { status: 'loading', session: null };
    }
  }

  // ---- reading -------------------------------------------------------------------------------

  getState = (): AuthState => this.state;

  getAccessToken(): string | null {
    return this.state.session?.accessToken ?? null;
  }

  /** For useSyncExternalStore. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onAuthStateChange(listener: AuthEventListener): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  // ---- actions -------------------------------------------------------------------------------

  /** Whether this browser may hold a session to restore (the server's hint cookie is there). */
  mayHaveStoredSession(): boolean {
    return this.hasStoredSession();
  }

  /** Restores the session from the refresh cookie, once (a reload keeps the user signed in). */
  initialize(): Promise<void> {
    this.restorePromise ??= this.restore();
    return this.restorePromise;
  }

  async signInWithPassword(email: string, password: string): Promise<ClientSession> {
    const body = await requestJson<unknown>(tokenPath('password'), {
      method: issueAuthToken.method,
      body: { email, password },
    });
    const session = toClientSession(body);
    if (!session) throw new ApiError('session_failed', AUTH_MESSAGES.sessionFailed, 200);
    this.setSession(session, 'SIGNED_IN', true);
    return session;
  }

  /**
   * Answers a challenge of a factor with its code (POST /auth/v1/factors/{id}/verify). The server
   * answers a new aal2 session and a new refresh cookie and spends the old one, so this waits for
   * any refresh in flight and holds the refresh lock: no refresh may present the old cookie after.
   */
  async verifyMfa(factorId: string, challengeId: string, code: string): Promise<ClientSession> {
    await this.inflight?.catch(() => null);
    return this.withLock(async () => {
      const body = await requestJson<unknown>(fillPath(verifyFactor.path, { id: factorId }), {
        method: verifyFactor.method,
        body: { challenge_id: challengeId, code },
        accessToken: this.getAccessToken(),
      });
      const session = toClientSession(body);
      if (!session) throw new ApiError('session_failed', AUTH_MESSAGES.sessionFailed, 200);
      this.setSession(session, 'MFA_CHALLENGE_VERIFIED', true);
      return session;
    });
  }

  /**
   * Gets a new session with the refresh cookie. Resolves to null when the cookie is no longer
   * valid (the user is then signed out); rejects with an ApiError when the server could not be
   * reached or failed, leaving the current session alone.
   */
  refreshSession(): Promise<ClientSession | null> {
    return this.refresh('TOKEN_REFRESHED');
  }

  async signOut(): Promise<void> {
    const token = this.state.session?.accessToken;
    try {
      if (token) await this.logoutRequest(token);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        // The access token had expired: the server must still clear the cookie and end the session.
        try {
          const fresh = await this.refreshSession();
          if (fresh) await this.logoutRequest(fresh.accessToken);
        } catch (retryError) {
          console.warn('Sign-out could not reach the server; the local session is cleared.', retryError);
        }
      } else {
        console.warn('Sign-out could not reach the server; the local session is cleared.', error);
      }
    } finally {
      forgetSessionHint();
      this.clearSession('SIGNED_OUT', true);
    }
  }

  /** Starts the 30 s refresh tick; it pauses while the page is hidden. */
  startAutoRefresh(): void {
    if (this.autoRefresh) return;
    this.autoRefresh = true;
    document.addEventListener('visibilitychange', this.onVisibilityChange);
    this.syncTimer();
  }

  stopAutoRefresh(): void {
    this.autoRefresh = false;
    document.removeEventListener('visibilitychange', this.onVisibilityChange);
    this.syncTimer();
  }

  dispose(): void {
    this.stopAutoRefresh();
    this.channel?.removeEventListener('message', this.onChannelMessage);
    this.channel?.close();
    this.listeners.clear();
    this.eventListeners.clear();
  }

  // ---- internals -----------------------------------------------------------------------------

  private async restore(): Promise<void> {
    if (!this.hasStoredSession()) {
      // Nothing stored: signed out without a request that could only fail.
      this.clearSession('INITIAL_SESSION', false);
      return;
    }
    try {
      await this.refresh('INITIAL_SESSION');
    } catch (error) {
      // The server did not answer: show the login screen, and try again when the tab is next shown.
      console.warn('Could not restore the session: the server did not answer.', error);
      this.restoreFailedTransiently = true;
      if (this.state.status === 'loading') this.clearSession('INITIAL_SESSION', false);
    }
  }

  private refresh(event: AuthEvent): Promise<ClientSession | null> {
    if (!this.inflight) {
      const startGeneration = this.generation;
      this.inflight = this.withLock(() => this.refreshHoldingLock(startGeneration, event)).finally(() => {
        this.inflight = null;
      });
    }
    return this.inflight;
  }

  private async refreshHoldingLock(startGeneration: number, event: AuthEvent): Promise<ClientSession | null> {
    const current = this.state.session;
    if (this.generation !== startGeneration && current && !this.isExpiring(current)) return current;

    let body: unknown;
    try {
      body = await requestJson<unknown>(REFRESH_PATH, { method: issueAuthToken.method, body: {} });
    } catch (error) {
      if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
        forgetSessionHint();
        const hadSession = this.state.session !== null;
        this.clearSession(hadSession ? 'SIGNED_OUT' : 'INITIAL_SESSION', hadSession);
        return null;
      }
      throw error;
    }
    const session = toClientSession(body);
    if (!session) throw new ApiError('session_failed', AUTH_MESSAGES.sessionFailed, 200);
    this.restoreFailedTransiently = false;
    this.setSession(session, event, true);
    return session;
  }

  private withLock<T>(task: () => Promise<T>): Promise<T> {
    const locks = typeof navigator !== 'undefined' && 'locks' in navigator ? navigator.locks : undefined;
    if (locks && typeof locks.request === 'function') return locks.request(this.lockName, task);
    return task();
  }

  private logoutRequest(accessToken: string) {
    return requestJson<void>(signOut.path, { method: signOut.method, body: {}, accessToken });
  }

  private isExpiring(session: ClientSession): boolean {
    return session.expiresAt - this.now() / 1000 < REFRESH_MARGIN_SECONDS;
  }

  private setSession(session: ClientSession, event: AuthEvent, broadcast: boolean) {
    this.generation++;
    this.update({ status: 'signed_in', session });
    this.emit(event, session);
    if (broadcast) this.post({ type: 'session', event, session });
  }

  private clearSession(event: AuthEvent, broadcast: boolean) {
    this.generation++;
    this.update({ status: 'signed_out', session: null });
    this.emit(event, null);
    if (broadcast) this.post({ type: 'signed_out' });
  }

  private update(next: AuthState) {
    this.state = next;
    this.syncTimer();
    for (const listener of this.listeners) listener();
  }

  private emit(event: AuthEvent, session: ClientSession | null) {
    for (const listener of this.eventListeners) listener(event, session);
  }

  private post(message: ChannelMessage) {
    try {
      this.channel?.postMessage(message);
    } catch (error) {
      console.warn('Could not share the session with other tabs.', error);
    }
  }

  private onChannelMessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<ChannelMessage> | null;
    if (message?.type === 'session' && 'session' in message && isClientSession(message.session)) {
      const incoming = message.session;
      const current = this.state.session;
      if (current && current.user.id === incoming.user.id && current.expiresAt > incoming.expiresAt) return;
      // A sign-in elsewhere is a sign-in here only if this tab was not already signed in as that user.
      const isNewSignIn = !current || current.user.id !== incoming.user.id;
      this.setSession(
        incoming,
        isNewSignIn && message.event === 'SIGNED_IN' ? 'SIGNED_IN' : 'TOKEN_REFRESHED',
        false,
      );
    } else if (message?.type === 'signed_out' && this.state.session) {
      this.clearSession('SIGNED_OUT', false);
    }
  };

  private onVisibilityChange = () => {
    this.syncTimer();
    if (document.visibilityState === 'visible') void this.recover();
  };

  /** On becoming visible: refresh a session that ran low while hidden, or retry a failed restore. */
  private async recover() {
    if (this.state.session) return this.tick();
    if (this.restoreFailedTransiently && this.state.status === 'signed_out') {
      this.restoreFailedTransiently = false;
      try {
        await this.refresh('INITIAL_SESSION');
      } catch (error) {
        this.restoreFailedTransiently = true;
        console.warn('Could not restore the session: the server did not answer.', error);
      }
    }
  }

  private async tick() {
    const session = this.state.session;
    if (!session || !this.isExpiring(session)) return;
    try {
      await this.refreshSession();
    } catch (error) {
      console.warn('Auth auto-refresh failed (transient); retrying on the next tick.', error);
    }
  }

  private syncTimer() {
    const shouldRun =
      this.autoRefresh && this.state.session !== null && document.visibilityState !== 'hidden';
    if (shouldRun && !this.timer) {
      this.timer = setInterval(() => void this.tick(), REFRESH_TICK_MS);
    } else if (!shouldRun && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
