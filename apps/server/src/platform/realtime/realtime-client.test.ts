import { fileURLToPath } from 'node:url';
import type { ChangeMessage, CreateRealtimeClient, RealtimeClient } from '@music-review/core/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { adminWithLabel, signIn } from '../../test/api-helpers.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../test/harness.ts';
import type { Database } from '../db/index.ts';
import { notifications } from '../db/schema.ts';
import { listenForSockets, withTimeout } from './socket-test-utils.ts';

/** The browser's realtime client (apps/web/src/lib/realtime.ts) against the real server, over `ws`. */

// Loaded at run time by path: the server's TypeScript project may not include apps/web's files, so the
// client is typed by its contract in packages/core instead.
const WEB_CLIENT_PATH = fileURLToPath(new URL('../../../../web/src/lib/realtime.ts', import.meta.url));
let createRealtimeClient: CreateRealtimeClient;

let database: Database;
let server: TestServer;
let url: string;
let admin: Awaited<ReturnType<typeof adminWithLabel>>;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  ({ createRealtimeClient } = (await import(/* @vite-ignore */ WEB_CLIENT_PATH)) as {
    createRealtimeClient: CreateRealtimeClient;
  });
  database = await createTestDatabase();
  server = await createTestServer({}, database);
  url = await listenForSockets(server.app);
  admin = await adminWithLabel(server.app, 'Client Label');
});

afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
  await database?.close();
});

async function insertNotification() {
  const [row] = await database.global
    .insert(notifications)
    .values({
      organizationId: admin.organization.id,
      recipientId: admin.reviewer.id,
      type: 'test',
      message: 'Client test',
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** Collects changes of a topic and lets a test wait for one by id. */
function recorder() {
  const changes: ChangeMessage[] = [];
  const waiters = new Map<string, () => void>();
  return {
    changes,
    onChange(change: ChangeMessage) {
      changes.push(change);
      if (change.id) waiters.get(change.id)?.();
    },
    waitFor(id: string) {
      if (changes.some((c) => c.id === id)) return Promise.resolve();
      return withTimeout(new Promise<void>((resolve) => waiters.set(id, resolve)), `the change of ${id}`);
    },
  };
}

describe('web realtime client', () => {
  it('subscribes, reconnects after the server drops it, re-subscribes and calls onReconnect', async () => {
    let tokenCalls = 0;
    const client = createRealtimeClient({
      url,
      getAccessToken: () => {
        tokenCalls++;
        return admin.token;
      },
      WebSocket,
      reconnectDelay: () => 20,
    });
    clients.push(client);
    const seen = recorder();
    let confirmations = 0;
    let onSubscribed: () => void = () => {};
    client.subscribe('table:notifications', seen.onChange, {
      onSubscribed: () => {
        confirmations++;
        onSubscribed();
      },
    });
    const subscribed = new Promise<void>((resolve) => {
      onSubscribed = resolve;
    });
    client.connect();
    await withTimeout(subscribed, 'the first subscription');
    expect(client.status).toBe('open');

    const first = await insertNotification();
    await seen.waitFor(first);

    const reconnected = new Promise<void>((resolve) => client.onReconnect(resolve));
    for (const socket of server.app.websocketServer.clients) socket.terminate();
    await withTimeout(reconnected, 'onReconnect');
    expect(confirmations).toBe(2);
    expect(tokenCalls).toBe(2); // the token is asked for again on every connect

    const second = await insertNotification();
    await seen.waitFor(second);
    expect(seen.changes.map((c) => c.id)).toEqual([first, second]);
    expect(seen.changes[1]).toMatchObject({
      topic: 'table:notifications',
      table: 'notifications',
      event: 'INSERT',
    });
  });

  it('sends a refreshed token on the open socket without reconnecting', async () => {
    let token = admin.token;
    const client = createRealtimeClient({
      url,
      getAccessToken: () => token,
      WebSocket,
      reconnectDelay: () => 20,
    });
    clients.push(client);
    const seen = recorder();
    const subscribed = new Promise<void>((resolve) =>
      client.subscribe('table:notifications', seen.onChange, { onSubscribed: resolve }),
    );
    let reconnects = 0;
    client.onReconnect(() => reconnects++);
    const errors: unknown[] = [];
    client.onError((e) => errors.push(e));
    client.connect();
    await withTimeout(subscribed, 'the subscription');

    token = (await signIn(server.app, admin.email)).access_token;
    await client.updateToken();
    const id = await insertNotification();
    await seen.waitFor(id);
    expect(client.status).toBe('open');
    expect(reconnects).toBe(0);
    expect(errors).toEqual([]);
  });

  it('stops after disconnect', async () => {
    const client = createRealtimeClient({ url, getAccessToken: () => admin.token, WebSocket });
    const statuses: string[] = [];
    client.onStatus((s) => statuses.push(s));
    const opened = new Promise<void>((resolve) => client.onStatus((s) => s === 'open' && resolve()));
    client.connect();
    await withTimeout(opened, 'the client to open');
    client.disconnect();
    expect(client.status).toBe('idle');
    expect(statuses).toEqual(['connecting', 'open', 'idle']);
  });
});
