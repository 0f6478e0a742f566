import { conversationTopic } from '@music-review/core/realtime';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { connectMember, listenForSockets } from '../../platform/realtime/socket-test-utils.ts';
import type { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { type chatApi, chatTeam } from './test-helpers.ts';

describe('read receipts and typing', () => {
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let cy: Awaited<ReturnType<typeof memberOf>>;

  beforeAll(async () => {
    ({ server, api, ada, ben, cy } = await chatTeam('Receipt Records'));
  });
  afterAll(() => server.close());

  it('marks read up to a sequence: unread counts drop in the list and the badge, and the reads say how far', async () => {
    const dm = await api.dm(ada, ben);
    for (const text of ['one', 'two', 'three']) await api.send(ben, dm.id, text);
    await api.send(ada, dm.id, 'my own');
    const entry = async () => (await api.list(ada)).find((c) => c.id === dm.id)!;
    expect((await entry()).unread_count).toBe(3);
    expect(await api.unread(ada)).toBe(3);
    expect(await api.reads(ben, dm.id)).toEqual([]);

    expect(await api.read(ada, dm.id, 2)).toBe(1);
    expect((await entry()).unread_count).toBe(1);
    expect(await api.unread(ada)).toBe(1);
    expect(await api.reads(ben, dm.id)).toEqual([
      {
        reviewer_id: ada.reviewer.id,
        name: ada.name,
        avatar_url: null,
        avatar_key: null,
        last_read_sequence: 2,
      },
    ]);

    // Reading again, or less far, changes nothing; reading past the end reads everything.
    expect(await api.read(ada, dm.id, 1)).toBe(1);
    expect(await api.read(ada, dm.id, 2 ** 40)).toBe(0);
    expect(await api.unread(ada)).toBe(0);
    // Ben read Ada's message: both appear, each with how far they read.
    expect(await api.read(ben, dm.id, 4)).toBe(0);
    expect((await api.reads(ada, dm.id)).map((r) => [r.reviewer_id, r.last_read_sequence])).toEqual([
      [ben.reviewer.id, 4],
      [ada.reviewer.id, 3],
    ]);
    // Nobody gets a read row for their own message.
    const [own] = await queryRows<{ count: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select count(*)::int as count from message_reads r join messages m on m.id = r.message_id
          where m.conversation_id = ${dm.id} and r.user_id = m.sender_id`,
    );
    expect(own!.count).toBe(0);

    for (const bad of [-1, 1.5, '3', null]) {
      const res = await api.readRaw(ada, dm.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
    }
  });

  it('marks a long conversation read with one row and one realtime change, not one per message', async () => {
    const dm = await api.dm(ada, cy);
    // 200 messages from Cy (written straight to the table, as sending them would be), and one of Ada's.
    await server.database.asOwner('tests build rows directly').execute(
      sql`insert into messages (conversation_id, sender_id, organization_id, sequence, message_text)
          select ${dm.id}, ${cy.reviewer.id}, ${ada.organization.id}, n, 'message ' || n
          from generate_series(1, 200) n`,
    );
    await server.database
      .asOwner('tests build rows directly')
      .execute(sql`update conversations set last_sequence = 200 where id = ${dm.id}`);
    await api.send(ada, dm.id, 'my own');
    const readRows = async () =>
      (
        await queryRows<{ count: number }>(
          server.database.asOwner('tests build rows directly'),
          sql`select count(*)::int as count from message_reads r join messages m on m.id = r.message_id
              where m.conversation_id = ${dm.id}`,
        )
      )[0]!.count;
    expect(await api.unread(ada)).toBe(200);
    expect((await api.get(ada, dm.id)).unread_count).toBe(200);

    const url = await listenForSockets(server.app);
    const topic = conversationTopic(dm.id);
    const cySocket = await connectMember(url, cy.token, [topic, 'table:message_reads']);
    try {
      expect(await api.read(ada, dm.id, 201)).toBe(0);
      // A fence: Ada typing arrives after whatever her read raised.
      expect((await api.typingRaw(ada, dm.id, 'PUT')).statusCode).toBe(204);
      await cySocket.waitFor(
        (m) => m.type === 'change' && m.table === 'typing_indicators' && m.topic === topic,
        'the fence',
      );
      await cySocket.waitFor(
        (m) => m.type === 'change' && m.table === 'message_reads' && m.topic === 'table:message_reads',
        'the table frame',
      );
      const receipts = cySocket.received.filter((m) => m.type === 'change' && m.table === 'message_reads');
      // One change, delivered once per topic Cy follows.
      expect(receipts.map((m) => (m.type === 'change' ? m.topic : null)).sort()).toEqual(
        [topic, 'table:message_reads'].sort(),
      );
    } finally {
      cySocket.close();
      await api.typingRaw(ada, dm.id, 'DELETE');
    }
    expect(await readRows()).toBe(1);

    // Everything is read: the counts, the list, and "Seen by" (how far Ada read: Cy's last message).
    expect(await api.unread(ada)).toBe(0);
    expect((await api.get(ada, dm.id)).unread_count).toBe(0);
    expect((await api.list(ada)).find((c) => c.id === dm.id)?.unread_count).toBe(0);
    expect((await api.reads(cy, dm.id)).map((r) => [r.reviewer_id, r.last_read_sequence])).toEqual([
      [ada.reviewer.id, 200],
    ]);
    // Cy's unread (Ada's message) is his own business.
    expect((await api.get(cy, dm.id)).unread_count).toBe(1);

    // Reading again changes nothing and writes nothing.
    expect(await api.read(ada, dm.id, 201)).toBe(0);
    expect(await readRows()).toBe(1);
  });

  it('reads up to a point: a marker covers the messages before it, not those after', async () => {
    const dm = await api.dm(ben, cy);
    for (let i = 1; i <= 5; i++) await api.send(cy, dm.id, `note ${i}`);
    expect(await api.read(ben, dm.id, 3)).toBe(2);
    await api.send(cy, dm.id, 'note 6');
    expect((await api.get(ben, dm.id)).unread_count).toBe(3);
    expect(await api.read(ben, dm.id, 6)).toBe(0);
    const rows = await queryRows<{ sequence: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select m.sequence from message_reads r join messages m on m.id = r.message_id
          where m.conversation_id = ${dm.id} and r.user_id = ${ben.reviewer.id} order by m.sequence`,
    );
    // One row per marking, on the last message it covers.
    expect(rows.map((r) => r.sequence)).toEqual([3, 6]);
  });

  it('in a song chat, each member reads for themselves', async () => {
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: ada.organization.id,
      title: 'Shared',
      artist: 'X',
    });
    const chat = await api.songChat(cy, song.id);
    await api.send(cy, chat.id, 'hello all');
    await api.send(cy, chat.id, 'anyone?');
    expect(await api.read(ada, chat.id, 2)).toBe(0);
    expect((await api.get(ben, chat.id)).unread_count).toBe(2);
    expect((await api.get(ada, chat.id)).unread_count).toBe(0);
    expect((await api.reads(cy, chat.id)).map((r) => r.reviewer_id)).toEqual([ada.reviewer.id]);
  });

  it('shows typing to the others within 5 seconds, and not after, nor after stopping', async () => {
    const dm = await api.dm(cy, ada);
    expect(await api.typing(ada, dm.id)).toEqual([]);

    expect((await api.typingRaw(cy, dm.id, 'PUT')).statusCode).toBe(204);
    expect(await api.typing(ada, dm.id)).toEqual([{ reviewer_id: cy.reviewer.id, name: cy.name }]);
    // The typist does not see themselves.
    expect(await api.typing(cy, dm.id)).toEqual([]);

    const age = (seconds: number) =>
      server.database.asOwner('tests build rows directly').execute(
        sql`update typing_indicators set last_typing = now() - make_interval(secs => ${seconds})
            where conversation_id = ${dm.id} and reviewer_id = ${cy.reviewer.id}`,
      );
    await age(4);
    expect(await api.typing(ada, dm.id)).toHaveLength(1);
    await age(6);
    expect(await api.typing(ada, dm.id)).toEqual([]);

    // Typing again shows it again (one row per member and conversation); stopping removes it.
    expect((await api.typingRaw(cy, dm.id, 'PUT')).statusCode).toBe(204);
    expect((await api.typingRaw(cy, dm.id, 'PUT')).statusCode).toBe(204);
    expect(await api.typing(ada, dm.id)).toHaveLength(1);
    expect((await api.typingRaw(cy, dm.id, 'DELETE')).statusCode).toBe(204);
    expect(await api.typing(ada, dm.id)).toEqual([]);
    const [rows] = await queryRows<{ count: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select count(*)::int as count from typing_indicators where conversation_id = ${dm.id}`,
    );
    expect(rows!.count).toBe(0);
  });
});
