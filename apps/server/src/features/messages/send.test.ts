import type { MessageDto } from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { type chatApi, chatTeam } from './test-helpers.ts';

describe('messages: sending, ordering, pages and deleting', () => {
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let cy: Awaited<ReturnType<typeof memberOf>>;

  beforeAll(async () => {
    ({ server, api, ada, ben, cy } = await chatTeam('Sending Records'));
  });
  afterAll(() => server.close());

  it('refuses empty, blank, too long and malformed messages with a clear 400, and stores nothing', async () => {
    const dm = await api.dm(ada, ben);
    const cases: Array<[unknown, string]> = [
      [{ message_text: '' }, 'Message cannot be empty'],
      [{ message_text: ' \n\t ' }, 'Message cannot be empty'],
      [{}, 'Message cannot be empty'],
      [{ message_text: 42 }, 'Message cannot be empty'],
      [{ message_text: 'x'.repeat(4001) }, 'Messages can be at most 4000 characters'],
      [{ message_text: 'hi', mentioned_user_ids: ['ben'] }, 'mentioned_user_ids: must be member ids'],
      [
        { message_text: 'hi', attachment: { type: 'pdf', link: '/signed-songs/metadata' } },
        'attachment.type: ',
      ],
      [{ message_text: 'hi', attachment: { type: 'metadata_form', link: '' } }, 'attachment.link: '],
      [
        { message_text: 'hi', attachment: { type: 'metadata_form', link: 'javascript:alert(1)' } },
        'attachment.link: must be a path in the app (starting with /) or an http(s) address',
      ],
      [
        { message_text: 'hi', attachment: { type: 'marketing_form', link: '//evil.example/x' } },
        'attachment.link: must be a path in the app (starting with /) or an http(s) address',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await api.sendRaw(ada, dm.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(res.json().error.message.startsWith(message), res.json().error.message).toBe(true);
    }
    // Control characters are refused at the boundary like in every other field (decision 0013).
    const nul = await api.sendRaw(ada, dm.id, { message_text: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe(
      'message_text: contains a control character (U+0000), which is not allowed',
    );
    const notJson = await server.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${dm.id}/messages`,
      headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
      payload: '{"message_text": ',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await api.page(ada, dm.id)).messages).toEqual([]);

    // The longest allowed text, trimmed; a form link shown as a card.
    const longest = await api.send(ada, dm.id, `  ${'y'.repeat(4000)}  `);
    expect(longest.message_text).toHaveLength(4000);
    expect((await api.send(ada, dm.id, 'two\nlines\tand a tab')).message_text).toBe('two\nlines\tand a tab');
    const card = await api.send(ben, dm.id, 'Metadata is in', {
      attachment: {
        type: 'metadata_form',
        link: '/signed-songs/metadata?songId=1',
        song_title: 'Night Drive',
      },
    });
    expect(card).toMatchObject({
      sequence: 3,
      sender_name: ben.name,
      is_deleted: false,
      mentioned_user_ids: [],
      attachment_type: 'metadata_form',
      metadata_form_link: '/signed-songs/metadata?songId=1',
      metadata_song_title: 'Night Drive',
    });
    expect((await api.page(ada, dm.id)).messages.map((m) => m.sequence)).toEqual([1, 2, 3]);
  });

  it('numbers 30 concurrent sends from two members 1..30 exactly, listed ascending', async () => {
    const dm = await api.dm(ben, cy);
    const sends = Array.from({ length: 30 }, (_, i) =>
      api.sendRaw(i % 2 === 0 ? ben : cy, dm.id, { message_text: `parallel ${i}` }),
    );
    const answers = await Promise.all(sends);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const sequences = answers.map((res) => res.json<MessageDto>().sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const page = await api.page(ben, dm.id, 'limit=100');
    expect(page.messages.map((m) => m.sequence)).toEqual(sequences);
    expect(page.last_sequence).toBe(30);
    expect(page.has_more_before).toBe(false);
    // created_at rises with the sequence, and the conversation points at the last one.
    const times = page.messages.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    const summary = await api.get(cy, dm.id);
    expect(summary).toMatchObject({
      last_sequence: 30,
      last_message_preview: page.messages[29]!.message_text,
    });
  });

  it('pages: the newest by default, older before a sequence, newer after one, deleted ones left out', async () => {
    const dm = await api.dm(ada, cy);
    const sent: MessageDto[] = [];
    for (let i = 1; i <= 12; i++) sent.push(await api.send(i % 3 ? ada : cy, dm.id, `m${i}`));
    const seqs = (page: { messages: MessageDto[] }) => page.messages.map((m) => m.sequence);

    const latest = await api.page(cy, dm.id, 'limit=5');
    expect(seqs(latest)).toEqual([8, 9, 10, 11, 12]);
    expect(latest).toMatchObject({ last_sequence: 12, has_more_before: true });

    const older = await api.page(cy, dm.id, 'before=8&limit=5');
    expect(seqs(older)).toEqual([3, 4, 5, 6, 7]);
    expect(older.has_more_before).toBe(true);
    const oldest = await api.page(cy, dm.id, 'before=3&limit=5');
    expect(seqs(oldest)).toEqual([1, 2]);
    expect(oldest.has_more_before).toBe(false);

    // Catch-up after a sequence: the oldest first, `limit` at a time.
    expect(seqs(await api.page(cy, dm.id, 'after=9'))).toEqual([10, 11, 12]);
    expect(seqs(await api.page(cy, dm.id, 'after=2&limit=3'))).toEqual([3, 4, 5]);
    expect(seqs(await api.page(cy, dm.id, 'after=12'))).toEqual([]);
    expect(seqs(await api.page(cy, dm.id, `after=${2 ** 40}`))).toEqual([]);
    expect(seqs(await api.page(cy, dm.id, `before=${2 ** 40}&limit=2`))).toEqual([11, 12]);
    expect(seqs(await api.page(cy, dm.id, 'after=4&before=8'))).toEqual([5, 6, 7]);
    // The default page is 50.
    expect(seqs(await api.page(cy, dm.id))).toHaveLength(12);

    // A deleted message is left out of every page.
    expect((await api.removeRaw(ada, sent[10]!.id)).statusCode).toBe(204);
    expect(seqs(await api.page(cy, dm.id, 'after=9'))).toEqual([10, 12]);
    expect(seqs(await api.page(cy, dm.id, 'limit=3'))).toEqual([9, 10, 12]);

    for (const [query, message] of [
      ['limit=0', 'limit: must be a number from 1 to 100'],
      ['limit=101', 'limit: must be a number from 1 to 100'],
      ['limit=ten', 'limit: must be a number from 1 to 100'],
      ['after=-1', 'after: must be 0 or more'],
      ['after=1.5', 'after: must be a message sequence number'],
      ['before=x', 'before: must be a message sequence number'],
    ] as const) {
      const res = await api.pageRaw(cy, dm.id, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe(message);
    }
  });

  it('deletes for everyone: only the sender or an admin of the label may, and the preview moves back', async () => {
    const label = await adminWithLabel(server.app, 'Deleting Records');
    const m1 = await memberOf(server.app, label.inviteCode);
    const m2 = await memberOf(server.app, label.inviteCode);
    const support = await api.support(m1); // the Starter trial: a label-wide conversation
    const a = await api.send(m1, support.id, 'first');
    const b = await api.send(m2, support.id, 'second');
    const c = await api.send(m2, support.id, 'third');
    expect(await api.unread(label)).toBe(3);

    // Another member may not delete it (m1 is not its sender and not an admin).
    const refused = await api.removeRaw(m1, c.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only the sender or an admin of the label can delete a message',
    );

    // The sender may: it disappears from every page and count, and the preview falls back.
    expect((await api.removeRaw(m2, c.id)).statusCode).toBe(204);
    expect((await api.page(label, support.id)).messages.map((m) => m.id)).toEqual([a.id, b.id]);
    expect(await api.get(label, support.id)).toMatchObject({
      last_message_preview: 'second',
      last_message_sender_id: m2.reviewer.id,
      last_sequence: 3,
      unread_count: 2,
    });
    expect(await api.unread(label)).toBe(2);
    // Deleting again changes nothing.
    expect((await api.removeRaw(m2, c.id)).statusCode).toBe(204);

    // An admin of the label may delete anyone's.
    expect((await api.removeRaw(label, b.id)).statusCode).toBe(204);
    expect((await api.removeRaw(label, a.id)).statusCode).toBe(204);
    expect((await api.page(m1, support.id)).messages).toEqual([]);
    expect(await api.get(m1, support.id)).toMatchObject({
      last_message_preview: null,
      last_message_at: null,
    });
    const [row] = await queryRows<{ count: number }>(
      server.database.global,
      sql`select count(*)::int as count from messages where conversation_id = ${support.id} and is_deleted`,
    );
    expect(row!.count).toBe(3);

    // Another label's admin, and an unknown id: 404.
    const stranger = await adminWithLabel(server.app, 'Stranger Records');
    const d = await api.send(m1, support.id, 'still here');
    expect((await api.removeRaw(stranger, d.id)).statusCode).toBe(404);
    const unknown = await api.removeRaw(m1, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Message not found');
    // The next message still takes the next sequence: numbers are never reused.
    expect(d.sequence).toBe(4);
  });
});
