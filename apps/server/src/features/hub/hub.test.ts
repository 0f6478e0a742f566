import type { HomeDto, HubDto } from '@music-review/core/hub';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, memberOf, signUpConfirmed } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.factory.ts';
import { monthStart } from '../songs/songs.service.ts';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms);

describe('GET /api/v1/hub and GET /api/v1/home', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let sam: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  const ids: Record<string, string> = {};

  const get = async <T>(url: string, who: { token: string }) => {
    const res = await server.app.inject({ method: 'GET', url, headers: authHeader(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Hub Records');
    alex = await memberOf(server.app, admin.inviteCode);
    sam = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Hub Elsewhere');
    const db = server.database.asOwner('tests build rows directly');
    const organizationId = admin.organization.id;
    const song = async (
      key: string,
      daysAgo: number,
      status = 'pending',
      createdBy: string | null = null,
    ) => {
      const row = await insertSong(db, {
        organizationId,
        title: key,
        artist: `${key} Artist`,
        submittedAt: ago(daysAgo * DAY),
        status,
        createdBy,
      });
      ids[key] = row.id;
      return row;
    };
    const review = (songId: string, reviewerId: string, version = 1) =>
      insertReview(db, { organizationId, songId, reviewerId, scores: [7, 7, 7], version });

    // Pending for the admin: inside the window and not reviewed by them (fewest days left first).
    await song('Fresh', 0.5, 'pending', alex.reviewer.id);
    await song('Older', 5.5);
    // Reviewed by 2 of 3 (the 60 percent marker is 2): awaiting a decision, not pending for the admin.
    const marked = await song('Marked', 2);
    await review(marked.id, admin.reviewer.id);
    await review(marked.id, alex.reviewer.id);
    // Past the 7-day window: awaiting a decision, no longer pending.
    await song('Expired', 10);
    // A new version: the admin's review of version 1 no longer counts, so it is pending again.
    const revised = await song('Revised', 3);
    await review(revised.id, admin.reviewer.id, 1);
    await insertRevision(db, {
      organizationId,
      songId: revised.id,
      versionNumber: 2,
      audioFileKey: `${organizationId}/revisions/${revised.id}/v2.wav`,
    });
    // Decided.
    await song('Signed One', 20, 'signed');
    await song('Signed Two', 15, 'signed');
    await song('Passed One', 12, 'passed');

    await db.execute(sql`
      insert into contracts (organization_id, song_id, artist_name, status) values
        (${organizationId}, ${ids['Signed One']}, 'A', 'draft'),
        (${organizationId}, ${ids['Signed Two']}, 'B', 'sent'),
        (${organizationId}, ${ids['Signed Two']}, 'B', 'signed')`);
    await db.execute(sql`
      insert into metadata_forms (organization_id, song_id, status) values
        (${organizationId}, ${ids['Signed One']}, 'pending'),
        (${organizationId}, ${ids['Signed Two']}, 'confirmed')`);
    await db.execute(sql`
      insert into organization_usage_metrics (organization_id, month_start_date, tracks_uploaded_count, active_users_count)
      values (${organizationId}, ${monthStart(new Date())}::date, 4, 3),
             (${organizationId}, '2001-01-01'::date, 99, 3)`);
    await db.execute(sql`
      insert into user_presence (reviewer_id, organization_id, status, last_seen, current_activity) values
        (${alex.reviewer.id}, ${organizationId}, 'online', now(), 'Reviewing songs'),
        (${sam.reviewer.id}, ${organizationId}, 'online', now() - interval '10 minutes', 'Gone quiet'),
        (${admin.reviewer.id}, ${organizationId}, 'away', now() - interval '1 minute', null)`);
    // The latest review is Alex's.
    await db.execute(sql`update reviews set reviewed_at = now() - interval '1 hour'`);
    await db.execute(
      sql`update reviews set reviewed_at = now() where song_id = ${marked.id} and reviewer_id = ${alex.reviewer.id}`,
    );

    // The other label: its own songs, reviews and presence must never show here.
    const theirs = await insertSong(db, {
      organizationId: outsider.organization.id,
      title: 'Not Yours',
      artist: 'Elsewhere',
      submittedAt: ago(DAY),
    });
    await insertReview(db, {
      organizationId: outsider.organization.id,
      songId: theirs.id,
      reviewerId: outsider.reviewer.id,
      scores: [5, 5, 5],
    });
    await insertSong(db, {
      organizationId: outsider.organization.id,
      title: 'Their Signed',
      artist: 'Elsewhere',
      status: 'signed',
    });
  });
  afterAll(() => server.close());

  it('counts the label: pending for me, awaiting decision, signed, open contracts and forms', async () => {
    const hub = await get<HubDto>('/api/v1/hub', admin);
    expect(hub.counts).toEqual({
      pending_reviews: 3, // Fresh, Older, Revised
      awaiting_decision: 2, // Marked (60 percent), Expired (past the window)
      signed_songs: 2,
      open_contracts: 2, // draft and sent; signed is closed
      open_forms: 1, // pending; confirmed is closed
    });
    // Pending is per reviewer: Alex has reviewed Marked too, Sam has reviewed nothing.
    expect((await get<HubDto>('/api/v1/hub', alex)).counts.pending_reviews).toBe(3);
    expect((await get<HubDto>('/api/v1/hub', sam)).counts.pending_reviews).toBe(4);
  });

  it('shows the plan usage: the tracks added in the last 30 days, not a monthly counter', async () => {
    const hub = await get<HubDto>('/api/v1/hub', admin);
    expect(hub.usage).toEqual({
      plan_name: 'Starter',
      tracks_last_30_days: 8, // the 8 songs added above; the organization_usage_metrics rows do not count
      track_limit: 25,
      members: 3,
      user_limit: 3,
    });
  });

  it('counts tracks and signed songs over the last 30 days, as the track limit does', async () => {
    const lab = await adminWithLabel(server.app, 'Hub Window Records');
    const added = (title: string, status: string, daysAgo: number) =>
      server.database.asOwner('tests build rows directly').execute(
        sql`insert into songs (organization_id, title, artist, status, created_at)
            values (${lab.organization.id}, ${title}, 'A', ${status}, now() - make_interval(days => ${daysAgo}::int))`,
      );
    await added('Signed 29 days ago', 'signed', 29);
    await added('Pending 29 days ago', 'pending', 29);
    await added('Signed 31 days ago', 'signed', 31);
    await added('Pending 31 days ago', 'pending', 31);
    await added('Pending 40 days ago', 'pending', 40);

    const hub = await get<HubDto>('/api/v1/hub', lab);
    expect(hub.counts.signed_songs).toBe(1);
    expect(hub.usage.tracks_last_30_days).toBe(2);
    // The team page shows the same figure, and an upload is checked against it.
    const team = await server.app.inject({ method: 'GET', url: '/api/v1/team', headers: lab.headers });
    expect(team.json().plan.tracks_last_30_days).toBe(2);
  });

  it('lists the team with presence: online within 5 minutes, else offline', async () => {
    const hub = await get<HubDto>('/api/v1/hub', admin);
    expect(hub.team.map((m) => [m.id, m.status, m.current_activity, m.is_me])).toEqual([
      [alex.reviewer.id, 'online', 'Reviewing songs', false],
      [admin.reviewer.id, 'away', null, true],
      [sam.reviewer.id, 'offline', null, false],
    ]);
    expect(hub.team[0]).toMatchObject({ name: alex.name, email: alex.email, is_admin: false });
    expect(hub.team[1]?.is_admin).toBe(true);
  });

  it('shows recent activity and decisions of the label only', async () => {
    const hub = await get<HubDto>('/api/v1/hub', admin);
    expect(hub.activity[0]).toMatchObject({ kind: 'review', song_title: 'Marked', actor_name: alex.name });
    expect(hub.activity).toContainEqual(
      expect.objectContaining({ kind: 'song_added', song_title: 'Fresh', actor_name: alex.name }),
    );
    expect(hub.activity.length).toBeLessThanOrEqual(10);
    expect(hub.decisions.map((d) => [d.song_title, d.status])).toEqual([
      ['Passed One', 'passed'],
      ['Signed Two', 'signed'],
      ['Signed One', 'signed'],
    ]);
    const titles = JSON.stringify(hub);
    expect(titles).not.toContain('Not Yours');
    expect(titles).not.toContain('Their Signed');
  });

  it('gives another label only its own numbers and team', async () => {
    const hub = await get<HubDto>('/api/v1/hub', outsider);
    expect(hub.counts).toEqual({
      pending_reviews: 0, // the outsider reviewed their only pending song
      awaiting_decision: 1, // 1 of 1 reviewed: the marker is reached
      signed_songs: 1,
      open_contracts: 0,
      open_forms: 0,
    });
    expect(hub.usage).toMatchObject({ tracks_last_30_days: 2, members: 1 });
    expect(hub.team.map((m) => m.id)).toEqual([outsider.reviewer.id]);
    expect(hub.activity.map((a) => a.song_title).sort()).toEqual(['Not Yours', 'Not Yours', 'Their Signed']);
  });

  it('answers 401 without a session and 403 without a label', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/hub' })).statusCode).toBe(401);
    const loner = await signUpConfirmed(server.app);
    for (const url of ['/api/v1/hub', '/api/v1/home']) {
      const res = await server.app.inject({ method: 'GET', url, headers: loner.headers });
      expect(res.statusCode).toBe(403);
    }
  });

  it("home: the caller's pending reviews by deadline, with the badge and the current files", async () => {
    const home = await get<HomeDto>('/api/v1/home', admin);
    expect(home.pending_reviews.map((p) => [p.title, p.deadline_badge])).toEqual([
      ['Older', '2 days left'],
      ['Revised', '4 days left'],
      ['Fresh', '7 days left'],
    ]);
    const revised = home.pending_reviews.find((p) => p.title === 'Revised');
    expect(revised).toMatchObject({
      days_left: 4,
      current_version_number: 2,
      audio_file_key: `${admin.organization.id}/revisions/${ids.Revised}/v2.wav`,
    });
  });

  it('home: unread notifications and unread mentions of the caller only', async () => {
    const db = server.database.asOwner('tests build rows directly');
    const organizationId = admin.organization.id;
    await db.execute(sql`
      insert into notifications (organization_id, recipient_id, sender_id, type, message, song_id, read, created_at) values
        (${organizationId}, ${admin.reviewer.id}, ${alex.reviewer.id}, 'track_added', 'Alex added Fresh', ${ids.Fresh}, false, now() - interval '2 minutes'),
        (${organizationId}, ${admin.reviewer.id}, null, 'review_request', 'Review Revised v2', ${ids.Revised}, false, now()),
        (${organizationId}, ${admin.reviewer.id}, ${alex.reviewer.id}, 'track_added', 'Already read', null, true, now()),
        (${organizationId}, ${alex.reviewer.id}, ${admin.reviewer.id}, 'track_added', 'For Alex', null, false, now())`);

    // Mentions: in a song chat (everyone's), in the admin's own direct conversation, in a direct
    // conversation of two others (not the admin's), and one the admin has read.
    const conversation = async (type: string, a: string | null, b: string | null) => {
      const rows = await db.execute(sql`
        insert into conversations (organization_id, type, user1_id, user2_id, song_id)
        values (${organizationId}, ${type}, ${a}, ${b}, ${type === 'song_chat' ? ids.Fresh : null})
        returning id`);
      return (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    };
    const message = async (conversationId: string, sequence: number, text: string, sender: string) => {
      const rows = await db.execute(sql`
        insert into messages (conversation_id, sender_id, organization_id, sequence, message_text, created_at)
        values (${conversationId}, ${sender}, ${organizationId}, ${sequence}, ${text}, now() - make_interval(secs => ${10 - sequence}))
        returning id`);
      const id = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
      await db.execute(sql`
        insert into message_mentions (message_id, mentioned_user_id, mentioned_by_user_id, conversation_id, organization_id)
        values (${id}, ${admin.reviewer.id}, ${sender}, ${conversationId}, ${organizationId})`);
      return id;
    };
    const chat = await conversation('song_chat', null, null);
    const [x, y] = [admin.reviewer.id, alex.reviewer.id].sort();
    const mine = await conversation('dm', x!, y!);
    const [p, q] = [alex.reviewer.id, sam.reviewer.id].sort();
    const others = await conversation('dm', p!, q!);
    await message(chat, 1, '@Admin the chorus?', sam.reviewer.id);
    await message(mine, 2, '@Admin quick one', alex.reviewer.id);
    await message(others, 3, 'talking about @Admin', alex.reviewer.id);
    const read = await message(chat, 4, '@Admin seen this', alex.reviewer.id);
    await db.execute(sql`
      insert into message_reads (message_id, user_id, organization_id) values (${read}, ${admin.reviewer.id}, ${organizationId})`);

    const home = await get<HomeDto>('/api/v1/home', admin);
    expect(home.unread_notification_count).toBe(2);
    expect(home.notifications.map((n) => [n.message, n.sender_name])).toEqual([
      ['Review Revised v2', null],
      ['Alex added Fresh', alex.name],
    ]);
    expect(home.mentions.map((m) => [m.message_text, m.conversation_type, m.mentioned_by_name])).toEqual([
      ['@Admin quick one', 'dm', alex.name],
      ['@Admin the chorus?', 'song_chat', sam.name],
    ]);
    expect(home.mentions[1]?.song_id).toBe(ids.Fresh);

    // Nothing of it for another label's admin.
    const theirs = await get<HomeDto>('/api/v1/home', outsider);
    expect(theirs).toEqual({
      pending_reviews: [],
      notifications: [],
      unread_notification_count: 0,
      mentions: [],
    });
  });
});
