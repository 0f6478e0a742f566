import type { CallDto, CallSignalDto, JoinedCallDto, StartedCallDto } from '@music-review/core/calls';
import { REALTIME_PATH, type ServerMessage } from '@music-review/core/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { conversations } from '../../platform/db/schema.ts';
import {
  connectMember,
  listenForSockets,
  type TestSocket,
} from '../../platform/realtime/socket-test-utils.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { startCallSweep } from './call-sweep.ts';

type Headers = { authorization: string };
type Admin = Awaited<ReturnType<typeof adminWithLabel>>;
type Member = Awaited<ReturnType<typeof memberOf>>;

/**
 * Video calls through the real HTTP app: who may start, see and join a call (the conversation's
 * audience, nobody else), the join link posted in the chat, and the signalling between participants.
 */
describe('video calls', () => {
  let server: TestServer;
  let alice: Admin; // admin of label 1
  let bob: Member; // label 1, in the DM with alice
  let carol: Member; // label 1, outside that DM
  let dave: Admin; // admin of label 2
  let dmId: string;
  let songChatId: string;
  let supportId: string;
  const sockets: TestSocket[] = [];

  const post = (url: string, headers: Headers, payload: object = {}) =>
    server.app.inject({ method: 'POST', url, headers, payload });
  const get = (url: string, headers: Headers) => server.app.inject({ method: 'GET', url, headers });

  async function startCall(conversationId: string, headers: Headers) {
    const res = await post(`/api/v1/conversations/${conversationId}/calls`, headers);
    expect([200, 201], res.body).toContain(res.statusCode);
    return res.json<StartedCallDto>();
  }
  async function join(callId: string, headers: Headers) {
    const res = await post(`/api/v1/calls/${callId}/join`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JoinedCallDto>();
  }
  async function leave(callId: string, headers: Headers) {
    const res = await post(`/api/v1/calls/${callId}/leave`, headers);
    expect(res.statusCode, res.body).toBe(204);
  }
  const signal = (callId: string, headers: Headers, body: object) =>
    post(`/api/v1/calls/${callId}/signals`, headers, body);
  async function signalsAfter(callId: string, headers: Headers, after = 0) {
    const res = await get(`/api/v1/calls/${callId}/signals?after=${after}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CallSignalDto[]>();
  }
  /** The messages of a conversation, oldest first (read straight from the table). */
  const messagesOf = async (conversationId: string) =>
    (
      (await server.database.asOwner('tests build rows directly').execute(
        sql`select sender_id, sequence, message_text from messages
            where conversation_id = ${conversationId} order by sequence`,
      )) as unknown as { rows: { sender_id: string; sequence: number; message_text: string }[] }
    ).rows;

  async function insertConversation(values: typeof conversations.$inferInsert) {
    const [row] = await server.database
      .asOwner('tests build rows directly')
      .insert(conversations)
      .values(values)
      .returning({ id: conversations.id });
    return row!.id;
  }

  beforeAll(async () => {
    server = await createTestServer();
    alice = await adminWithLabel(server.app, 'Call Records');
    bob = await memberOf(server.app, alice.inviteCode);
    carol = await memberOf(server.app, alice.inviteCode);
    dave = await adminWithLabel(server.app, 'Elsewhere Records');
    const dm = await post('/api/v1/conversations', alice.headers, { type: 'dm', user_id: bob.reviewer.id });
    expect([200, 201], dm.body).toContain(dm.statusCode);
    dmId = dm.json<{ id: string }>().id;
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: alice.organization.id,
      title: 'Night Drive',
      artist: 'Nova',
    });
    songChatId = await insertConversation({
      organizationId: alice.organization.id,
      type: 'song_chat',
      songId: song.id,
    });
    supportId = await insertConversation({
      organizationId: alice.organization.id,
      type: 'support',
      user1Id: alice.reviewer.id,
    });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server?.close();
  });

  it('asks for a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/calls/ice-servers'],
      ['POST', `/api/v1/conversations/${dmId}/calls`],
      ['GET', `/api/v1/calls/${dmId}`],
    ] as const) {
      expect((await server.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('starts a call from a direct message and posts its join link there', async () => {
    const res = await post(`/api/v1/conversations/${dmId}/calls`, alice.headers);
    expect(res.statusCode, res.body).toBe(201);
    const started = res.json<StartedCallDto>();
    expect(started).toEqual({
      id: expect.any(String),
      conversation_id: dmId,
      join_url: `/video-call/${started.id}`,
    });
    const last = (await messagesOf(dmId)).at(-1);
    expect(last).toMatchObject({
      sender_id: alice.reviewer.id,
      message_text: `Started a video call: http://app.test/video-call/${started.id}`,
    });

    const call = await get(`/api/v1/calls/${started.id}`, bob.headers);
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json<CallDto>()).toMatchObject({
      id: started.id,
      conversation_id: dmId,
      conversation_type: 'dm',
      title: alice.name,
      started_by: alice.reviewer.id,
      ended_at: null,
      participants: [],
    });
  });

  it('hands back the call still going on in a conversation instead of starting a second', async () => {
    const first = await startCall(songChatId, alice.headers);
    // Started moments ago, nobody in it yet: the starter is on the way, a second start joins it.
    const meanwhile = await post(`/api/v1/conversations/${songChatId}/calls`, carol.headers);
    expect(meanwhile.statusCode, meanwhile.body).toBe(200);
    expect(meanwhile.json<StartedCallDto>().id).toBe(first.id);
    await join(first.id, alice.headers);
    const count = (await messagesOf(songChatId)).length;
    const again = await post(`/api/v1/conversations/${songChatId}/calls`, carol.headers);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<StartedCallDto>().id).toBe(first.id);
    expect(await messagesOf(songChatId)).toHaveLength(count);
    // Once everyone left, a new start is a new call.
    await leave(first.id, alice.headers);
    const next = await post(`/api/v1/conversations/${songChatId}/calls`, carol.headers);
    expect(next.statusCode).toBe(201);
    expect(next.json<StartedCallDto>().id).not.toBe(first.id);
    // A call started and never joined stops counting after a while.
    await server.database
      .asOwner('tests build rows directly')
      .execute(
        sql`update calls set created_at = now() - interval '3 minutes' where id = ${next.json<StartedCallDto>().id}`,
      );
    const later = await post(`/api/v1/conversations/${songChatId}/calls`, carol.headers);
    expect(later.statusCode).toBe(201);
  });

  it('lets the whole label see and join a song chat call, titled with the song', async () => {
    const started = await startCall(songChatId, alice.headers);
    const call = await get(`/api/v1/calls/${started.id}`, carol.headers);
    expect(call.statusCode, call.body).toBe(200);
    expect(call.json<CallDto>()).toMatchObject({ conversation_type: 'song_chat', title: 'Night Drive' });
    await join(started.id, carol.headers);
    await leave(started.id, carol.headers);
  });

  it('refuses a call from a support conversation', async () => {
    const res = await post(`/api/v1/conversations/${supportId}/calls`, alice.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { message: 'Video calls can be started from a direct message or a song chat' },
    });
  });

  it('keeps a direct message call to its two members: a third member and another label get 404', async () => {
    const started = await startCall(dmId, bob.headers);
    await join(started.id, bob.headers);
    for (const outsider of [carol, dave]) {
      expect((await post(`/api/v1/conversations/${dmId}/calls`, outsider.headers)).statusCode).toBe(404);
      for (const res of [
        await get(`/api/v1/calls/${started.id}`, outsider.headers),
        await post(`/api/v1/calls/${started.id}/join`, outsider.headers),
        await post(`/api/v1/calls/${started.id}/leave`, outsider.headers),
        await signal(started.id, outsider.headers, { to: bob.reviewer.id, kind: 'offer', payload: {} }),
        await get(`/api/v1/calls/${started.id}/signals?after=0`, outsider.headers),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
    // Another label cannot reach a song chat call either.
    const songCall = await startCall(songChatId, alice.headers);
    expect((await get(`/api/v1/calls/${songCall.id}`, dave.headers)).statusCode).toBe(404);
    expect((await post(`/api/v1/conversations/${songChatId}/calls`, dave.headers)).statusCode).toBe(404);
    await leave(started.id, bob.headers);
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await get(`/api/v1/calls/${unknown}`, alice.headers)).statusCode).toBe(404);
    expect((await post(`/api/v1/conversations/${unknown}/calls`, alice.headers)).statusCode).toBe(404);
    expect((await get('/api/v1/calls/not-an-id', alice.headers)).statusCode).toBe(400);
  });

  it('lists who is in the call, earliest first; the last one out ends it, joining again reopens it', async () => {
    const started = await startCall(dmId, alice.headers);
    const first = await join(started.id, alice.headers);
    expect(first.participants.map((p) => p.reviewer_id)).toEqual([alice.reviewer.id]);
    const second = await join(started.id, bob.headers);
    expect(second.participants.map((p) => [p.reviewer_id, p.name])).toEqual([
      [alice.reviewer.id, alice.name],
      [bob.reviewer.id, bob.name],
    ]);
    expect(Date.parse(second.participants[1]!.joined_at)).toBeGreaterThanOrEqual(
      Date.parse(second.participants[0]!.joined_at),
    );

    await leave(started.id, alice.headers);
    let call = (await get(`/api/v1/calls/${started.id}`, bob.headers)).json<CallDto>();
    expect(call.participants.map((p) => p.reviewer_id)).toEqual([bob.reviewer.id]);
    expect(call.ended_at).toBeNull();

    await leave(started.id, bob.headers);
    call = (await get(`/api/v1/calls/${started.id}`, bob.headers)).json<CallDto>();
    expect(call.participants).toEqual([]);
    expect(call.ended_at).not.toBeNull();
    // Leaving twice is harmless.
    await leave(started.id, bob.headers);

    const back = await join(started.id, alice.headers);
    expect(back.ended_at).toBeNull();
    expect(back.participants.map((p) => p.reviewer_id)).toEqual([alice.reviewer.id]);
    await leave(started.id, alice.headers);
  });

  it('ignores the leave of an earlier visit that arrives after the next join (a reloaded page)', async () => {
    const started = await startCall(dmId, alice.headers);
    const firstVisit = (await join(started.id, bob.headers)).participants.find(
      (p) => p.reviewer_id === bob.reviewer.id,
    )!;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const secondVisit = (await join(started.id, bob.headers)).participants.find(
      (p) => p.reviewer_id === bob.reviewer.id,
    )!;
    expect(secondVisit.joined_at).not.toBe(firstVisit.joined_at);

    const stale = await post(`/api/v1/calls/${started.id}/leave`, bob.headers, {
      joined_at: firstVisit.joined_at,
    });
    expect(stale.statusCode).toBe(204);
    let call = (await get(`/api/v1/calls/${started.id}`, bob.headers)).json<CallDto>();
    expect(call.participants.map((p) => p.reviewer_id)).toEqual([bob.reviewer.id]);

    await post(`/api/v1/calls/${started.id}/leave`, bob.headers, { joined_at: secondVisit.joined_at });
    call = (await get(`/api/v1/calls/${started.id}`, bob.headers)).json<CallDto>();
    expect(call.participants).toEqual([]);
    expect(
      (await post(`/api/v1/calls/${started.id}/leave`, bob.headers, { joined_at: 'yesterday' })).statusCode,
    ).toBe(400);
  });

  describe('signalling', () => {
    let callId: string;

    beforeAll(async () => {
      callId = (await startCall(dmId, alice.headers)).id;
    });

    it('only lets participants signal, and only to someone in the call', async () => {
      const offer = { to: bob.reviewer.id, kind: 'offer', payload: { sdp: 'v=0' } };
      let res = await signal(callId, alice.headers, offer);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: { message: 'Join the call first' } });

      await join(callId, alice.headers);
      res = await signal(callId, alice.headers, offer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { message: 'to: that member is not in the call' } });
      res = await signal(callId, alice.headers, { ...offer, to: alice.reviewer.id });
      expect(res.statusCode).toBe(400);
      // A member of the label who is not in this DM is not "in the call" either.
      res = await signal(callId, alice.headers, { ...offer, to: carol.reviewer.id });
      expect(res.statusCode).toBe(400);
    });

    it('validates the body', async () => {
      await join(callId, bob.headers);
      for (const [body, message] of [
        [{ to: 'nobody', kind: 'offer', payload: {} }, 'to: must be the id of a member in the call'],
        [
          { to: bob.reviewer.id, kind: 'hello', payload: {} },
          "kind: must be 'offer', 'answer' or 'candidate'",
        ],
        [{ to: bob.reviewer.id, kind: 'offer', payload: 'sdp' }, 'payload: must be an object'],
        [
          { to: bob.reviewer.id, kind: 'offer', payload: { sdp: 'x'.repeat(70_000) } },
          'payload: at most 64000 characters',
        ],
      ] as const) {
        const res = await signal(callId, alice.headers, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({ error: { message } });
      }
    });

    it('delivers signals to their recipient only, in order, from a cursor', async () => {
      const sent: CallSignalDto[] = [];
      for (const [kind, payload] of [
        ['offer', { sdp: 'offer-sdp', session: 'a1' }],
        ['candidate', { candidate: { candidate: 'c1' }, session: 'a1' }],
        ['candidate', { candidate: { candidate: 'c2' }, session: 'a1' }],
      ] as const) {
        const res = await signal(callId, alice.headers, { to: bob.reviewer.id, kind, payload });
        expect(res.statusCode, res.body).toBe(201);
        sent.push(res.json<CallSignalDto>());
      }
      const answer = await signal(callId, bob.headers, {
        to: alice.reviewer.id,
        kind: 'answer',
        payload: { sdp: 'answer-sdp', session: 'b1', to_session: 'a1' },
      });
      expect(answer.statusCode).toBe(201);

      const forBob = await signalsAfter(callId, bob.headers);
      expect(forBob.map((s) => [s.kind, s.sender_id, s.recipient_id, s.payload])).toEqual([
        ['offer', alice.reviewer.id, bob.reviewer.id, { sdp: 'offer-sdp', session: 'a1' }],
        ['candidate', alice.reviewer.id, bob.reviewer.id, { candidate: { candidate: 'c1' }, session: 'a1' }],
        ['candidate', alice.reviewer.id, bob.reviewer.id, { candidate: { candidate: 'c2' }, session: 'a1' }],
      ]);
      expect(forBob.map((s) => s.sequence)).toEqual(sent.map((s) => s.sequence));
      expect(forBob[1]!.sequence).toBeGreaterThan(forBob[0]!.sequence);
      expect(await signalsAfter(callId, bob.headers, sent[0]!.sequence)).toHaveLength(2);
      expect(await signalsAfter(callId, bob.headers, sent[2]!.sequence)).toEqual([]);

      const forAlice = await signalsAfter(callId, alice.headers);
      expect(forAlice.map((s) => s.kind)).toEqual(['answer']);
    });

    it('starts a rejoining member after the signals of their earlier visit', async () => {
      const before = await signalsAfter(callId, bob.headers);
      const rejoined = await join(callId, bob.headers);
      expect(rejoined.signal_cursor).toBe(before.at(-1)!.sequence);
      expect(await signalsAfter(callId, bob.headers, rejoined.signal_cursor)).toEqual([]);
      // The rejoiner is now the later joiner.
      expect(rejoined.participants.map((p) => p.reviewer_id)).toEqual([alice.reviewer.id, bob.reviewer.id]);
    });

    it('refuses signals to a member who left', async () => {
      await leave(callId, bob.headers);
      const res = await signal(callId, alice.headers, {
        to: bob.reviewer.id,
        kind: 'candidate',
        payload: { candidate: null },
      });
      expect(res.statusCode).toBe(400);
      await leave(callId, alice.headers);
    });
  });

  it('announces a signal over the socket to its recipient only, and the call to the DM only', async () => {
    const url = await listenForSockets(server.app);
    const topics = ['table:call_signals', 'table:call_participants'];
    const aliceSocket = await connectMember(url, alice.token, topics);
    const bobSocket = await connectMember(url, bob.token, topics);
    const carolSocket = await connectMember(url, carol.token, topics);
    sockets.push(aliceSocket, bobSocket, carolSocket);

    const { id: callId } = await startCall(dmId, alice.headers);
    await join(callId, alice.headers);
    await join(callId, bob.headers);
    const res = await signal(callId, bob.headers, {
      to: alice.reviewer.id,
      kind: 'offer',
      payload: { sdp: 'v=0', session: 's' },
    });
    const sent = res.json<CallSignalDto>();
    const change = await aliceSocket.waitForChange(sent.id);
    expect(change).toMatchObject({
      table: 'call_signals',
      event: 'INSERT',
      recipient_id: alice.reviewer.id,
    });
    // Fence: a signal to bob reaches bob; the one to alice, sent before, never did.
    const fence = (
      await signal(callId, alice.headers, { to: bob.reviewer.id, kind: 'answer', payload: { sdp: 'v=0' } })
    ).json<CallSignalDto>();
    await bobSocket.waitForChange(fence.id);
    expect(bobSocket.hasChange(sent.id)).toBe(false);
    expect(aliceSocket.hasChange(fence.id)).toBe(false);

    // Participants of a DM call: the two members hear of them, carol does not. A song chat call's
    // participant change is the label's, so it reaches carol and serves as her fence.
    await bobSocket.waitFor(
      (m) => m.type === 'change' && m.table === 'call_participants' && m.reviewer_id === alice.reviewer.id,
      'alice joining',
    );
    const songCall = await startCall(songChatId, carol.headers);
    await join(songCall.id, carol.headers);
    await carolSocket.waitFor(
      (m) => m.type === 'change' && m.table === 'call_participants' && m.conversation_id === songChatId,
      'carol joining the song chat call',
    );
    expect(
      carolSocket.received.some(
        (m) => m.type === 'change' && (m.table === 'call_signals' || m.conversation_id === dmId),
      ),
    ).toBe(false);
    await leave(songCall.id, carol.headers);
    await leave(callId, alice.headers);
    await leave(callId, bob.headers);
  });

  describe('a member whose tab vanished', () => {
    const heartbeat = (callId: string, headers: Headers) =>
      post(`/api/v1/calls/${callId}/heartbeat`, headers);

    it('is dropped after a missed heartbeat, and the others hear of it over the socket', async () => {
      // The app may listen already (an earlier test opened sockets): reuse its address then.
      const address = server.app.server.address();
      const url =
        address && typeof address === 'object'
          ? `ws://127.0.0.1:${address.port}${REALTIME_PATH}`
          : await listenForSockets(server.app);
      const topics = ['table:call_participants'];
      // A DM of its own: the earlier tests' joins and leaves in the other conversations may still be
      // on their way to a new socket (PostgreSQL delivers notifications after the commit), and none
      // of them names this conversation.
      const dm = await post('/api/v1/conversations', alice.headers, {
        type: 'dm',
        user_id: carol.reviewer.id,
      });
      expect([200, 201], dm.body).toContain(dm.statusCode);
      const conversationId = dm.json<{ id: string }>().id;
      const aliceSocket = await connectMember(url, alice.token, topics);
      // Carol's socket stays open the whole time (a half-open connection looks the same to us): what
      // counts is that her page stopped sending heartbeats, without ever saying "leave".
      const carolSocket = await connectMember(url, carol.token, topics);
      sockets.push(aliceSocket, carolSocket);
      const leftThisCall = (m: ServerMessage, reviewerId: string) =>
        m.type === 'change' &&
        m.table === 'call_participants' &&
        m.event === 'UPDATE' &&
        m.conversation_id === conversationId &&
        m.reviewer_id === reviewerId;

      const { id: callId } = await startCall(conversationId, alice.headers);
      await join(callId, alice.headers);
      await join(callId, carol.headers);
      expect((await heartbeat(callId, carol.headers)).statusCode).toBe(204);

      // Scaled down for the test (the app beats every 15 s and drops after 30 s): silent for 1.5 s and
      // the member is gone. Alice keeps beating every 100 ms; Carol never beats again.
      const sweep = startCallSweep(server.ctx, { intervalMs: 100, dropAfterMs: 1_500 });
      let aliceBeats: NodeJS.Timeout | undefined = setInterval(
        () => void heartbeat(callId, alice.headers),
        100,
      );
      try {
        await aliceSocket.waitFor(
          (m) => leftThisCall(m, carol.reviewer.id),
          'carol dropped from the call',
          5_000,
        );
        const call = (await get(`/api/v1/calls/${callId}`, alice.headers)).json<CallDto>();
        expect(call.participants.map((p) => p.reviewer_id)).toEqual([alice.reviewer.id]);
        expect(call.ended_at).toBeNull();
        // Her heartbeat, if the page comes back, is told she is out; signals to her are refused.
        expect((await heartbeat(callId, carol.headers)).statusCode).toBe(409);
        const toCarol = await signal(callId, alice.headers, {
          to: carol.reviewer.id,
          kind: 'candidate',
          payload: { candidate: null },
        });
        expect(toCarol.statusCode).toBe(400);

        // Alice goes quiet too: the last one out ends the call.
        clearInterval(aliceBeats);
        aliceBeats = undefined;
        await aliceSocket.waitFor(
          (m) => leftThisCall(m, alice.reviewer.id),
          'alice dropped from the call',
          5_000,
        );
      } finally {
        clearInterval(aliceBeats);
        await sweep.stop();
      }
      const call = (await get(`/api/v1/calls/${callId}`, alice.headers)).json<CallDto>();
      expect(call.participants).toEqual([]);
      expect(call.ended_at).not.toBeNull();
      // Heartbeats themselves are no news: the sockets heard of joins and leaves only.
      const updates = aliceSocket.received.filter(
        (m) => leftThisCall(m, alice.reviewer.id) || leftThisCall(m, carol.reviewer.id),
      );
      expect(updates).toHaveLength(2);
      expect(
        aliceSocket.received.filter(
          (m) =>
            m.type === 'change' && m.table === 'call_participants' && m.conversation_id === conversationId,
        ),
      ).toHaveLength(4);
    });

    it('keeps a member who sends heartbeats, and answers a heartbeat only to a participant', async () => {
      const { id: callId } = await startCall(songChatId, carol.headers);
      await join(callId, carol.headers);
      const sweep = startCallSweep(server.ctx, { intervalMs: 100, dropAfterMs: 1_500 });
      try {
        for (let i = 0; i < 20; i++) {
          expect((await heartbeat(callId, carol.headers)).statusCode).toBe(204);
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const call = (await get(`/api/v1/calls/${callId}`, carol.headers)).json<CallDto>();
        expect(call.participants.map((p) => p.reviewer_id)).toEqual([carol.reviewer.id]);
      } finally {
        await sweep.stop();
      }
      // Alice sees the song chat's call but is not in it; dave is of another label.
      expect((await heartbeat(callId, alice.headers)).statusCode).toBe(409);
      expect((await heartbeat(callId, dave.headers)).statusCode).toBe(404);
      await leave(callId, carol.headers);
    });
  });

  describe('ICE servers', () => {
    it('are none by default (host candidates only)', async () => {
      const res = await get('/api/v1/calls/ice-servers', alice.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([]);
    });

    it('refuse to start with an ICE_SERVERS that is not a JSON array of servers', () => {
      expect(() => loadConfig({ ICE_SERVERS: 'stun:stun.example.test' })).toThrow(
        /ICE_SERVERS: must be a JSON array of RTCIceServer objects/,
      );
      expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS/);
    });

    it('come from ICE_SERVERS', async () => {
      const iceServers = [
        { urls: 'stun:stun.example.test:3478' },
        { urls: ['turn:turn.example.test:3478'], username: 'u', credential: 'p' },
      ];
      const configured = await createTestServer({ ICE_SERVERS: JSON.stringify(iceServers) });
      try {
        const admin = await adminWithLabel(configured.app);
        const res = await configured.app.inject({
          method: 'GET',
          url: '/api/v1/calls/ice-servers',
          headers: admin.headers,
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(iceServers);
      } finally {
        await configured.close();
      }
    });
  });
});
