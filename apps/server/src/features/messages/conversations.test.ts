import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { ALL_NOT_FOUND, type chatApi, chatTeam, setPlan, statusesOnEveryRoute } from './test-helpers.ts';

describe('conversations: who sees what', () => {
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let cy: Awaited<ReturnType<typeof memberOf>>;
  let olga: Awaited<ReturnType<typeof adminWithLabel>>;

  beforeAll(async () => {
    ({ server, api, ada, ben, cy } = await chatTeam('Visible Records'));
    olga = await adminWithLabel(server.app, 'Other Label');
    await setPlan(server, ada.organization.id, 'Pro');
    await setPlan(server, olga.organization.id, 'Pro');
  });
  afterAll(() => server.close());

  it('shows a direct conversation to its two members only: a third member and another label get 404 everywhere', async () => {
    const dm = await api.dm(ada, ben);
    const sent = await api.send(ben, dm.id, 'just for Ada');

    expect((await api.get(ada, dm.id)).title).toBe(ben.name);
    expect((await api.get(ben, dm.id)).other_member).toMatchObject({ id: ada.reviewer.id, name: ada.name });
    expect((await api.page(ada, dm.id)).messages.map((m) => m.message_text)).toEqual(['just for Ada']);

    expect(await statusesOnEveryRoute(server, cy, dm.id)).toEqual(ALL_NOT_FOUND);
    expect(await statusesOnEveryRoute(server, olga, dm.id)).toEqual(ALL_NOT_FOUND);
    const notFound = await api.getRaw(cy, dm.id);
    expect(notFound.json().error).toEqual({ code: 'not_found', message: 'Conversation not found' });

    // Their lists do not have it, and nothing of it was written by the refused calls.
    expect((await api.list(cy)).map((c) => c.id)).not.toContain(dm.id);
    expect((await api.list(olga)).map((c) => c.id)).not.toContain(dm.id);
    const after = await api.page(ben, dm.id);
    expect(after.messages.map((m) => m.id)).toEqual([sent.id]);
    expect(await api.reads(ben, dm.id)).toEqual([]);
    expect(await api.typing(ben, dm.id)).toEqual([]);

    // Its messages cannot be deleted from outside either.
    expect((await api.removeRaw(cy, sent.id)).statusCode).toBe(404);
    expect((await api.removeRaw(olga, sent.id)).statusCode).toBe(404);
  });

  it('makes one chat per song, seen by the whole label and by no other', async () => {
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: ada.organization.id,
      title: 'Night Drive',
      artist: 'The Testers',
    });
    const first = await api.openRaw(ben, { type: 'song_chat', song_id: song.id });
    expect(first.statusCode, first.body).toBe(201);
    const chat = first.json();
    expect(chat).toMatchObject({ type: 'song_chat', song_id: song.id, user1_id: null, user2_id: null });
    const again = await api.openRaw(cy, { type: 'song_chat', song_id: song.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(chat.id);

    // Not listed while empty (opening a song's page makes its chat); listed once someone spoke.
    expect((await api.list(ada)).map((c) => c.id)).not.toContain(chat.id);
    await api.send(cy, chat.id, 'Love the bridge');
    await api.send(ada, chat.id, 'Agreed');
    const listed = (await api.list(ben)).find((c) => c.id === chat.id);
    expect(listed).toMatchObject({
      title: 'Night Drive',
      song: { id: song.id, title: 'Night Drive' },
      other_member: null,
      last_message_preview: 'Agreed',
      unread_count: 2,
      last_sequence: 2,
    });
    expect((await api.page(ben, chat.id)).messages.map((m) => m.sender_name)).toEqual([cy.name, ada.name]);

    expect(await statusesOnEveryRoute(server, olga, chat.id)).toEqual(ALL_NOT_FOUND);

    // Another label's song, or no song at all, is "Song not found".
    const theirs = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: olga.organization.id,
      title: 'Theirs',
      artist: 'Elsewhere',
    });
    for (const songId of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api.openRaw(ada, { type: 'song_chat', song_id: songId });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Song not found');
    }
  });

  it('shows a member’s support conversation to the whole label and to no other', async () => {
    const support = await api.support(ben);
    expect(support).toMatchObject({ type: 'support', user1_id: ben.reviewer.id });
    // Listed for its member from the start, for the rest of the label once something was asked.
    expect((await api.list(ben)).map((c) => c.id)).toContain(support.id);
    expect((await api.list(cy)).map((c) => c.id)).not.toContain(support.id);
    await api.send(ben, support.id, 'How do I add a track?');
    expect((await api.list(cy)).map((c) => c.id)).toContain(support.id);
    await api.send(cy, support.id, 'Same question here');

    expect(await api.get(ada, support.id)).toMatchObject({
      title: 'Support',
      requester: { id: ben.reviewer.id, name: ben.name },
      unread_count: 2,
    });
    expect((await api.get(ada, support.id)).organization_name).toBeUndefined();
    expect(await statusesOnEveryRoute(server, olga, support.id)).toEqual(ALL_NOT_FOUND);
  });

  it('lists newest activity first, and the per-conversation unread counts add up to the badge', async () => {
    const label = await adminWithLabel(server.app, 'Ordering Records');
    const m1 = await memberOf(server.app, label.inviteCode);
    const m2 = await memberOf(server.app, label.inviteCode);
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: label.organization.id,
      title: 'Ordered',
      artist: 'X',
    });
    const withM1 = await api.dm(label, m1);
    const withM2 = await api.dm(m2, label);
    const chat = await api.songChat(m1, song.id);
    const empty = await api.dm(m1, m2);

    await api.send(m1, withM1.id, 'one');
    await api.send(m2, chat.id, 'two');
    await api.send(m2, withM2.id, 'three');
    await api.send(m1, withM1.id, 'four');

    const list = await api.list(label);
    expect(list.map((c) => c.id)).toEqual([withM1.id, withM2.id, chat.id]);
    expect(list.map((c) => c.unread_count)).toEqual([2, 1, 1]);
    expect(list[0]).toMatchObject({ title: m1.name, last_message_preview: 'four', last_sequence: 2 });

    // An empty direct conversation is listed (after those with messages) for its two members.
    const m1List = await api.list(m1);
    expect(m1List.map((c) => c.id)).toEqual([withM1.id, chat.id, empty.id]);

    for (const who of [label, m1, m2]) {
      const total = (await api.list(who)).reduce((sum, c) => sum + c.unread_count, 0);
      expect(total).toBe(await api.unread(who));
    }
  });

  it('answers bad input with 400 and a clear message, never 500', async () => {
    const cases: Array<[unknown, string]> = [
      [{ type: 'group' }, "type: must be 'dm', 'song_chat' or 'support'"],
      [{}, "type: must be 'dm', 'song_chat' or 'support'"],
      [{ type: 'dm' }, 'user_id: must be the id of a member of your label'],
      [{ type: 'song_chat', song_id: 'abc' }, 'song_id: must be the id of a song of your label'],
    ];
    for (const [body, message] of cases) {
      const res = await api.openRaw(ada, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const badId = await api.getRaw(ada, 'not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toBe('id: must be a conversation id');
    const badMessageId = await api.removeRaw(ada, '42');
    expect(badMessageId.statusCode).toBe(400);
    expect(badMessageId.json().error.message).toBe('id: must be a message id');
  });

  it('needs a session', async () => {
    for (const url of ['/api/v1/conversations', '/api/v1/support/conversations']) {
      expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
