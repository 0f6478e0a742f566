import { randomUUID } from 'node:crypto';
import type { ConversationDto, MessageDto, MessagePageDto } from '@music-review/core/messages';
import { type ChangeMessage, conversationTopic, SUPPORT_INBOX_TOPIC } from '@music-review/core/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSong } from '../../features/songs/songs.factory.ts';
import {
  adminWithLabel,
  createLabel,
  memberOf,
  signUpConfirmed,
  uniqueEmail,
} from '../../test/api-helpers.ts';
import { createTestDatabase, createTestServer, type TestServer } from '../../test/harness.ts';
import type { Database } from '../db/index.ts';
import { connectMember, listenForSockets, TestSocket, WAIT_MS, withTimeout } from './socket-test-utils.ts';

/**
 * The `conversation:<id>` and `support:inbox` topics against the real app: who may subscribe, the
 * message carried in frames, typing and reads, delivery between server copies, support staff's
 * reach, and the catch-up after a dropped connection (nothing lost, nothing twice).
 * Negative checks use a fence: a later change the socket must receive; the hub delivers in order, so
 * once the fence arrives anything sent before it would have arrived too.
 */

let database: Database;
let serverA: TestServer;
let serverB: TestServer;
let urlA: string;
let urlB: string;
type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type Member = Awaited<ReturnType<typeof memberOf>>;
let alice: Admin; // admin of label 1
let bob: Member; // label 1
let carol: Member; // label 1
let dave: Admin; // admin of label 2
let staff: Admin; // support staff (SUPPORT_EMAILS), admin of the support desk's own label
let dm: string; // alice and bob
let songChat: string; // label 1
let support: string; // carol's support conversation, label 1
let daveChat: string; // a song chat of label 2
const sockets: TestSocket[] = [];
const staffEmail = uniqueEmail('support-desk');

type Headers = { authorization: string };
type ChangeFrame = ChangeMessage;

async function open(url: string, token: string, topics: string[]) {
  const socket = await connectMember(url, token, topics);
  sockets.push(socket);
  return socket;
}

async function api<T>(
  server: TestServer,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: object,
): Promise<T> {
  const res = await server.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

const openConversation = (headers: Headers, body: object) =>
  api<ConversationDto>(serverA, 'POST', '/api/v1/conversations', headers, body).then((c) => c.id);

const send = (
  headers: Headers,
  conversationId: string,
  text: string,
  extra: object = {},
  server: TestServer = serverA,
) =>
  api<MessageDto>(server, 'POST', `/api/v1/conversations/${conversationId}/messages`, headers, {
    message_text: text,
    ...extra,
  });

const deleteMessage = (headers: Headers, messageId: string) =>
  api<void>(serverA, 'DELETE', `/api/v1/messages/${messageId}`, headers);

const page = (headers: Headers, conversationId: string, query = '') =>
  api<MessagePageDto>(
    serverA,
    'GET',
    `/api/v1/conversations/${conversationId}/messages?limit=100${query}`,
    headers,
  );

/** Answers a subscribe with the error code, or null when subscribed. */
async function trySubscribe(socket: TestSocket, topic: string) {
  const ref = `try-${Math.random().toString(36).slice(2)}`;
  socket.send({ type: 'subscribe', topic, ref });
  const answer = await socket.waitFor(
    (m) => (m.type === 'subscribed' || m.type === 'error') && m.ref === ref,
    `the answer to ${topic}`,
  );
  return answer.type === 'error' ? answer.code : null;
}

const isChange = (m: { type: string }): m is ChangeFrame => m.type === 'change';
const changesOf = (socket: TestSocket) => socket.received.filter(isChange);

function waitForFrame(socket: TestSocket, what: string, predicate: (m: ChangeFrame) => boolean) {
  return socket.waitFor((m): m is ChangeFrame => isChange(m) && predicate(m), what);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const env = { SUPPORT_EMAILS: staffEmail };
  serverA = await createTestServer(env, database);
  serverB = await createTestServer(env, database);
  urlA = await listenForSockets(serverA.app);
  urlB = await listenForSockets(serverB.app);
  alice = await adminWithLabel(serverA.app, 'Conversation One');
  // Room for the members (the default plan allows 3) and support chat.
  await database.asOwner('tests build rows directly').execute(
    sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = 'Label')
        where id = ${alice.organization.id}`,
  );
  bob = await memberOf(serverA.app, alice.inviteCode);
  carol = await memberOf(serverA.app, alice.inviteCode);
  dave = await adminWithLabel(serverA.app, 'Conversation Two');
  const desk = await signUpConfirmed(serverA.app, { email: staffEmail, name: 'Sam Support' });
  const deskLabel = await createLabel(serverA.app, desk.token, 'Music Review Support');
  staff = { ...desk, ...deskLabel, inviteCode: deskLabel.organization.invite_code! };

  const song = await insertSong(database.asOwner('tests build rows directly'), {
    organizationId: alice.organization.id,
    title: 'Night Drive',
    artist: 'Nova',
  });
  const daveSong = await insertSong(database.asOwner('tests build rows directly'), {
    organizationId: dave.organization.id,
    title: 'Elsewhere',
    artist: 'Other',
  });
  dm = await openConversation(alice.headers, { type: 'dm', user_id: bob.reviewer.id });
  songChat = await openConversation(alice.headers, { type: 'song_chat', song_id: song.id });
  support = await openConversation(carol.headers, { type: 'support' });
  daveChat = await openConversation(dave.headers, { type: 'song_chat', song_id: daveSong.id });
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await serverA?.close();
  await serverB?.close();
  await database?.close();
});

describe('subscribing to a conversation', () => {
  it('lets in the members who may see it and no one else', async () => {
    const aliceSocket = await open(urlA, alice.token, []);
    const carolSocket = await open(urlA, carol.token, []);
    const daveSocket = await open(urlB, dave.token, []);
    const staffSocket = await open(urlB, staff.token, []);

    // A DM: its two members only; a third member of the label is refused like a stranger.
    expect(await trySubscribe(aliceSocket, conversationTopic(dm))).toBeNull();
    expect(await trySubscribe(carolSocket, conversationTopic(dm))).toBe('forbidden');
    // Song chats and support conversations: the whole label.
    expect(await trySubscribe(carolSocket, conversationTopic(songChat))).toBeNull();
    expect(await trySubscribe(aliceSocket, conversationTopic(support))).toBeNull();
    // Another label sees none of them, and an unknown id answers the same.
    for (const id of [dm, songChat, support, randomUUID()]) {
      expect(await trySubscribe(daveSocket, conversationTopic(id))).toBe('forbidden');
    }
    expect(await trySubscribe(aliceSocket, conversationTopic(daveChat))).toBe('forbidden');
    // Support staff: the support conversations of every label, nothing else of them.
    expect(await trySubscribe(staffSocket, conversationTopic(support))).toBeNull();
    expect(await trySubscribe(staffSocket, conversationTopic(dm))).toBe('forbidden');
    expect(await trySubscribe(staffSocket, conversationTopic(songChat))).toBe('forbidden');
    // Ids are lower case; anything else is not a topic.
    expect(await trySubscribe(aliceSocket, conversationTopic(dm.toUpperCase()))).toBe('unknown_topic');
    expect(await trySubscribe(aliceSocket, 'conversation:nope')).toBe('unknown_topic');
  });

  it('keeps the support inbox to support staff', async () => {
    const carolSocket = await open(urlA, carol.token, []);
    const staffSocket = await open(urlA, staff.token, []);
    expect(await trySubscribe(carolSocket, SUPPORT_INBOX_TOPIC)).toBe('forbidden');
    expect(await trySubscribe(staffSocket, SUPPORT_INBOX_TOPIC)).toBeNull();
    expect(await trySubscribe(staffSocket, 'support:everything')).toBe('unknown_topic');
  });
});

describe('conversation frames', () => {
  it('carry the stored message, loaded once for every socket of a copy', async () => {
    const topic = conversationTopic(songChat);
    const listeners = await Promise.all([
      open(urlA, bob.token, [topic, 'table:messages']),
      open(urlA, carol.token, [topic]),
      open(urlA, alice.token, [topic]),
    ]);
    const queriesBefore = serverA.app.realtime.messages.queries;
    const sent = await send(bob.headers, songChat, 'Mix v2 is up @Carol', {
      mentioned_user_ids: [carol.reviewer.id],
      attachment: { type: 'metadata_form', link: '/signed-songs/x/metadata', song_title: 'Night Drive' },
    });
    expect(sent.sender_name).toBe(bob.name);
    const listed = (await page(alice.headers, songChat)).messages.find((m) => m.id === sent.id);
    for (const socket of listeners) {
      const frame = await waitForFrame(
        socket,
        'the message frame',
        (m) => m.topic === topic && m.id === sent.id,
      );
      expect(frame).toMatchObject({
        table: 'messages',
        event: 'INSERT',
        conversation_id: songChat,
        sequence: sent.sequence,
      });
      expect(frame.message).toEqual(sent);
      expect(frame.message).toEqual(listed);
    }
    expect(serverA.app.realtime.messages.queries - queriesBefore).toBe(1);
    // The table topic stays light: ids and sequence, for unread badges.
    const light = await waitForFrame(
      listeners[0]!,
      'the table frame',
      (m) => m.topic === 'table:messages' && m.id === sent.id,
    );
    expect(light.sequence).toBe(sent.sequence);
    expect(light.message).toBeUndefined();
  });

  it('carries a deletion as an UPDATE without the text', async () => {
    const topic = conversationTopic(dm);
    const bobSocket = await open(urlB, bob.token, [topic]);
    const sent = await send(alice.headers, dm, 'oops, wrong chat');
    await waitForFrame(bobSocket, 'the message', (m) => m.id === sent.id && m.event === 'INSERT');
    await deleteMessage(alice.headers, sent.id);
    const frame = await waitForFrame(
      bobSocket,
      'the deletion',
      (m) => m.id === sent.id && m.event === 'UPDATE',
    );
    expect(frame.message).toMatchObject({
      id: sent.id,
      sequence: sent.sequence,
      is_deleted: true,
      message_text: '',
    });
  });

  it('pushes typing (start, keep-alive, stop) with the typist, to the conversation only', async () => {
    const topic = conversationTopic(dm);
    const bobSocket = await open(urlA, bob.token, [topic]);
    const carolSocket = await open(urlB, carol.token, [
      'table:typing_indicators',
      conversationTopic(songChat),
    ]);
    const typingPath = `/api/v1/conversations/${dm}/typing`;
    const typingFrame = (event: string) =>
      waitForFrame(
        bobSocket,
        `typing ${event}`,
        (m) => m.table === 'typing_indicators' && m.event === event && m.topic === topic,
      );
    await api(serverA, 'PUT', typingPath, alice.headers);
    expect(await typingFrame('INSERT')).toMatchObject({
      conversation_id: dm,
      reviewer_id: alice.reviewer.id,
    });
    await api(serverA, 'PUT', typingPath, alice.headers);
    expect(await typingFrame('UPDATE')).toMatchObject({
      conversation_id: dm,
      reviewer_id: alice.reviewer.id,
    });
    await api(serverA, 'DELETE', typingPath, alice.headers);
    expect(await typingFrame('DELETE')).toMatchObject({
      conversation_id: dm,
      reviewer_id: alice.reviewer.id,
    });

    // Carol (same label, not in the DM) heard none of it: the fence is typing in the song chat.
    await api(serverA, 'PUT', `/api/v1/conversations/${songChat}/typing`, bob.headers);
    await waitForFrame(
      carolSocket,
      'the fence',
      (m) => m.topic === conversationTopic(songChat) && m.reviewer_id === bob.reviewer.id,
    );
    expect(changesOf(carolSocket).filter((m) => m.conversation_id === dm)).toEqual([]);
    await api(serverA, 'DELETE', `/api/v1/conversations/${songChat}/typing`, bob.headers);
  });

  it('pushes read receipts with their conversation', async () => {
    const topic = conversationTopic(dm);
    const aliceSocket = await open(urlB, alice.token, [topic]);
    const sent = await send(alice.headers, dm, 'read me');
    await api(serverA, 'POST', `/api/v1/conversations/${dm}/read`, bob.headers, {
      up_to_sequence: sent.sequence,
    });
    const frame = await waitForFrame(
      aliceSocket,
      'the read receipt',
      (m) => m.table === 'message_reads' && m.message_id === sent.id,
    );
    expect(frame).toMatchObject({ topic, conversation_id: dm, user_id: bob.reviewer.id });
  });

  it('reaches a socket on another server copy', async () => {
    const topic = conversationTopic(songChat);
    const onB = await open(urlB, carol.token, [topic]);
    const sent = await send(alice.headers, songChat, 'through copy A', {}, serverA);
    const frame = await waitForFrame(onB, 'the message on copy B', (m) => m.id === sent.id);
    expect(frame.message).toEqual(sent);
  });
});

describe('calls', () => {
  it("announce a DM's call and its participants on the conversation, and signals to their recipient only", async () => {
    const topic = conversationTopic(dm);
    const bobSocket = await open(urlB, bob.token, [topic, 'table:call_signals']);
    const carolSocket = await open(urlA, carol.token, [
      'table:calls',
      'table:call_participants',
      'table:call_signals',
    ]);
    const call = await api<{ id: string }>(
      serverA,
      'POST',
      `/api/v1/conversations/${dm}/calls`,
      alice.headers,
    );
    await waitForFrame(
      bobSocket,
      'the call',
      (m) => m.table === 'calls' && m.id === call.id && m.topic === topic,
    );
    await waitForFrame(
      bobSocket,
      'the join link message',
      (m) => m.table === 'messages' && !!m.message?.message_text.includes(`/video-call/${call.id}`),
    );
    await api(serverA, 'POST', `/api/v1/calls/${call.id}/join`, alice.headers);
    await api(serverA, 'POST', `/api/v1/calls/${call.id}/join`, bob.headers);
    await waitForFrame(
      bobSocket,
      'alice joining',
      (m) => m.table === 'call_participants' && m.reviewer_id === alice.reviewer.id,
    );
    const signal = await api<{ id: string }>(
      serverA,
      'POST',
      `/api/v1/calls/${call.id}/signals`,
      alice.headers,
      {
        to: bob.reviewer.id,
        kind: 'offer',
        payload: { sdp: 'v=0' },
      },
    );
    const frame = await waitForFrame(
      bobSocket,
      'the offer',
      (m) => m.table === 'call_signals' && m.id === signal.id,
    );
    expect(frame).toMatchObject({ recipient_id: bob.reviewer.id, topic: 'table:call_signals' });
    expect(typeof frame.sequence).toBe('number');
    // Carol (same label, not in the DM) hears nothing of the call: the fence is a song chat call.
    const fence = await api<{ id: string }>(
      serverA,
      'POST',
      `/api/v1/conversations/${songChat}/calls`,
      bob.headers,
    );
    await waitForFrame(carolSocket, 'the fence', (m) => m.table === 'calls' && m.id === fence.id);
    expect(
      changesOf(carolSocket).filter(
        (m) => m.conversation_id === dm || m.id === call.id || m.id === signal.id,
      ),
    ).toEqual([]);
  });
});

describe('support staff', () => {
  it("follow every label's support conversations, and a member of another label never hears of them", async () => {
    const staffSocket = await open(urlB, staff.token, [SUPPORT_INBOX_TOPIC, conversationTopic(support)]);
    // Dave listens to everything he may: his label's tables. None of label 1's support reaches him.
    const daveSocket = await open(urlA, dave.token, [
      'table:messages',
      'table:conversations',
      'table:typing_indicators',
      'table:message_reads',
    ]);
    expect(await trySubscribe(daveSocket, SUPPORT_INBOX_TOPIC)).toBe('forbidden');

    const question = await send(carol.headers, support, 'How do I export my catalogue?');
    const inInbox = await waitForFrame(
      staffSocket,
      'the inbox frame',
      (m) => m.topic === SUPPORT_INBOX_TOPIC && m.id === question.id,
    );
    expect(inInbox).toMatchObject({
      table: 'messages',
      conversation_id: support,
      sequence: question.sequence,
    });
    expect(inInbox.message).toBeUndefined();
    await waitForFrame(
      staffSocket,
      'the conversation update in the inbox',
      (m) => m.topic === SUPPORT_INBOX_TOPIC && m.table === 'conversations' && m.id === support,
    );
    const inThread = await waitForFrame(
      staffSocket,
      'the thread frame',
      (m) => m.topic === conversationTopic(support) && m.id === question.id,
    );
    expect(inThread.message).toEqual(question);

    // The staff answer through the same routes; the member's thread gets the staff's name.
    const carolSocket = await open(urlA, carol.token, [conversationTopic(support)]);
    const answer = await send(staff.headers, support, 'Open Catalogue, then Export.', {}, serverB);
    const delivered = await waitForFrame(carolSocket, 'the answer', (m) => m.id === answer.id);
    expect(delivered.message).toMatchObject({ sender_id: staff.reviewer.id, sender_name: 'Sam Support' });
    expect(delivered.message).toEqual(answer);

    // Label 1's other conversations are not the inbox's: a song chat message is not sent to staff.
    const songMessage = await send(alice.headers, songChat, 'not for support');
    // Fences: a new message in the support conversation for staff, one in dave's chat for dave.
    const fence = await send(carol.headers, support, 'Thanks!');
    const daveFence = await send(dave.headers, daveChat, 'fence');
    await waitForFrame(
      staffSocket,
      'the staff fence',
      (m) => m.topic === SUPPORT_INBOX_TOPIC && m.id === fence.id,
    );
    await waitForFrame(daveSocket, 'the dave fence', (m) => m.id === daveFence.id);
    expect(
      changesOf(staffSocket).filter((m) => m.id === songMessage.id || m.conversation_id === songChat),
    ).toEqual([]);
    expect(changesOf(daveSocket).filter((m) => m.organization_id !== dave.organization.id)).toEqual([]);
  });
});

// ---- Catch-up after a reconnect ----

/**
 * A thread as a client keeps it (the rule in the messages panel): messages by sequence; a frame's
 * message is added unless already there; a gap fetches what comes after the highest sequence held;
 * a deletion removes. Counts what it would have shown twice.
 */
class Thread {
  readonly bySequence = new Map<number, MessageDto>();
  highest = 0;
  duplicates = 0;
  gapFetches = 0;

  constructor(private readonly fetchPage: (query: string) => Promise<MessagePageDto>) {}

  merge(messages: MessageDto[]) {
    for (const m of messages) {
      if (m.is_deleted) this.bySequence.delete(m.sequence);
      else this.bySequence.set(m.sequence, m);
      this.highest = Math.max(this.highest, m.sequence);
    }
  }

  /** Everything after a sequence (by default the highest held), page by page. */
  async fetchAfter(from = this.highest) {
    let after = from;
    for (;;) {
      const next = await this.fetchPage(`&after=${after}`);
      this.merge(next.messages);
      if (next.messages.length < 100) return;
      after = next.messages[next.messages.length - 1]!.sequence;
    }
  }

  /** The latest page: adds what is new and drops what was deleted within its range. */
  async refreshLatest() {
    const latest = await this.fetchPage('');
    const first = latest.messages[0]?.sequence ?? Number.POSITIVE_INFINITY;
    const present = new Set(latest.messages.map((m) => m.sequence));
    for (const sequence of [...this.bySequence.keys()]) {
      if (sequence >= first && !present.has(sequence)) this.bySequence.delete(sequence);
    }
    this.merge(latest.messages);
  }

  async apply(frame: ChangeFrame) {
    if (frame.table !== 'messages') return;
    const message = frame.message;
    if (!message) return;
    if (frame.event === 'UPDATE') {
      if (message.is_deleted) this.bySequence.delete(message.sequence);
      else if (this.bySequence.has(message.sequence)) this.bySequence.set(message.sequence, message);
      return;
    }
    if (this.bySequence.has(message.sequence) || message.sequence <= this.highest) {
      this.duplicates++;
      return;
    }
    const previous = this.highest;
    this.merge([message]);
    if (message.sequence > previous + 1) {
      this.gapFetches++;
      await this.fetchAfter(previous);
    }
  }

  messages() {
    return [...this.bySequence.values()].sort((a, b) => a.sequence - b.sequence);
  }
}

describe('catch-up after a dropped connection (applying events to a stale state equals a fresh fetch)', () => {
  it('loses nothing and shows nothing twice', async () => {
    const conversationId = await openConversation(bob.headers, { type: 'dm', user_id: carol.reviewer.id });
    const topic = conversationTopic(conversationId);
    const thread = new Thread((query) => page(carol.headers, conversationId, query));
    const senders = [bob, carol];
    const say = (i: number) => send(senders[i % 2]!.headers, conversationId, `message ${i}`);
    /** Deleted by its sender. */
    const unsay = (m: MessageDto) =>
      deleteMessage(senders.find((s) => s.reviewer.id === m.sender_id)!.headers, m.id);

    // The client holds 1..n and listens.
    const early: MessageDto[] = [];
    for (let i = 0; i < 6; i++) early.push(await say(i));
    let socket = await open(urlA, carol.token, [topic]);
    await thread.refreshLatest();
    const live = await say(6);
    await thread.apply(await waitForFrame(socket, 'a live message', (m) => m.id === live.id));
    expect(thread.highest).toBe(7);

    // The connection drops. Meanwhile messages are sent, an old one and a new one are deleted.
    socket.close();
    await socket.closed;
    const missed: MessageDto[] = [];
    for (let i = 7; i < 12; i++) missed.push(await say(i));
    await unsay(early[1]!);
    await unsay(missed[2]!);

    // Reconnect (to the other copy this time). While resubscribing and fetching, more is sent.
    const frames: ChangeFrame[] = [];
    socket = await TestSocket.open(urlB);
    sockets.push(socket);
    socket.ws.on('message', (data) => {
      const m = JSON.parse(data.toString()) as { type: string };
      if (isChange(m) && m.topic === topic) frames.push(m);
    });
    await socket.authenticate(carol.token);
    const during = Promise.all([say(12), say(13)]);
    await socket.subscribe(topic);
    // On (re)subscribe: everything after the last sequence held, then the latest page for deletions.
    await thread.fetchAfter();
    await thread.refreshLatest();
    const duringSent = await during;
    const after = await say(14);
    await unsay(duringSent[0]!);
    // Every frame for the sends and the deletion since the subscription arrives; apply them in order.
    await withTimeout(
      (async () => {
        while (!frames.some((f) => f.event === 'UPDATE' && f.id === duringSent[0]!.id)) {
          await new Promise((r) => setTimeout(r, 20));
        }
      })(),
      'the frames after the reconnect',
      WAIT_MS,
    );
    for (const frame of frames) await thread.apply(frame);

    const fresh = await page(carol.headers, conversationId);
    expect(thread.messages()).toEqual(fresh.messages);
    const deleted = new Set([early[1]!.id, missed[2]!.id, duringSent[0]!.id]);
    const kept = [...early, live, ...missed, ...duringSent, after].filter((m) => !deleted.has(m.id));
    expect(fresh.messages.map((m) => m.id).sort()).toEqual(kept.map((m) => m.id).sort());
    expect(fresh.messages.map((m) => m.sequence)).toEqual(kept.map((m) => m.sequence).sort((a, b) => a - b));
    // Frames for messages fetched meanwhile were recognised, never shown twice.
    expect(new Set(thread.messages().map((m) => m.id)).size).toBe(thread.messages().length);
  });
});
