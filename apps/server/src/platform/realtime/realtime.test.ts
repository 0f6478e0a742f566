import { REALTIME_CLOSE } from '@music-review/core/realtime';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, memberOf, signIn, signUpConfirmed } from '../../test/api-helpers.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../test/harness.ts';
import type { Database } from '../db/index.ts';
import {
  conversations,
  messageReads,
  messages,
  notifications,
  reviewers,
  typingIndicators,
} from '../db/schema.ts';
import { connectMember, listenForSockets, TestSocket } from './socket-test-utils.ts';

/**
 * The realtime socket against the real app and database: two server copies on one database (the
 * fan-out between copies), authorization of every change, and the protocol's refusals.
 * Negative checks use a fence: a later change the socket must receive; the hub delivers in order, so
 * once the fence arrives anything sent before it would have arrived too.
 */

let database: Database;
let serverA: TestServer;
let serverB: TestServer;
let urlA: string;
let urlB: string;
type Member = Awaited<ReturnType<typeof memberOf>>;
let alice: Awaited<ReturnType<typeof adminWithLabel>>; // admin of label 1
let bob: Member; // label 1
let carol: Member; // label 1
let dave: Awaited<ReturnType<typeof adminWithLabel>>; // admin of label 2
const sockets: TestSocket[] = [];

async function open(url: string, token: string, topics: string[]) {
  const socket = await connectMember(url, token, topics);
  sockets.push(socket);
  return socket;
}

async function rawSocket(url: string, options: { autoPong?: boolean } = {}) {
  const socket = await TestSocket.open(url, options);
  sockets.push(socket);
  return socket;
}

async function insertNotification(organizationId: string, recipientId: string) {
  const [row] = await database.global
    .insert(notifications)
    .values({ organizationId, recipientId, type: 'test', message: 'Realtime test' })
    .returning({ id: notifications.id });
  return row!.id;
}

async function insertConversation(
  organizationId: string,
  type: 'dm' | 'song_chat' | 'support',
  user1Id: string,
  user2Id?: string,
) {
  const [row] = await database.global
    .insert(conversations)
    .values({ organizationId, type, user1Id, user2Id: user2Id ?? null })
    .returning({ id: conversations.id });
  return row!.id;
}

let sequence = 0;
async function insertMessage(organizationId: string, conversationId: string, senderId: string) {
  const [row] = await database.global
    .insert(messages)
    .values({ organizationId, conversationId, senderId, sequence: ++sequence, messageText: 'hi' })
    .returning({ id: messages.id });
  return row!.id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  serverA = await createTestServer({}, database);
  serverB = await createTestServer({}, database);
  urlA = await listenForSockets(serverA.app);
  urlB = await listenForSockets(serverB.app);
  alice = await adminWithLabel(serverA.app, 'Realtime One');
  // Room for the members the tests add (the default plan allows 3).
  await database.global.execute(
    sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = 'Label')
        where id = ${alice.organization.id}`,
  );
  bob = await memberOf(serverA.app, alice.inviteCode);
  carol = await memberOf(serverA.app, alice.inviteCode);
  dave = await adminWithLabel(serverA.app, 'Realtime Two');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await serverA?.close();
  await serverB?.close();
  await database?.close();
});

describe('fan-out between server copies', () => {
  it('delivers a change made through copy A to a socket on copy B', async () => {
    const onB = await open(urlB, alice.token, ['table:notifications']);
    const id = await insertNotification(alice.organization.id, alice.reviewer.id);
    const change = await onB.waitForChange(id);
    expect(change).toMatchObject({
      type: 'change',
      topic: 'table:notifications',
      table: 'notifications',
      event: 'INSERT',
      id,
      organization_id: alice.organization.id,
      recipient_id: alice.reviewer.id,
      row_type: 'test',
    });
  });

  it('delivers a change made by an HTTP call to copy A to sockets on both copies', async () => {
    const onA = await open(urlA, alice.token, ['table:reviewers']);
    const onB = await open(urlB, bob.token, ['table:reviewers']);
    // Joining the label through copy A updates the new member's reviewer row.
    const erin = await memberOf(serverA.app, alice.inviteCode);
    for (const socket of [onA, onB]) {
      const change = await socket.waitForChange(erin.reviewer.id);
      expect(change).toMatchObject({
        table: 'reviewers',
        event: 'UPDATE',
        organization_id: alice.organization.id,
      });
    }
  });
});

describe('authorization of changes', () => {
  it('does not deliver a change to a socket of another organization', async () => {
    const aliceSocket = await open(urlA, alice.token, ['table:reviewers', 'table:notifications']);
    const daveSocket = await open(urlB, dave.token, ['table:reviewers', 'table:notifications']);
    const secret = await insertNotification(alice.organization.id, alice.reviewer.id);
    const fence = await insertNotification(dave.organization.id, dave.reviewer.id);
    await aliceSocket.waitForChange(secret);
    await daveSocket.waitForChange(fence);
    expect(daveSocket.hasChange(secret)).toBe(false);
    expect(aliceSocket.hasChange(fence)).toBe(false);
  });

  it('delivers a notification only to its recipient', async () => {
    const bobSocket = await open(urlB, bob.token, ['table:notifications']);
    const forAlice = await insertNotification(alice.organization.id, alice.reviewer.id);
    const forBob = await insertNotification(alice.organization.id, bob.reviewer.id);
    await bobSocket.waitForChange(forBob);
    expect(bobSocket.hasChange(forAlice)).toBe(false);
  });

  it('delivers a direct conversation and its messages, reads and typing only to its two members', async () => {
    const topics = [
      'table:conversations',
      'table:messages',
      'table:message_reads',
      'table:typing_indicators',
    ];
    const aliceSocket = await open(urlA, alice.token, topics);
    const bobSocket = await open(urlB, bob.token, topics);
    const carolSocket = await open(urlB, carol.token, topics);
    const orgId = alice.organization.id;

    const dm = await insertConversation(orgId, 'dm', alice.reviewer.id, bob.reviewer.id);
    const message = await insertMessage(orgId, dm, alice.reviewer.id);
    await database.global
      .insert(messageReads)
      .values({ messageId: message, userId: bob.reviewer.id, organizationId: orgId });
    await database.global
      .insert(typingIndicators)
      .values({ conversationId: dm, reviewerId: bob.reviewer.id, organizationId: orgId });
    // The fence: a label-wide conversation and message, which carol must see.
    const openConversation = await insertConversation(orgId, 'support', carol.reviewer.id);
    const openMessage = await insertMessage(orgId, openConversation, carol.reviewer.id);

    for (const socket of [aliceSocket, bobSocket]) {
      await socket.waitForChange(dm);
      await socket.waitForChange(message);
      await socket.waitFor(
        (m) => m.type === 'change' && m.table === 'message_reads' && m.message_id === message,
        'the read receipt',
      );
      await socket.waitFor(
        (m) => m.type === 'change' && m.table === 'typing_indicators' && m.conversation_id === dm,
        'the typing indicator',
      );
      await socket.waitForChange(openMessage);
    }
    await carolSocket.waitForChange(openConversation);
    await carolSocket.waitForChange(openMessage);
    const leaked = carolSocket.received.filter(
      (m) => m.type === 'change' && (m.id === dm || m.id === message || m.conversation_id === dm),
    );
    expect(leaked).toEqual([]);
  });

  it('looks up the members of a conversation it has not seen change (a copy started later)', async () => {
    const orgId = alice.organization.id;
    const dm = await insertConversation(orgId, 'dm', alice.reviewer.id, carol.reviewer.id);
    const serverC = await createTestServer({}, database);
    try {
      const urlC = await listenForSockets(serverC.app);
      const carolSocket = await open(urlC, carol.token, ['table:messages']);
      const bobSocket = await open(urlC, bob.token, ['table:messages']);
      const message = await insertMessage(orgId, dm, alice.reviewer.id);
      const fence = await insertMessage(
        orgId,
        await insertConversation(orgId, 'support', bob.reviewer.id),
        bob.reviewer.id,
      );
      await carolSocket.waitForChange(message);
      await bobSocket.waitForChange(fence);
      expect(bobSocket.hasChange(message)).toBe(false);
    } finally {
      await serverC.close();
    }
  });

  it('closes the socket of a member who leaves the label', async () => {
    const frank = await memberOf(serverA.app, alice.inviteCode);
    const socket = await open(urlB, frank.token, ['table:notifications']);
    await database.global
      .update(reviewers)
      .set({ organizationId: null })
      .where(eq(reviewers.id, frank.reviewer.id));
    const error = await socket.waitForType('error');
    expect(error.code).toBe('no_organization');
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.forbidden);
  });
});

describe('authentication', () => {
  it('closes a socket that does not authenticate in time', async () => {
    const original = serverA.app.realtime.options.authTimeoutMs;
    serverA.app.realtime.configure({ authTimeoutMs: 200 });
    try {
      const socket = await rawSocket(urlA);
      const closed = await socket.closed;
      expect(closed.code).toBe(REALTIME_CLOSE.unauthenticated);
      expect(socket.received).toContainEqual(
        expect.objectContaining({ type: 'error', code: 'not_authenticated' }),
      );
    } finally {
      serverA.app.realtime.configure({ authTimeoutMs: original });
    }
  });

  it('refuses a bad token with an error and closes', async () => {
    for (const token of ['not-a-jwt', `${alice.token.slice(0, -4)}AAAA`]) {
      const socket = await rawSocket(urlA);
      socket.send({ type: 'auth', token });
      const error = await socket.waitForType('error');
      expect(error.code).toBe('unauthorized');
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    }
  });

  it('refuses the token of a signed-out session', async () => {
    const session = await signIn(serverA.app, bob.email);
    const logout = await serverA.app.inject({
      method: 'POST',
      url: '/auth/v1/logout',
      headers: authHeader(session.access_token),
    });
    expect(logout.statusCode).toBe(204);
    const socket = await rawSocket(urlB);
    socket.send({ type: 'auth', token: session.access_token });
    expect((await socket.waitForType('error')).code).toBe('unauthorized');
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it('closes an open socket once its session is signed out', async () => {
    const session = await signIn(serverA.app, carol.email);
    const socket = await open(urlB, session.access_token, ['table:notifications']);
    const original = serverB.app.realtime.options.heartbeatMs;
    serverB.app.realtime.configure({ heartbeatMs: 100 });
    try {
      await serverA.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: authHeader(session.access_token),
      });
      expect((await socket.waitForType('error')).code).toBe('unauthorized');
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
    } finally {
      serverB.app.realtime.configure({ heartbeatMs: original });
    }
  });

  it('refuses a signed-in user without a label', async () => {
    const loner = await signUpConfirmed(serverA.app);
    const socket = await rawSocket(urlA);
    socket.send({ type: 'auth', token: loner.token });
    expect((await socket.waitForType('error')).code).toBe('no_organization');
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.forbidden);
  });

  it('accepts a refreshed token for the same member and refuses one of someone else', async () => {
    const socket = await open(urlA, alice.token, ['table:notifications']);
    const fresh = await signIn(serverA.app, alice.email);
    const ok = await socket.authenticate(fresh.access_token);
    expect(ok.reviewer_id).toBe(alice.reviewer.id);
    const id = await insertNotification(alice.organization.id, alice.reviewer.id);
    await socket.waitForChange(id); // still subscribed

    socket.send({ type: 'auth', token: bob.token });
    expect((await socket.waitForType('error')).code).toBe('unauthorized');
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });
});

describe('protocol', () => {
  it('answers garbage with error frames and stays usable', async () => {
    const socket = await rawSocket(urlA);
    socket.send('not json');
    socket.send('{"type":"launch","ref":"g1"}');
    socket.send(Buffer.from([1, 2, 3]));
    socket.send({ type: 'subscribe', topic: 'table:notifications', ref: 'early' });
    socket.send('null');
    socket.send({ type: 'subscribe', topic: 'no topic here', ref: 'g2' });
    const errors = [];
    for (let i = 0; i < 6; i++) errors.push(await socket.waitForType('error'));
    expect(errors.map((e) => [e.code, e.ref])).toEqual([
      ['invalid_message', undefined],
      ['invalid_message', 'g1'],
      ['invalid_message', undefined],
      ['not_authenticated', 'early'],
      ['invalid_message', undefined],
      ['invalid_message', 'g2'],
    ]);

    await socket.authenticate(alice.token);
    socket.send({ type: 'subscribe', topic: 'table:passwords', ref: 'g3' });
    socket.send({ type: 'subscribe', topic: 'constructor:x', ref: 'g4' });
    socket.send({ type: 'ping', ref: 'still-there' });
    expect(await socket.waitForType('error')).toMatchObject({ code: 'unknown_topic', ref: 'g3' });
    expect(await socket.waitForType('error')).toMatchObject({ code: 'unknown_topic', ref: 'g4' });
    expect(await socket.waitForType('pong')).toMatchObject({ ref: 'still-there' });

    await socket.subscribe('table:notifications');
    const id = await insertNotification(alice.organization.id, alice.reviewer.id);
    await socket.waitForChange(id);
    expect(socket.unreadable).toEqual([]);
  });

  it('stops sending changes after unsubscribe', async () => {
    const socket = await open(urlA, alice.token, ['table:notifications', 'table:conversations']);
    socket.send({ type: 'unsubscribe', topic: 'table:notifications' });
    // Frames are handled in order: the pong means the unsubscribe is done.
    socket.send({ type: 'ping', ref: 'after-unsubscribe' });
    await socket.waitForType('pong');
    const dropped = await insertNotification(alice.organization.id, alice.reviewer.id);
    const fence = await insertConversation(alice.organization.id, 'support', alice.reviewer.id);
    await socket.waitForChange(fence);
    expect(socket.hasChange(dropped)).toBe(false);
  });

  it('drops a socket that does not answer the heartbeat', async () => {
    const socket = await rawSocket(urlB, { autoPong: false });
    await socket.authenticate(dave.token);
    const original = serverB.app.realtime.options.heartbeatMs;
    serverB.app.realtime.configure({ heartbeatMs: 100 });
    try {
      // Terminated without a close frame: the client sees an abnormal closure.
      expect((await socket.closed).code).toBe(1006);
    } finally {
      serverB.app.realtime.configure({ heartbeatMs: original });
    }
  });
});
