import type { NotificationListDto } from '@music-review/core/notifications';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, authHeader, mailbox, type memberOf } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { type chatApi, chatTeam, type Person } from './test-helpers.ts';

describe('mentions', () => {
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let cy: Awaited<ReturnType<typeof memberOf>>;
  let olga: Awaited<ReturnType<typeof adminWithLabel>>;

  beforeAll(async () => {
    ({ server, api, ada, ben, cy } = await chatTeam('Mention Records'));
    olga = await adminWithLabel(server.app, 'Outside Records');
  });
  afterAll(() => server.close());

  const notifications = async (who: Person) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: authHeader(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NotificationListDto>().notifications.filter((n) => n.type === 'mention');
  };
  const mentionRows = async (messageId: string) =>
    (
      await queryRows<{ mentioned_user_id: string; mentioned_by_user_id: string; conversation_id: string }>(
        server.database.asOwner('tests build rows directly'),
        sql`select mentioned_user_id, mentioned_by_user_id, conversation_id from message_mentions
            where message_id = ${messageId} order by mentioned_user_id`,
      )
    ).map((r) => r.mentioned_user_id);

  it('records and notifies each mentioned member; outsiders, unknown ids and the sender are dropped', async () => {
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: ada.organization.id,
      title: 'Night Drive',
      artist: 'X',
    });
    const chat = await api.songChat(ada, song.id);
    // Ben wants mentions by email too.
    const prefs = await server.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-preferences',
      headers: authHeader(ben.token),
      payload: { preferences: [{ type: 'mention', email: true }] },
    });
    expect(prefs.statusCode, prefs.body).toBe(200);

    const message = await api.send(ada, chat.id, '@Ben and @Cy, listen to the bridge', {
      mentioned_user_ids: [
        ben.reviewer.id,
        cy.reviewer.id.toUpperCase(),
        ben.reviewer.id,
        olga.reviewer.id,
        ada.reviewer.id,
        '00000000-0000-4000-8000-000000000000',
      ],
    });
    expect(message.mentioned_user_ids).toEqual([ben.reviewer.id, cy.reviewer.id]);
    expect(await mentionRows(message.id)).toEqual([ben.reviewer.id, cy.reviewer.id].sort());
    expect((await api.page(cy, chat.id)).messages[0]!.mentioned_user_ids).toEqual([
      ben.reviewer.id,
      cy.reviewer.id,
    ]);

    for (const who of [ben, cy]) {
      const [notification, ...more] = await notifications(who);
      expect(more).toEqual([]);
      expect(notification).toMatchObject({
        type: 'mention',
        message: `${ada.name} mentioned you in Night Drive`,
        conversation_id: chat.id,
        sender_id: ada.reviewer.id,
        sender_name: ada.name,
        read: false,
      });
    }
    expect(await notifications(ada)).toEqual([]);
    expect(await notifications(olga)).toEqual([]);

    // The email goes to those who asked for it, and leads to the conversation.
    const mails = await mailbox(server.app, ben.email);
    const mail = mails.find((m) => m.subject.startsWith('Mentions:'));
    expect(mail?.text).toContain(`http://app.test/?chat=${chat.id}`);
    expect((await mailbox(server.app, cy.email)).some((m) => m.subject.startsWith('Mentions:'))).toBe(false);
  });

  it('in a direct conversation, only its other member can be mentioned', async () => {
    const dm = await api.dm(ben, cy);
    const message = await api.send(ben, dm.id, '@Cy and @Ada', {
      mentioned_user_ids: [cy.reviewer.id, ada.reviewer.id],
    });
    expect(message.mentioned_user_ids).toEqual([cy.reviewer.id]);
    expect(await mentionRows(message.id)).toEqual([cy.reviewer.id]);
    const [latest] = await notifications(cy);
    expect(latest).toMatchObject({
      message: `${ben.name} mentioned you in a direct message`,
      conversation_id: dm.id,
    });
    expect((await notifications(ada)).some((n) => n.conversation_id === dm.id)).toBe(false);
  });

  it('a message without mentions notifies nobody', async () => {
    const before = (await notifications(cy)).length;
    const support = await api.support(ada);
    await api.send(ada, support.id, 'no one in particular', { mentioned_user_ids: [] });
    await api.send(ben, support.id, '@Ada thanks', { mentioned_user_ids: [ada.reviewer.id] });
    expect((await notifications(cy)).length).toBe(before);
    const [adaMention] = await notifications(ada);
    expect(adaMention).toMatchObject({
      message: `${ben.name} mentioned you in Support`,
      conversation_id: support.id,
    });
  });
});
