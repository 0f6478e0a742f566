import type { ConversationDto, MessageDto } from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

type Person = { token: string; reviewer: { id: string }; organization: { id: string } };

describe('messages: direct conversations, sending and the unread count', () => {
  let server: TestServer;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let cy: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;

  const openDm = (from: Person, userId: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/conversations',
      headers: authHeader(from.token),
      payload: { type: 'dm', user_id: userId },
    });
  const sendRaw = (from: Person, conversationId: string, text: unknown) =>
    server.app.inject({
      method: 'POST',
      url: `/api/v1/conversations/${conversationId}/messages`,
      headers: authHeader(from.token),
      payload: { message_text: text },
    });
  const send = async (from: Person, conversationId: string, text: string) => {
    const res = await sendRaw(from, conversationId, text);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<MessageDto>();
  };
  const unread = async (who: Person) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/messages/unread-count',
      headers: authHeader(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number }>().count;
  };
  /** A song chat or support conversation, as the messaging feature will make them. */
  const labelConversation = async (type: 'song_chat' | 'support', starter: Person) => {
    const organizationId = starter.organization.id;
    const songId =
      type === 'song_chat'
        ? (
            await insertSong(server.database.asOwner('tests build rows directly'), {
              organizationId,
              title: 'Chat Song',
              artist: 'X',
            })
          ).id
        : null;
    const [row] = await queryRows<{ id: string }>(
      server.database.asOwner('tests build rows directly'),
      sql`insert into conversations (organization_id, type, user1_id, song_id)
          values (${organizationId}, ${type}, ${type === 'support' ? starter.reviewer.id : null}, ${songId})
          returning id`,
    );
    return row!.id;
  };

  beforeAll(async () => {
    server = await createTestServer();
    ada = await adminWithLabel(server.app, 'Chatty Records');
    ben = await memberOf(server.app, ada.inviteCode);
    cy = await memberOf(server.app, ada.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
  });
  afterAll(() => server.close());

  it('creates a direct conversation once per pair, whoever starts it', async () => {
    const first = await openDm(ben, ada.reviewer.id);
    expect(first.statusCode, first.body).toBe(201);
    const conversation = first.json<ConversationDto>();
    expect(conversation).toMatchObject({ type: 'dm', song_id: null, last_message_at: null });
    expect([conversation.user1_id, conversation.user2_id].sort()).toEqual(
      [ada.reviewer.id, ben.reviewer.id].sort(),
    );

    const again = await openDm(ada, ben.reviewer.id);
    expect(again.statusCode).toBe(200);
    expect(again.json<ConversationDto>().id).toBe(conversation.id);
  });

  it('refuses a conversation with yourself, with nobody, or with another label', async () => {
    const self = await openDm(ada, ada.reviewer.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('You cannot start a conversation with yourself');

    const notAnId = await openDm(ada, 'ben');
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().error.message).toBe('user_id: must be the id of a member of your label');

    const otherLabel = await openDm(ada, outsider.reviewer.id);
    expect(otherLabel.statusCode).toBe(404);
    expect(otherLabel.json().error).toEqual({ code: 'not_found', message: 'Team member not found' });
  });

  it('numbers the messages and keeps the conversation last-message fields', async () => {
    const conversation = (await openDm(ada, cy.reviewer.id)).json<ConversationDto>();
    const one = await send(ada, conversation.id, '  First  ');
    const two = await send(cy, conversation.id, 'Second');
    expect([one.sequence, two.sequence]).toEqual([1, 2]);
    expect(one).toMatchObject({ message_text: 'First', sender_id: ada.reviewer.id });
    const [row] = await queryRows<{ last_message_preview: string; last_message_sender_id: string }>(
      server.database.asOwner('tests build rows directly'),
      sql`select last_message_preview, last_message_sender_id from conversations where id = ${conversation.id}`,
    );
    expect(row).toEqual({ last_message_preview: 'Second', last_message_sender_id: cy.reviewer.id });
  });

  it('refuses empty text, other people’s direct conversations and other labels’ conversations', async () => {
    const adaBen = (await openDm(ada, ben.reviewer.id)).json<ConversationDto>();
    const blank = await sendRaw(ada, adaBen.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Message cannot be empty');

    const notParticipant = await sendRaw(cy, adaBen.id, 'let me in');
    expect(notParticipant.statusCode).toBe(404);
    expect(notParticipant.json().error.message).toBe('Conversation not found');

    const otherLabel = await sendRaw(outsider, adaBen.id, 'hello from elsewhere');
    expect(otherLabel.statusCode).toBe(404);

    const noSuch = await sendRaw(ada, '00000000-0000-4000-8000-000000000000', 'anyone?');
    expect(noSuch.statusCode).toBe(404);
  });

  it('counts unread messages by the rules: own conversations, not own, not deleted, not read', async () => {
    // A fresh label, so earlier tests' messages do not count here.
    const admin = await adminWithLabel(server.app, 'Unread Rules');
    const member = await memberOf(server.app, admin.inviteCode);
    const third = await memberOf(server.app, admin.inviteCode);
    const stranger = await adminWithLabel(server.app, 'Unread Elsewhere');
    expect(await unread(admin)).toBe(0);

    const adminMember = (await openDm(member, admin.reviewer.id)).json<ConversationDto>();
    const sent: MessageDto[] = [];
    for (let i = 1; i <= 10; i++) sent.push(await send(member, adminMember.id, `Message ${i}`));
    await send(admin, adminMember.id, 'my own reply does not count');
    expect(await unread(admin)).toBe(10);
    expect(await unread(member)).toBe(1);

    // A direct conversation of two others is not the admin's.
    const memberThird = (await openDm(member, third.reviewer.id)).json<ConversationDto>();
    await send(third, memberThird.id, 'just between us');
    expect(await unread(admin)).toBe(10);
    expect(await unread(member)).toBe(2);

    // Song chats and support conversations belong to the whole label.
    const songChat = await labelConversation('song_chat', third);
    const support = await labelConversation('support', third);
    await send(third, songChat, 'about the chorus');
    await send(third, support, 'help please');
    expect(await unread(admin)).toBe(12);
    expect(await unread(third)).toBe(0);

    // Deleted messages and messages with a read row do not count; a removed sender's still do.
    const db = server.database.asOwner('tests build rows directly');
    await db.execute(sql`update messages set is_deleted = true where id = ${sent[0]!.id}`);
    await db.execute(
      sql`insert into message_reads (message_id, user_id, organization_id)
          values (${sent[1]!.id}, ${admin.reviewer.id}, ${admin.organization.id})`,
    );
    await db.execute(sql`update messages set sender_id = null where id = ${sent[2]!.id}`);
    expect(await unread(admin)).toBe(10);
    // Someone else's read row changes nothing for the admin.
    await db.execute(
      sql`insert into message_reads (message_id, user_id, organization_id)
          values (${sent[3]!.id}, ${third.reviewer.id}, ${admin.organization.id})`,
    );
    expect(await unread(admin)).toBe(10);

    // Another label sees none of it, and its messages never reach this label's counts.
    expect(await unread(stranger)).toBe(0);
    const strangerMate = await memberOf(server.app, stranger.inviteCode);
    const theirs = (await openDm(strangerMate, stranger.reviewer.id)).json<ConversationDto>();
    await send(strangerMate, theirs.id, 'elsewhere');
    expect(await unread(stranger)).toBe(1);
    expect(await unread(admin)).toBe(10);
  });

  it('needs a session and a label', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/messages/unread-count' });
    expect(res.statusCode).toBe(401);
  });
});
