import type { AddressInfo } from 'node:net';
import { parseServerMessage, REALTIME_PATH, type ServerMessage } from '@music-review/core/realtime';
import { WebSocket } from 'ws';
import type { App } from '../http.ts';

/** Test-only helpers: a raw protocol client that records every frame and waits with bounded time-outs. */

export const WAIT_MS = 5_000;

/** Listens on a free port of 127.0.0.1 and returns the realtime URL. */
export async function listenForSockets(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}${REALTIME_PATH}`;
}

/** The promise, or a rejection naming what it waited for once `ms` pass. */
export function withTimeout<T>(promise: Promise<T>, what: string, ms = WAIT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

interface Waiter {
  predicate: (m: ServerMessage) => boolean;
  resolve: (m: ServerMessage) => void;
}

export class TestSocket {
  /** Every frame received, in order. */
  readonly received: ServerMessage[] = [];
  /** Frames that could not be read as server messages (there should be none). */
  readonly unreadable: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly consumed = new Set<ServerMessage>();
  private waiters: Waiter[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      const message = parseServerMessage(text);
      if (!message) {
        this.unreadable.push(text);
        return;
      }
      this.received.push(message);
      const waiter = this.waiters.find((w) => w.predicate(message));
      if (waiter) {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        this.consumed.add(message);
        waiter.resolve(message);
      }
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static open(url: string, options: { autoPong?: boolean } = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    return withTimeout(
      new Promise<TestSocket>((resolve, reject) => {
        ws.once('open', () => resolve(socket));
        ws.once('error', reject);
      }),
      'the socket to open',
    );
  }

  send(message: object | string | Buffer) {
    this.ws.send(typeof message === 'string' || Buffer.isBuffer(message) ? message : JSON.stringify(message));
  }

  /** The first message matching `predicate` not returned before (already received, or the next one). */
  waitFor<T extends ServerMessage>(
    predicate: (m: ServerMessage) => m is T,
    what: string,
    ms?: number,
  ): Promise<T>;
  waitFor(predicate: (m: ServerMessage) => boolean, what: string, ms?: number): Promise<ServerMessage>;
  waitFor(predicate: (m: ServerMessage) => boolean, what: string, ms = WAIT_MS): Promise<ServerMessage> {
    const found = this.received.find((m) => !this.consumed.has(m) && predicate(m));
    if (found) {
      this.consumed.add(found);
      return Promise.resolve(found);
    }
    let waiter: Waiter | undefined;
    const promise = new Promise<ServerMessage>((resolve) => {
      waiter = { predicate, resolve };
      this.waiters.push(waiter);
    });
    return withTimeout(promise, what, ms).finally(() => {
      this.waiters = this.waiters.filter((w) => w !== waiter);
    });
  }

  waitForType<K extends ServerMessage['type']>(type: K, ms?: number) {
    return this.waitFor(
      (m): m is Extract<ServerMessage, { type: K }> => m.type === type,
      `a ${type} frame`,
      ms,
    );
  }

  /** The change of a row (by id) on this socket. */
  waitForChange(id: string, ms?: number) {
    return this.waitFor(
      (m): m is Extract<ServerMessage, { type: 'change' }> => m.type === 'change' && m.id === id,
      `the change of ${id}`,
      ms,
    );
  }

  hasChange(id: string) {
    return this.received.some((m) => m.type === 'change' && m.id === id);
  }

  async authenticate(token: string) {
    this.send({ type: 'auth', token });
    const answer = await this.waitFor((m) => m.type === 'auth_ok' || m.type === 'error', 'the auth answer');
    if (answer.type !== 'auth_ok') throw new Error(`auth refused: ${JSON.stringify(answer)}`);
    return answer;
  }

  async subscribe(...topics: string[]) {
    for (const topic of topics) {
      const ref = `sub-${topic}`;
      this.send({ type: 'subscribe', topic, ref });
      const answer = await this.waitFor(
        (m) => (m.type === 'subscribed' || m.type === 'error') && m.ref === ref,
        `the answer to subscribing ${topic}`,
      );
      if (answer.type !== 'subscribed') throw new Error(`subscribe refused: ${JSON.stringify(answer)}`);
    }
  }

  close() {
    this.ws.terminate();
  }
}

/** Opens a socket, authenticates and subscribes: ready to receive changes. */
export async function connectMember(url: string, token: string, topics: string[]) {
  const socket = await TestSocket.open(url);
  await socket.authenticate(token);
  await socket.subscribe(...topics);
  return socket;
}
