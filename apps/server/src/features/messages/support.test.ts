import type { ConversationSummaryDto } from '@music-review/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../platform/config.ts';
import { queryRows } from '../../platform/db/index.ts';
import {
  adminWithLabel,
  authHeader,
  createLabel,
  memberOf,
  signUpConfirmed,
} from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { ALL_NOT_FOUND, chatApi, setPlan, statusesOnEveryRoute } from './test-helpers.ts';

const NO_PLAN = 'Please upgrade to a plan with chat functionality to access support chat.';

describe('support chat: plan gating with the Starter trial', () => {
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;

  beforeAll(async () => {
    server = await createTestServer();
    api = chatApi(server);
  });
  afterAll(() => server.close());

  const trials = async (organizationId: string) =>
    (
      await queryRows<{ feature_name: string }>(
        server.database.asOwner('tests build rows directly'),
        sql`select feature_name from trial_usage where organization_id = ${organizationId}`,
      )
    ).map((r) => r.feature_name);

  it('on Starter: the first support conversation spends the trial; a second member’s new one is refused; the existing one stays usable', async () => {
    const admin = await adminWithLabel(server.app, 'Starter Records');
    const member = await memberOf(server.app, admin.inviteCode);
    expect(await trials(admin.organization.id)).toEqual([]);

    const first = await api.openRaw(member, { type: 'support' });
    expect(first.statusCode, first.body).toBe(201);
    const support = first.json();
    expect(await trials(admin.organization.id)).toEqual(['chat_functionality']);

    // Opening it again gets the same conversation, and spends nothing more.
    const again = await api.openRaw(member, { type: 'support' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(support.id);

    const refused = await api.openRaw(admin, { type: 'support' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'plan_required', message: NO_PLAN });

    // The existing conversation stays usable, by its member and the rest of the label.
    await api.send(member, support.id, 'Hello support');
    await api.send(admin, support.id, 'Adding to this');
    expect((await api.page(member, support.id)).messages).toHaveLength(2);
    expect(await trials(admin.organization.id)).toEqual(['chat_functionality']);
  });

  it('on Pro: support opens for every member and no trial is recorded', async () => {
    const admin = await adminWithLabel(server.app, 'Pro Records');
    const member = await memberOf(server.app, admin.inviteCode);
    await setPlan(server, admin.organization.id, 'Pro');
    expect((await api.openRaw(admin, { type: 'support' })).statusCode).toBe(201);
    expect((await api.openRaw(member, { type: 'support' })).statusCode).toBe(201);
    expect(await trials(admin.organization.id)).toEqual([]);
  });

  it('on another plan without chat: refused, and the trial does not apply', async () => {
    await server.database.asOwner('tests build rows directly').execute(
      sql`insert into subscription_plans (name, track_limit, user_limit, has_chat_functionality)
          values ('Basic (test)', 10, 5, false)`,
    );
    const admin = await adminWithLabel(server.app, 'Basic Records');
    await setPlan(server, admin.organization.id, 'Basic (test)');
    const res = await api.openRaw(admin, { type: 'support' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(NO_PLAN);
    expect(await trials(admin.organization.id)).toEqual([]);
  });

  it('on Starter: two members opening at once get one trial between them', async () => {
    const admin = await adminWithLabel(server.app, 'Racing Records');
    const member = await memberOf(server.app, admin.inviteCode);
    const [a, b] = await Promise.all([
      api.openRaw(admin, { type: 'support' }),
      api.openRaw(member, { type: 'support' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 403]);
    expect(await trials(admin.organization.id)).toEqual(['chat_functionality']);
  });
});

describe('support staff (SUPPORT_EMAILS)', () => {
  const deskEmail = `desk-${Math.random().toString(36).slice(2, 8)}@support.test`;
  let server: TestServer;
  let api: ReturnType<typeof chatApi>;
  let desk: Awaited<ReturnType<typeof signUpConfirmed>> & Awaited<ReturnType<typeof createLabel>>;
  let ada: Awaited<ReturnType<typeof adminWithLabel>>;
  let ben: Awaited<ReturnType<typeof memberOf>>;
  let olga: Awaited<ReturnType<typeof adminWithLabel>>;

  beforeAll(async () => {
    // Upper case in the setting: addresses compare case-insensitively.
    server = await createTestServer({ SUPPORT_EMAILS: `nobody@support.test, ${deskEmail.toUpperCase()}` });
    api = chatApi(server);
    const account = await signUpConfirmed(server.app, { email: deskEmail, name: 'Supportive Sue' });
    desk = { ...account, ...(await createLabel(server.app, account.token, 'Music Review Support')) };
    ada = await adminWithLabel(server.app, 'Asking Records');
    ben = await memberOf(server.app, ada.inviteCode);
    olga = await adminWithLabel(server.app, 'Also Asking');
    await setPlan(server, ada.organization.id, 'Pro');
  });
  afterAll(() => server.close());

  const inbox = async (who: { token: string }) =>
    server.app.inject({
      method: 'GET',
      url: '/api/v1/support/conversations',
      headers: authHeader(who.token),
    });

  it('sees every label’s support conversations in the inbox, and nothing else', async () => {
    const adaSupport = await api.support(ben);
    const olgaSupport = await api.support(olga); // Starter: the trial
    const silent = await api.support(ada); // nothing asked yet: not in the inbox
    await api.send(olga, olgaSupport.id, 'Hello?');
    await api.send(ben, adaSupport.id, 'Where are my tracks?');
    const dm = await api.dm(ada, ben);
    await api.send(ada, dm.id, 'private');
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: ada.organization.id,
      title: 'Label Secret',
      artist: 'X',
    });
    const chat = await api.songChat(ada, song.id);
    await api.send(ada, chat.id, 'internal');

    const res = await inbox(desk);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ConversationSummaryDto[]>();
    expect(list.map((c) => c.type)).toEqual(['support', 'support']);
    expect(list[0]).toMatchObject({
      id: adaSupport.id,
      title: 'Support',
      organization_name: 'Asking Records',
      requester: { id: ben.reviewer.id, name: ben.name },
      unread_count: 1,
      last_message_preview: 'Where are my tracks?',
    });
    expect(list[1]).toMatchObject({ id: olgaSupport.id, organization_name: 'Also Asking', unread_count: 1 });
    expect(list.map((c) => c.id)).not.toContain(silent.id);
    // The desk still opens it by id (a label member may have just opened it).
    expect((await api.get(desk, silent.id)).organization_name).toBe('Asking Records');

    // The label's direct messages and song chats are not the desk's business: 404 on every route.
    expect(await statusesOnEveryRoute(server, desk, dm.id)).toEqual(ALL_NOT_FOUND);
    expect(await statusesOnEveryRoute(server, desk, chat.id)).toEqual(ALL_NOT_FOUND);
    // Its own list holds only its own organization's conversations.
    expect(await api.list(desk)).toEqual([]);
    // Nor can it open conversations in the label: a label member is "not found" for a DM.
    const dmOpen = await api.openRaw(desk, { type: 'dm', user_id: ben.reviewer.id });
    expect(dmOpen.statusCode).toBe(404);
  });

  it('is 404 for everyone else', async () => {
    for (const who of [ada, ben, olga]) {
      const res = await inbox(who);
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers a support conversation: reads it, replies, marks it read, types; the label sees the desk’s name', async () => {
    const support = await api.support(ada);
    const question = await api.send(ada, support.id, 'Can you help with invites?');

    const summary = await api.get(desk, support.id);
    expect(summary).toMatchObject({ id: support.id, organization_name: 'Asking Records', unread_count: 1 });
    expect((await api.page(desk, support.id)).messages.map((m) => m.id)).toEqual([question.id]);

    const reply = await api.send(desk, support.id, 'Sure: Team settings, Invite.');
    expect(reply).toMatchObject({ sender_id: desk.reviewer.id, sender_name: 'Supportive Sue', sequence: 2 });
    // The message belongs to the label that asked.
    const [stored] = await queryRows<{ organization_id: string }>(
      server.database.asOwner('tests build rows directly'),
      sql`select organization_id from messages where id = ${reply.id}`,
    );
    expect(stored!.organization_id).toBe(ada.organization.id);

    // The label sees the desk by name, in messages, typing and receipts.
    const seen = await api.page(ben, support.id);
    expect(seen.messages.map((m) => m.sender_name)).toEqual([ada.name, 'Supportive Sue']);
    expect(await api.unread(ben)).toBeGreaterThan(0);

    expect(await api.read(desk, support.id, 2)).toBe(0);
    expect(await api.reads(ada, support.id)).toEqual([
      {
        reviewer_id: desk.reviewer.id,
        name: 'Supportive Sue',
        avatar_url: null,
        avatar_key: null,
        last_read_sequence: 1,
      },
    ]);

    expect((await api.typingRaw(desk, support.id, 'PUT')).statusCode).toBe(204);
    expect(await api.typing(ada, support.id)).toEqual([
      { reviewer_id: desk.reviewer.id, name: 'Supportive Sue' },
    ]);
    expect((await api.typingRaw(desk, support.id, 'DELETE')).statusCode).toBe(204);
    expect(await api.typing(ada, support.id)).toEqual([]);

    // The desk deletes its own message, not the label's.
    expect((await api.removeRaw(desk, question.id)).statusCode).toBe(403);
    expect((await api.removeRaw(desk, reply.id)).statusCode).toBe(204);
    expect((await api.page(ada, support.id)).messages.map((m) => m.id)).toEqual([question.id]);
  });

  it('is decided by the setting: unset means nobody, except the demo account off production', () => {
    expect(loadConfig({ SUPPORT_EMAILS: ' A@Example.test , b@example.test,' }).supportEmails).toEqual([
      'a@example.test',
      'b@example.test',
    ]);
    expect(() => loadConfig({ SUPPORT_EMAILS: 'support' })).toThrow(/SUPPORT_EMAILS/);
    // Demo data seeded in development: the demo desk.
    expect(loadConfig({}).supportEmails).toEqual(['support@demo.test']);
    // No demo data, or production (the demo password is public): nobody.
    expect(loadConfig({ SEED_DEMO: 'false' }).supportEmails).toEqual([]);
    expect(
      loadConfig({
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        SMTP_URL: 'smtp://mail.example:587',
      }).supportEmails,
    ).toEqual([]);
  });
});
