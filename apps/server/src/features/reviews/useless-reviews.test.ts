import type { OverviewDto, ReviewCardDto, ReviewDto } from '@music-review/core/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';

describe('POST /api/v1/songs/{id}/reviews/mine/useless', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let songId: string;
  let foreignId: string;

  const markUseless = (headers: { authorization: string }, id: string) =>
    server.app.inject({ method: 'POST', url: `/api/v1/songs/${id}/reviews/mine/useless`, headers });
  const putReview = (headers: { authorization: string }, id: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: `/api/v1/songs/${id}/reviews/mine`, headers, payload });
  const pendingIds = async (headers: { authorization: string }) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/review-dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ pending: { id: string }[] }>().pending.map((c) => c.id);
  };
  const overviewRow = async (headers: { authorization: string }) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/overview', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OverviewDto>().songs.find((s) => s.id === songId)!;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Useless Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const db = server.database.asOwner('tests build rows directly');
    songId = (
      await insertSong(db, { organizationId: admin.organization.id, title: 'Meh', artist: 'Someone' })
    ).id;
    foreignId = (
      await insertSong(db, { organizationId: outsider.organization.id, title: 'Theirs', artist: 'Them' })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('records a quick pass that takes the song off the caller’s pending list', async () => {
    expect(await overviewRow(alex.headers)).toMatchObject({ reviewed_by_me: false, review_count: 0 });
    const res = await markUseless(alex.headers, songId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<ReviewDto>()).toMatchObject({
      song_id: songId,
      reviewer_id: alex.reviewer.id,
      reviewer_name: alex.name,
      musical_score: 0,
      artist_score: 0,
      overall_score: 0,
      comment: null,
      song_version_number: 1,
      is_useless: true,
    });
    // Marking again replaces the same review: 200.
    expect((await markUseless(alex.headers, songId)).statusCode).toBe(200);
    expect(await overviewRow(alex.headers)).toMatchObject({
      reviewed_by_me: true,
      review_count: 1,
      useless_count: 1,
      averages: { musical: null, artist: null, overall: null },
    });
    expect(await pendingIds(alex.headers)).not.toContain(songId);
    // Other members still have it to review.
    expect(await pendingIds(admin.headers)).toContain(songId);
  });

  it('is listed, flagged, among the song’s reviews and left out of the averages', async () => {
    await putReview(admin.headers, songId, { musical_score: 6, artist_score: 7, overall_score: 8 });
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${songId}/reviews`,
      headers: alex.headers,
    });
    const body = res.json<{ my_review: ReviewDto; current: ReviewDto[] }>();
    expect(body.my_review).toMatchObject({ is_useless: true, musical_score: 0 });
    expect(body.current.map((r) => [r.reviewer_id, r.is_useless]).sort()).toEqual(
      [
        [admin.reviewer.id, false],
        [alex.reviewer.id, true],
      ].sort(),
    );
    expect(await overviewRow(alex.headers)).toMatchObject({
      review_count: 2,
      useless_count: 1,
      averages: { musical: 6, artist: 7, overall: 8 },
    });
    // The dashboard's My Reviews card: both count as reviews, only the real one in the averages.
    const res2 = await server.app.inject({
      method: 'GET',
      url: '/api/v1/review-dashboard',
      headers: alex.headers,
    });
    const card = res2.json<{ reviewed: ReviewCardDto[] }>().reviewed.find((c) => c.id === songId);
    expect(card).toMatchObject({ review_count: 2, averages: { musical: 6, artist: 7, overall: 8 } });
  });

  it('a later real review replaces the mark and clears the flag', async () => {
    const res = await putReview(alex.headers, songId, {
      musical_score: 8,
      artist_score: 8,
      overall_score: 9,
      comment: 'Grew on me',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReviewDto>()).toMatchObject({
      is_useless: false,
      musical_score: 8,
      comment: 'Grew on me',
    });
    const rows = await queryRows<{ n: number; useless: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select count(*)::int as n, (count(*) filter (where is_useless))::int as useless
          from reviews where song_id = ${songId} and reviewer_id = ${alex.reviewer.id}`,
    );
    expect(rows).toEqual([{ n: 1, useless: 0 }]);
    expect(await overviewRow(alex.headers)).toMatchObject({
      review_count: 2,
      useless_count: 0,
      averages: { musical: 7, artist: 7.5, overall: 8.5 },
    });
  });

  it("answers 404 for another label's song and 409 once the song is decided", async () => {
    const res = await markUseless(alex.headers, foreignId);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const rows = await queryRows<{ n: number }>(
      server.database.asOwner('tests build rows directly'),
      sql`select count(*)::int as n from reviews where song_id = ${foreignId}`,
    );
    expect(rows[0]!.n).toBe(0);

    await server.app.inject({ method: 'POST', url: `/api/v1/songs/${songId}/pass`, headers: admin.headers });
    expect((await markUseless(alex.headers, songId)).statusCode).toBe(409);
  });
});
