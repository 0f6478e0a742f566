import {
  type ChangeMessage,
  HEARTBEAT_MS,
  REALTIME_CLOSE,
  type RealtimeSocketEvent,
  type ServerMessage,
  TIMEOUT_MS,
} from '@music-review/core/realtime';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRealtimeClient } from './realtime.ts';

/**
 * The client's timing and state, with a scripted socket and fake timers. The same client against the
 * real server: apps/server/src/platform/realtime/realtime-client.test.ts.
 */

type Listener = (event: RealtimeSocketEvent) => void;

class FakeSocket {
  static all: FakeSocket[] = [];
  readyState = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: { code?: number; reason?: string } | null = null;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  /** Like a dead connection: the close event never comes. */
  close(code?: number, reason?: string) {
    this.readyState = 3;
    this.closedWith = { code, reason };
  }
  // The server's side of the script:
  open() {
    this.readyState = 1;
    this.emit('open', {});
  }
  receive(message: ServerMessage) {
    this.emit('message', { data: JSON.stringify(message) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.emit('close', { code, reason: '' });
  }
  sentOf(type: string) {
    return this.sent.filter((m) => m.type === type);
  }
  private emit(type: string, event: RealtimeSocketEvent) {
    for (const l of this.listeners.get(type) ?? []) l(event);
  }
}

const latest = () => FakeSocket.all.at(-1)!;
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Opens the latest socket, answers its auth and its subscribes. */
async function accept(socket = latest()) {
  socket.open();
  expect(socket.sentOf('auth')).toHaveLength(1);
  socket.receive({ type: 'auth_ok', reviewer_id: 'r1', organization_id: 'o1' });
  for (const s of socket.sentOf('subscribe')) {
    socket.receive({ type: 'subscribed', topic: s.topic as string, ref: s.ref as string });
  }
}

function change(topic: string, id: string): ChangeMessage {
  return { type: 'change', topic, table: topic.slice(6), event: 'INSERT', id, organization_id: 'o1' };
}

function makeClient(overrides: Partial<Parameters<typeof createRealtimeClient>[0]> = {}) {
  const delays: number[] = [];
  const client = createRealtimeClient({
    url: 'ws://test/realtime/v1',
    getAccessToken: () => 'token-1',
    WebSocket: FakeSocket,
    reconnectDelay: (attempt) => {
      delays.push(attempt);
      return 1000;
    },
    ...overrides,
  });
  return { client, delays };
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createRealtimeClient', () => {
  it('authenticates, subscribes and hands each change to the handlers of its topic', async () => {
    const { client } = makeClient();
    const notifications: ChangeMessage[] = [];
    const songs: ChangeMessage[] = [];
    const onSubscribed = vi.fn();
    client.subscribe('table:notifications', (c) => notifications.push(c), { onSubscribed });
    client.subscribe('table:songs', (c) => songs.push(c));
    client.connect();
    await flush();
    const socket = latest();
    expect(socket.url).toBe('ws://test/realtime/v1');
    socket.open();
    expect(socket.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    expect(client.status).toBe('connecting');
    socket.receive({ type: 'auth_ok', reviewer_id: 'r1', organization_id: 'o1' });
    expect(client.status).toBe('open');
    const subscribes = socket.sentOf('subscribe');
    expect(subscribes.map((m) => m.topic)).toEqual(['table:notifications', 'table:songs']);
    expect(onSubscribed).not.toHaveBeenCalled();
    for (const m of subscribes)
      socket.receive({ type: 'subscribed', topic: m.topic as string, ref: m.ref as string });
    expect(onSubscribed).toHaveBeenCalledTimes(1);

    socket.receive(change('table:notifications', 'n1'));
    socket.receive(change('table:songs', 's1'));
    expect(notifications.map((c) => c.id)).toEqual(['n1']);
    expect(songs.map((c) => c.id)).toEqual(['s1']);
  });

  it('subscribes at once when already open, and unsubscribes with the last handler', async () => {
    const { client } = makeClient();
    client.connect();
    await flush();
    await accept();
    const socket = latest();
    const first = client.subscribe('table:reviews', () => {});
    const second = client.subscribe('table:reviews', () => {});
    expect(socket.sentOf('subscribe')).toHaveLength(1);
    first();
    expect(socket.sentOf('unsubscribe')).toHaveLength(0);
    second();
    expect(socket.sentOf('unsubscribe')).toEqual([{ type: 'unsubscribe', topic: 'table:reviews' }]);
  });

  it('pings every heartbeat and reconnects when a pong does not come within the time-out', async () => {
    const { client, delays } = makeClient();
    const onReconnect = vi.fn();
    client.onReconnect(onReconnect);
    client.subscribe('table:notifications', () => {});
    client.connect();
    await flush();
    await accept();
    const first = latest();

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    const [ping] = first.sentOf('ping');
    expect(ping).toMatchObject({ type: 'ping' });
    first.receive({ type: 'pong', ref: ping!.ref as string });
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(FakeSocket.all).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS - TIMEOUT_MS);
    expect(first.sentOf('ping')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS - 1);
    expect(first.closedWith).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(first.closedWith).toMatchObject({ code: 4000 });
    expect(client.status).toBe('waiting');
    expect(delays).toEqual([0]);

    await vi.advanceTimersByTimeAsync(1000);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    expect(second.sent).toEqual([{ type: 'auth', token: 'token-1' }]);
    second.receive({ type: 'auth_ok', reviewer_id: 'r1', organization_id: 'o1' });
    const [resubscribe] = second.sentOf('subscribe');
    expect(resubscribe).toMatchObject({ topic: 'table:notifications' });
    expect(onReconnect).not.toHaveBeenCalled(); // not before the subscription is confirmed
    second.receive({ type: 'subscribed', topic: 'table:notifications', ref: resubscribe!.ref as string });
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('backs off while the server is unreachable and starts over after a success', async () => {
    const { client, delays } = makeClient();
    client.connect();
    await flush();
    for (let i = 0; i < 3; i++) {
      latest().drop();
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(delays).toEqual([0, 1, 2]);
    expect(FakeSocket.all).toHaveLength(4);
    await accept();
    latest().drop();
    expect(delays).toEqual([0, 1, 2, 0]);
  });

  it('gives up on a socket that does not open within the time-out', async () => {
    const { client } = makeClient();
    client.connect();
    await flush();
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS);
    expect(FakeSocket.all[0]!.closedWith).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('stops reconnecting when the server refuses the member', async () => {
    const { client } = makeClient();
    const errors = vi.fn();
    client.onError(errors);
    client.connect();
    await flush();
    const socket = latest();
    socket.open();
    socket.receive({
      type: 'error',
      code: 'no_organization',
      message: 'You need to create or join a label first.',
    });
    socket.drop(REALTIME_CLOSE.forbidden);
    expect(client.status).toBe('refused');
    expect(errors).toHaveBeenCalledWith(expect.objectContaining({ code: 'no_organization' }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('waits for a token, and sends a refreshed one on the open socket', async () => {
    let token: string | null = null;
    const { client } = makeClient({ getAccessToken: async () => token });
    client.subscribe('table:notifications', () => {});
    client.connect();
    await flush();
    expect(client.status).toBe('signed_out');
    expect(FakeSocket.all).toHaveLength(0);

    token = 'token-1';
    await client.updateToken();
    await flush();
    await accept();
    const socket = latest();
    expect(socket.sentOf('subscribe')).toHaveLength(1);

    token = 'token-2';
    await client.updateToken();
    expect(socket.sentOf('auth').map((m) => m.token)).toEqual(['token-1', 'token-2']);
    socket.receive({ type: 'auth_ok', reviewer_id: 'r1', organization_id: 'o1' });
    expect(socket.sentOf('subscribe')).toHaveLength(1); // the answer to a refresh changes nothing
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('disconnects for good', async () => {
    const { client } = makeClient();
    client.connect();
    await flush();
    await accept();
    client.disconnect();
    expect(latest().closedWith).toMatchObject({ code: 1000 });
    expect(client.status).toBe('idle');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});
