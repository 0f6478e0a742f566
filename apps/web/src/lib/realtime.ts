import {
  type ChangeHandler,
  type CreateRealtimeClient,
  reconnectDelay as defaultReconnectDelay,
  HEARTBEAT_MS,
  parseServerMessage,
  REALTIME_CLOSE,
  type RealtimeError,
  type RealtimeSocket,
  type RealtimeSocketConstructor,
  type RealtimeStatus,
  type ServerMessage,
  TIMEOUT_MS,
} from '@music-review/core/realtime';

/**
 * The browser's realtime client (ARCHITECTURE section 6): one socket authenticated with the access
 * token, subscriptions by topic, a heartbeat that detects a dead connection, reconnects with backoff,
 * and onReconnect so the app refetches what it shows. Its contract (RealtimeClient) and the protocol
 * live in packages/core/src/realtime.ts.
 */

interface Topic {
  handlers: Set<{ onChange: ChangeHandler; onSubscribed?: (() => void) | undefined }>;
}

const OPEN = 1;

function globalWebSocket(): RealtimeSocketConstructor {
  const impl = (globalThis as { WebSocket?: RealtimeSocketConstructor }).WebSocket;
  if (!impl) throw new Error('No WebSocket implementation: pass options.WebSocket');
  return impl;
}

export const createRealtimeClient: CreateRealtimeClient = (options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const delayFor = options.reconnectDelay ?? ((attempt: number) => defaultReconnectDelay(attempt));
  const Impl = options.WebSocket ?? globalWebSocket();

  const topics = new Map<string, Topic>();
  const reconnectListeners = new Set<() => void>();
  const errorListeners = new Set<(error: RealtimeError) => void>();
  const statusListeners = new Set<(status: RealtimeStatus) => void>();

  let status: RealtimeStatus = 'idle';
  let isStarted = false;
  let socket: RealtimeSocket | null = null;
  /** Bumped for every socket: events of an abandoned socket are ignored. */
  let generation = 0;
  let isAuthenticated = false;
  let hasBeenOpen = false;
  let attempt = 0;
  let nextRef = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setTimeout> | undefined;
  let deadlineTimer: ReturnType<typeof setTimeout> | undefined;
  /** Subscribe refs of a reconnect not yet confirmed; onReconnect fires when it empties. */
  let pendingResubscribe: Set<string> | null = null;
  /** Topics the server confirmed on the current socket. */
  const confirmed = new Set<string>();

  const setStatus = (next: RealtimeStatus) => {
    if (status === next) return;
    status = next;
    for (const cb of statusListeners) cb(next);
  };

  const send = (message: object) => {
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  };

  const clearTimers = () => {
    clearTimeout(reconnectTimer);
    clearTimeout(heartbeatTimer);
    clearTimeout(deadlineTimer);
    reconnectTimer = heartbeatTimer = deadlineTimer = undefined;
  };

  /** Something must arrive before the deadline, or the connection is treated as dead. */
  const expect = (what: string) => {
    clearTimeout(deadlineTimer);
    deadlineTimer = setTimeout(() => dropAndReconnect(`${what} timed out`), timeoutMs);
  };

  const scheduleHeartbeat = () => {
    clearTimeout(heartbeatTimer);
    heartbeatTimer = setTimeout(() => {
      send({ type: 'ping', ref: `p${++nextRef}` });
      expect('heartbeat');
    }, heartbeatMs);
  };

  /** Forgets the current socket: its late events are ignored from now on. */
  const resetSocketState = () => {
    socket = null;
    generation++;
    isAuthenticated = false;
    pendingResubscribe = null;
    confirmed.clear();
    clearTimers();
  };

  const abandonSocket = (code: number, reason: string) => {
    const old = socket;
    resetSocketState();
    // A dead connection may take long to finish its close handshake: do not wait for it.
    if (old) {
      try {
        old.close(code, reason);
      } catch {
        // already closed
      }
    }
  };

  const scheduleReconnect = () => {
    if (!isStarted) return;
    setStatus('waiting');
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void open(), delayFor(attempt++));
  };

  const dropAndReconnect = (reason: string) => {
    abandonSocket(4000, reason);
    scheduleReconnect();
  };

  const subscribeTopic = (topic: string) => {
    const ref = `s${++nextRef}`;
    send({ type: 'subscribe', topic, ref });
    return ref;
  };

  const fireReconnect = () => {
    pendingResubscribe = null;
    for (const cb of reconnectListeners) cb();
  };

  const settleResubscribe = (ref: string | undefined) => {
    if (!pendingResubscribe || !ref || !pendingResubscribe.delete(ref)) return;
    if (pendingResubscribe.size === 0) fireReconnect();
  };

  const handleMessage = (message: ServerMessage) => {
    switch (message.type) {
      case 'auth_ok': {
        if (isAuthenticated) return; // the answer to a refreshed token
        isAuthenticated = true;
        attempt = 0;
        clearTimeout(deadlineTimer);
        setStatus('open');
        const isReconnect = hasBeenOpen;
        hasBeenOpen = true;
        const refs = new Set<string>();
        for (const topic of topics.keys()) refs.add(subscribeTopic(topic));
        if (isReconnect) {
          if (refs.size === 0) fireReconnect();
          else pendingResubscribe = refs;
        }
        scheduleHeartbeat();
        return;
      }
      case 'subscribed': {
        if (topics.has(message.topic)) {
          confirmed.add(message.topic);
          for (const h of topics.get(message.topic)?.handlers ?? []) h.onSubscribed?.();
        }
        settleResubscribe(message.ref);
        return;
      }
      case 'change': {
        for (const h of topics.get(message.topic)?.handlers ?? []) h.onChange(message);
        return;
      }
      case 'pong': {
        clearTimeout(deadlineTimer);
        scheduleHeartbeat();
        return;
      }
      case 'error': {
        settleResubscribe(message.ref);
        for (const cb of errorListeners) cb(message);
        return;
      }
    }
  };

  async function open() {
    if (!isStarted) return;
    clearTimeout(reconnectTimer);
    const mine = ++generation;
    setStatus('connecting');
    let token: string | null | undefined;
    try {
      token = await options.getAccessToken();
    } catch {
      token = null;
    }
    if (mine !== generation || !isStarted) return;
    if (!token) {
      setStatus('signed_out');
      return;
    }
    let ws: RealtimeSocket;
    try {
      ws = new Impl(options.url);
    } catch {
      scheduleReconnect();
      return;
    }
    socket = ws;
    const isCurrent = () => mine === generation && socket === ws;
    expect('connect');
    ws.addEventListener('open', () => {
      if (!isCurrent()) return;
      ws.send(JSON.stringify({ type: 'auth', token }));
      expect('auth');
    });
    ws.addEventListener('message', (event) => {
      if (!isCurrent() || typeof event.data !== 'string') return;
      const message = parseServerMessage(event.data);
      if (message) handleMessage(message);
    });
    ws.addEventListener('close', (event) => {
      if (!isCurrent()) return;
      resetSocketState();
      if (event.code === REALTIME_CLOSE.forbidden) {
        // No label (or removed from it): retrying cannot help until something changes.
        setStatus('refused');
        return;
      }
      scheduleReconnect();
    });
    // 'error' is always followed by 'close', which does the work.
    ws.addEventListener('error', () => {});
  }

  return {
    connect() {
      if (isStarted && status !== 'refused' && status !== 'signed_out') return;
      isStarted = true;
      attempt = 0;
      void open();
    },
    disconnect() {
      isStarted = false;
      abandonSocket(1000, 'client disconnect');
      setStatus('idle');
    },
    subscribe(topic, onChange, subscribeOptions = {}) {
      let entry = topics.get(topic);
      const isNew = !entry;
      if (!entry) {
        entry = { handlers: new Set() };
        topics.set(topic, entry);
      }
      const handler = { onChange, onSubscribed: subscribeOptions.onSubscribed };
      entry.handlers.add(handler);
      if (isNew && isAuthenticated) subscribeTopic(topic);
      else if (confirmed.has(topic)) subscribeOptions.onSubscribed?.();
      return () => {
        const current = topics.get(topic);
        if (!current?.handlers.delete(handler) || current.handlers.size > 0) return;
        topics.delete(topic);
        confirmed.delete(topic);
        if (isAuthenticated) send({ type: 'unsubscribe', topic });
      };
    },
    async updateToken() {
      if (!isStarted) return;
      if (status === 'signed_out' || status === 'refused') {
        attempt = 0;
        void open();
        return;
      }
      if (!isAuthenticated) return; // the connection in progress asks for the token itself
      const token = await options.getAccessToken();
      if (token && isAuthenticated) send({ type: 'auth', token });
    },
    onReconnect(callback) {
      reconnectListeners.add(callback);
      return () => reconnectListeners.delete(callback);
    },
    onError(callback) {
      errorListeners.add(callback);
      return () => errorListeners.delete(callback);
    },
    onStatus(callback) {
      statusListeners.add(callback);
      return () => statusListeners.delete(callback);
    },
    get status() {
      return status;
    },
  };
};
