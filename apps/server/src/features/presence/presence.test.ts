import { randomUUID } from 'node:crypto';
import type { PresenceListDto, PresenceMemberDto } from '@music-review/core/presence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, memberOf, signIn } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

type Headers = { authorization: string };

describe('presence', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let outsiderSongId: string;

  const heartbeat = (headers: Headers, payload: object) =>
    server.app.inject({ method: 'PUT', url: '/api/v1/presence', headers, payload });
  const team = async (headers: Headers) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/presence', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PresenceListDto>();
  };
  const memberIn = async (headers: Headers, reviewerId: string) =>
    (await team(headers)).members.find((m) => m.reviewer_id === reviewerId) as PresenceMemberDto;
  const beacon = (payload: string | object, contentType = 'text/plain;charset=UTF-8') =>
    server.app.inject({
      method: 'POST',
      url: '/api/presence/offline',
      headers: { 'content-type': contentType },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
  /** Moves a member's last heartbeat into the past (the database's clock decides the window). */
  const lastSeenAgo = (reviewerId: string, interval: string) =>
    server.database
      .asOwner('tests build rows directly')
      .execute(
        sql`update user_presence set last_seen = now() - ${interval}::interval where reviewer_id = ${reviewerId}`,
      );

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Presence Records');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    songId = (
      await insertSong(server.database.asOwner('tests build rows directly'), {
        organizationId: admin.organization.id,
        title: 'Night Drive',
        artist: 'Nova',
        status: 'signed',
      })
    ).id;
    outsiderSongId = (
      await insertSong(server.database.asOwner('tests build rows directly'), {
        organizationId: outsider.organization.id,
        title: 'Not Yours',
        artist: 'Someone',
      })
    ).id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('asks for a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/presence' })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'PUT', url: '/api/v1/presence', payload: { status: 'online' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists the whole team, offline until a first heartbeat', async () => {
    const list = await team(admin.headers);
    expect(list.members.map((m) => m.reviewer_id).sort()).toEqual(
      [admin.reviewer.id, alex.reviewer.id].sort(),
    );
    expect(list.online_count).toBe(0);
    expect(list.members.every((m) => m.status === 'offline' && m.last_seen === null)).toBe(true);
  });

  it('records a heartbeat with the activity, and the team sees the member online', async () => {
    const res = await heartbeat(alex.headers, { status: 'online', current_activity: 'Reviewing songs' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'online' });
    const seen = await memberIn(admin.headers, alex.reviewer.id);
    expect(seen).toMatchObject({
      name: alex.name,
      status: 'online',
      is_online: true,
      current_activity: 'Reviewing songs',
      viewing: null,
    });
    expect(Date.now() - Date.parse(seen.last_seen!)).toBeLessThan(60_000);
    const list = await team(admin.headers);
    expect(list.online_count).toBe(1);
    expect(list.members[0]!.reviewer_id).toBe(alex.reviewer.id);
  });

  it('is online for 5 minutes after the last heartbeat, then offline', async () => {
    await heartbeat(alex.headers, { status: 'online' });
    await lastSeenAgo(alex.reviewer.id, '4 minutes 50 seconds');
    expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({
      status: 'online',
      is_online: true,
    });
    await lastSeenAgo(alex.reviewer.id, '5 minutes 10 seconds');
    expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({
      status: 'offline',
      is_online: false,
    });
  });

  it('shows away as away (not online), and it expires the same way', async () => {
    await heartbeat(alex.headers, { status: 'away' });
    expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({
      status: 'away',
      is_online: false,
    });
    await lastSeenAgo(alex.reviewer.id, '6 minutes');
    expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({ status: 'offline' });
  });

  it('shows the signed song page a member views, for 2 minutes of inactivity at most', async () => {
    const res = await heartbeat(alex.headers, {
      status: 'online',
      current_activity: 'Viewing a signed song',
      viewing: { song_id: songId, page: 'marketing' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const seen = await memberIn(admin.headers, alex.reviewer.id);
    expect(seen.viewing).toMatchObject({ song_id: songId, song_title: 'Night Drive', page: 'marketing' });

    await server.database
      .asOwner('tests build rows directly')
      .execute(
        sql`update track_viewers set last_activity = now() - interval '3 minutes' where reviewer_id = ${alex.reviewer.id}`,
      );
    expect((await memberIn(admin.headers, alex.reviewer.id)).viewing).toBeNull();

    await heartbeat(alex.headers, { status: 'online', viewing: { song_id: songId, page: 'contracts' } });
    expect((await memberIn(admin.headers, alex.reviewer.id)).viewing?.page).toBe('contracts');
    // A heartbeat from a page without a song (another tab) leaves the viewing alone...
    await heartbeat(alex.headers, { status: 'online', current_activity: 'On the Overview' });
    expect((await memberIn(admin.headers, alex.reviewer.id)).viewing?.page).toBe('contracts');
    // ...leaving the song's pages ends it (stop_viewing_track)...
    const left = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/songs/${songId}/viewers`,
      headers: alex.headers,
    });
    expect(left.statusCode, left.body).toBe(204);
    expect((await memberIn(admin.headers, alex.reviewer.id)).viewing).toBeNull();
    // ...and so does going offline.
    await heartbeat(alex.headers, { status: 'online', viewing: { song_id: songId, page: 'contracts' } });
    await heartbeat(alex.headers, { status: 'offline' });
    expect((await memberIn(admin.headers, alex.reviewer.id)).viewing).toBeNull();
  });

  it('answers 404 for viewing another label’s song (or a missing one) and records nothing', async () => {
    for (const id of [outsiderSongId, randomUUID()]) {
      const res = await heartbeat(alex.headers, {
        status: 'online',
        viewing: { song_id: id, page: 'overview' },
      });
      expect(res.statusCode).toBe(404);
    }
    const rows = await server.database
      .asOwner('tests build rows directly')
      .execute(sql`select 1 from track_viewers where song_id = ${outsiderSongId}`);
    expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('refuses a bad heartbeat with a clear message', async () => {
    const badStatus = await heartbeat(alex.headers, { status: 'busy' });
    expect(badStatus.statusCode).toBe(400);
    expect(badStatus.json().error.message).toBe("status: must be 'online', 'away' or 'offline'");
    const badPage = await heartbeat(alex.headers, {
      status: 'online',
      viewing: { song_id: songId, page: 'somewhere' },
    });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.message).toMatch(/^viewing\.page: must be one of overview, contracts/);
  });

  it('never lists another label’s members, online or not', async () => {
    await heartbeat(outsider.headers, { status: 'online', current_activity: 'Elsewhere' });
    const ours = await team(admin.headers);
    expect(ours.members.map((m) => m.reviewer_id)).not.toContain(outsider.reviewer.id);
    const theirs = await team(outsider.headers);
    expect(theirs.members.map((m) => m.reviewer_id)).toEqual([outsider.reviewer.id]);
    expect(theirs.members[0]).toMatchObject({ is_online: true, current_activity: 'Elsewhere' });
  });

  it('marks the member offline on sign-out (a heartbeat with status offline)', async () => {
    await heartbeat(alex.headers, { status: 'online', viewing: { song_id: songId, page: 'chat' } });
    await heartbeat(alex.headers, { status: 'offline' });
    expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({
      status: 'offline',
      is_online: false,
      viewing: null,
    });
  });

  describe('the page-unload beacon (POST /api/presence/offline)', () => {
    it('marks the token’s own member offline, with the token in a text/plain or JSON body', async () => {
      await heartbeat(alex.headers, { status: 'online', viewing: { song_id: songId, page: 'overview' } });
      const res = await beacon({
        access_token: alex.token,
        reviewer_id: alex.reviewer.id,
        organization_id: admin.organization.id,
      });
      expect(res.statusCode, res.body).toBe(204);
      expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({
        status: 'offline',
        viewing: null,
      });

      await heartbeat(alex.headers, { status: 'online' });
      const json = await beacon({ access_token: alex.token }, 'application/json');
      expect(json.statusCode, json.body).toBe(204);
      expect(await memberIn(admin.headers, alex.reviewer.id)).toMatchObject({ status: 'offline' });
    });

    it('never marks someone else offline', async () => {
      await heartbeat(admin.headers, { status: 'online' });
      const otherReviewer = await beacon({ access_token: alex.token, reviewer_id: admin.reviewer.id });
      expect(otherReviewer.statusCode).toBe(403);
      const otherLabel = await beacon({
        access_token: alex.token,
        organization_id: outsider.organization.id,
      });
      expect(otherLabel.statusCode).toBe(403);
      const otherLabelsMember = await beacon({ access_token: alex.token, reviewer_id: outsider.reviewer.id });
      expect(otherLabelsMember.statusCode).toBe(403);
      expect(await memberIn(admin.headers, admin.reviewer.id)).toMatchObject({ status: 'online' });
      expect(await memberIn(outsider.headers, outsider.reviewer.id)).toMatchObject({ status: 'online' });
    });

    it('refuses a beacon without a valid token, or with the token of a signed-out session', async () => {
      await heartbeat(admin.headers, { status: 'online' });
      const cases: (string | object)[] = [
        { reviewer_id: admin.reviewer.id },
        { access_token: 'not-a-token', reviewer_id: admin.reviewer.id },
        { access_token: `${admin.token.slice(0, -4)}AAAA` },
        'not json',
      ];
      for (const payload of cases) {
        const res = await beacon(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(payload === 'not json' ? 400 : 401);
      }

      // A session that was signed out: its token no longer counts, even while unexpired.
      const session = await signIn(server.app, admin.email, admin.password);
      await server.app.inject({
        method: 'POST',
        url: '/auth/v1/logout',
        headers: authHeader(session.access_token),
        payload: {},
      });
      const revoked = await beacon({ access_token: session.access_token });
      expect(revoked.statusCode).toBe(401);
      expect(await memberIn(admin.headers, admin.reviewer.id)).toMatchObject({ status: 'online' });
    });
  });
});
