import { randomUUID } from 'node:crypto';
import type { TrackViewerDto } from '@music-review/core/track-viewers';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

type Headers = { authorization: string };

describe('track viewers', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let otherSongId: string;
  let outsiderSongId: string;

  const url = (id: string) => `/api/v1/songs/${id}/viewers`;
  const view = (headers: Headers, id: string, page: unknown) =>
    server.app.inject({ method: 'PUT', url: url(id), headers, payload: { page } });
  const leave = (headers: Headers, id: string) =>
    server.app.inject({ method: 'DELETE', url: url(id), headers });
  const viewers = async (headers: Headers, id: string) => {
    const res = await server.app.inject({ method: 'GET', url: url(id), headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<TrackViewerDto[]>();
  };
  /** Moves a member's last activity on a song into the past (the database's clock decides the window). */
  const lastActivityAgo = (reviewerId: string, id: string, interval: string) =>
    server.database.asOwner('tests build rows directly').execute(
      sql`update track_viewers set last_activity = now() - ${interval}::interval
          where reviewer_id = ${reviewerId} and song_id = ${id}`,
    );

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Viewer Records');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Viewer Elsewhere');
    const song = (organizationId: string, title: string) =>
      insertSong(server.database.asOwner('tests build rows directly'), {
        organizationId,
        title,
        artist: 'Nova',
        status: 'signed',
      });
    songId = (await song(admin.organization.id, 'Night Drive')).id;
    otherSongId = (await song(admin.organization.id, 'Day Walk')).id;
    outsiderSongId = (await song(outsider.organization.id, 'Not Yours')).id;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('asks for a session', async () => {
    expect((await server.app.inject({ method: 'GET', url: url(songId) })).statusCode).toBe(401);
    expect(
      (await server.app.inject({ method: 'PUT', url: url(songId), payload: { page: 'overview' } }))
        .statusCode,
    ).toBe(401);
  });

  it('lists the members on a song with their page, the latest first', async () => {
    expect(await viewers(admin.headers, songId)).toEqual([]);
    expect((await view(alex.headers, songId, 'marketing')).statusCode).toBe(204);
    expect((await view(admin.headers, songId, 'review')).statusCode).toBe(204);
    const list = await viewers(alex.headers, songId);
    expect(list.map((v) => [v.reviewer_id, v.name, v.page])).toEqual([
      [admin.reviewer.id, admin.name, 'review'],
      [alex.reviewer.id, alex.name, 'marketing'],
    ]);
    expect(list[0]).toMatchObject({ avatar_url: null, avatar_key: null });
    expect(Number.isNaN(Date.parse(list[0]!.last_activity))).toBe(false);
    // Another song of the label has its own viewers.
    expect(await viewers(admin.headers, otherSongId)).toEqual([]);
  });

  it('counts a viewer while active within 2 minutes, and again after a heartbeat', async () => {
    await view(alex.headers, songId, 'contracts');
    await lastActivityAgo(alex.reviewer.id, songId, '119 seconds');
    expect((await viewers(admin.headers, songId)).map((v) => v.reviewer_id)).toContain(alex.reviewer.id);
    await lastActivityAgo(alex.reviewer.id, songId, '121 seconds');
    expect((await viewers(admin.headers, songId)).map((v) => v.reviewer_id)).not.toContain(alex.reviewer.id);
    // The 15 s heartbeat brings them back with the page they are on now.
    await view(alex.headers, songId, 'chat');
    const back = (await viewers(admin.headers, songId)).find((v) => v.reviewer_id === alex.reviewer.id);
    expect(back?.page).toBe('chat');
  });

  it('ends the viewing of that song only when the member leaves it', async () => {
    await view(alex.headers, songId, 'overview');
    await view(alex.headers, otherSongId, 'overview');
    expect((await leave(alex.headers, songId)).statusCode).toBe(204);
    expect((await viewers(admin.headers, songId)).map((v) => v.reviewer_id)).not.toContain(alex.reviewer.id);
    expect((await viewers(admin.headers, otherSongId)).map((v) => v.reviewer_id)).toEqual([alex.reviewer.id]);
    // Leaving again is harmless.
    expect((await leave(alex.headers, songId)).statusCode).toBe(204);
  });

  it("answers 404 for another label's song or a missing one, and records nothing", async () => {
    for (const id of [outsiderSongId, randomUUID()]) {
      for (const res of [
        await view(alex.headers, id, 'overview'),
        await leave(alex.headers, id),
        await server.app.inject({ method: 'GET', url: url(id), headers: alex.headers }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().error.message).toBe('Song not found');
      }
    }
    await view(outsider.headers, outsiderSongId, 'overview');
    expect((await viewers(outsider.headers, outsiderSongId)).map((v) => v.reviewer_id)).toEqual([
      outsider.reviewer.id,
    ]);
    // The outsider's own song lists only the outsider; their label never sees ours.
    expect(
      (await viewers(outsider.headers, outsiderSongId)).some((v) => v.reviewer_id === alex.reviewer.id),
    ).toBe(false);
  });

  it('refuses a bad page or id with a clear message', async () => {
    const badPage = await view(alex.headers, songId, 'somewhere');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().error.message).toMatch(/^page: must be one of overview, contracts/);
    const badId = await server.app.inject({ method: 'GET', url: url('not-a-song'), headers: alex.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().error.message).toMatch(/id: must be a song id/);
  });
});
