import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, authHeader, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.factory.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);

describe('review dashboard and reviews', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let sam: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  const ids = {} as Record<'fresh' | 'urgent' | 'expired' | 'signed' | 'revised' | 'foreign', string>;

  const dashboard = async (headers: { authorization: string }) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/review-dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const putReview = (headers: { authorization: string }, songId: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url: `/api/v1/songs/${songId}/reviews/mine`, headers, payload });

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Review Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    sam = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const org = admin.organization.id;
    const db = server.database.asOwner('tests build rows directly');
    ids.fresh = (
      await insertSong(db, { organizationId: org, title: 'Fresh', artist: 'Nova', submittedAt: ago(1) })
    ).id;
    ids.urgent = (
      await insertSong(db, {
        organizationId: org,
        title: 'Urgent',
        artist: 'Kite',
        submittedAt: ago(6.5),
        submissionSource: sam.email.toUpperCase(),
      })
    ).id;
    ids.expired = (
      await insertSong(db, { organizationId: org, title: 'Old', artist: 'Dust', submittedAt: ago(8) })
    ).id;
    ids.signed = (
      await insertSong(db, {
        organizationId: org,
        title: 'Signed',
        artist: 'Gold',
        submittedAt: ago(2),
        status: 'signed',
      })
    ).id;
    ids.revised = (
      await insertSong(db, { organizationId: org, title: 'Second Take', artist: 'Echo', submittedAt: ago(3) })
    ).id;
    await insertReview(db, {
      organizationId: org,
      songId: ids.revised,
      reviewerId: sam.reviewer.id,
      scores: [5, 5, 5],
    });
    await insertRevision(db, { organizationId: org, songId: ids.revised, versionNumber: 2 });
    ids.foreign = (
      await insertSong(db, {
        organizationId: outsider.organization.id,
        title: 'Theirs',
        artist: 'Them',
        submittedAt: ago(1),
      })
    ).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists pending songs with fewest days left first, without artist names, and leaves out expired and signed ones', async () => {
    const d = await dashboard(alex.headers);
    expect(d.pending.map((c: { title: string }) => c.title)).toEqual(['Urgent', 'Second Take', 'Fresh']);
    expect(d.pending_count).toBe(3);
    expect(d.reviewed).toEqual([]);
    const urgent = d.pending[0];
    expect(urgent.artist).toBeNull();
    expect(urgent.deadline_badge).toBe('1 days left');
    expect(d.pending[2].deadline_badge).toBe('6 days left');
    expect(d.pending[1]).toMatchObject({ current_version_number: 2, has_revisions: true, review_count: 0 });
    expect(d.team_size).toBe(3);
    expect(d.sixty_percent_threshold).toBe(2);
  });

  it('counts only reviews of the current version: a v1 review leaves a v2 song pending', async () => {
    const d = await dashboard(sam.headers);
    expect(d.pending.map((c: { title: string }) => c.title)).toContain('Second Take');
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${ids.revised}/reviews`,
      headers: sam.headers,
    });
    const body = res.json();
    expect(body.current_version_number).toBe(2);
    expect(body.my_review).toBeNull();
    expect(body.earlier).toHaveLength(1);
    expect(body.earlier[0]).toMatchObject({ song_version_number: 1, musical_score: 5 });
  });

  it('a submitted review moves the song to My Reviews with the artist and one-decimal averages', async () => {
    const first = await putReview(alex.headers, ids.fresh, {
      musical_score: 8,
      artist_score: 7,
      overall_score: 9,
      comment: ' Great hook ',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ musical_score: 8, comment: 'Great hook', song_version_number: 1 });

    const edited = await putReview(alex.headers, ids.fresh, {
      musical_score: 7,
      artist_score: 7,
      overall_score: 8,
    });
    expect(edited.statusCode).toBe(200);

    const d = await dashboard(alex.headers);
    expect(d.pending.map((c: { title: string }) => c.title)).not.toContain('Fresh');
    expect(d.reviewed).toHaveLength(1);
    expect(d.reviewed_has_more).toBe(false);
    expect(d.reviewed[0]).toMatchObject({
      title: 'Fresh',
      artist: 'Nova',
      reviewed_by_me: true,
      review_count: 1,
      averages: { musical: 7, artist: 7, overall: 8 },
      has_sixty_percent_reviews: false,
    });
  });

  it('hides the other reviews of the current version until the caller has submitted (no anchoring)', async () => {
    const before = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${ids.fresh}/reviews`,
      headers: sam.headers,
    });
    expect(before.json()).toMatchObject({ my_review: null, current: [], hidden_count: 1 });

    expect(
      (await putReview(sam.headers, ids.fresh, { musical_score: 6, artist_score: 8, overall_score: 6 }))
        .statusCode,
    ).toBe(201);
    const after = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${ids.fresh}/reviews`,
      headers: sam.headers,
    });
    const body = after.json();
    expect(body.hidden_count).toBe(0);
    expect(body.current.map((r: { reviewer_name: string }) => r.reviewer_name).sort()).toEqual(
      [alex.name, sam.name].sort(),
    );

    // Two of three reviewers: the 60 percent marker (ceil(0.6 * 3) = 2) is reached, averages to one decimal.
    const d = await dashboard(sam.headers);
    expect(d.reviewed.find((c: { title: string }) => c.title === 'Fresh')).toMatchObject({
      review_count: 2,
      has_sixty_percent_reviews: true,
      averages: { musical: 6.5, artist: 7.5, overall: 7 },
    });
  });

  it('refuses scores outside 1 to 10 with a clear message', async () => {
    for (const bad of [0, 11, 7.5]) {
      const res = await putReview(alex.headers, ids.urgent, {
        musical_score: bad,
        artist_score: 5,
        overall_score: 5,
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await putReview(alex.headers, ids.urgent, {
      musical_score: 0,
      artist_score: 5,
      overall_score: 5,
    });
    expect(res.json().error.message).toBe('Scores go from 1 to 10');
  });

  it('names every field at fault in one answer, each message by its field', async () => {
    const res = await putReview(alex.headers, ids.urgent, {
      musical_score: 0,
      artist_score: 11,
      overall_score: 'eight',
      comment: 'x'.repeat(5001),
    });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Scores go from 1 to 10');
    expect(error.fields).toEqual({
      musical_score: 'Scores go from 1 to 10',
      artist_score: 'Scores go from 1 to 10',
      overall_score: expect.stringMatching(/expected number/i),
      comment: expect.stringMatching(/5000/),
    });
    // A problem with the body as a whole names no field: no `fields` then.
    const missing = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/songs/${ids.urgent}/reviews/mine`,
      headers: { ...alex.headers, 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toBeUndefined();
  });

  it('shows a team member as the submitter instead of their email', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs/${ids.urgent}`,
      headers: alex.headers,
    });
    expect(res.json()).toMatchObject({ title: 'Urgent', submission_source: sam.name, artist: null });
  });

  it('lists songs newest first, pages with a cursor, and leaves signed songs out unless asked', async () => {
    const page1 = await server.app.inject({
      method: 'GET',
      url: '/api/v1/songs?limit=2',
      headers: admin.headers,
    });
    const body1 = page1.json();
    expect(body1.songs.map((s: { title: string }) => s.title)).toEqual(['Fresh', 'Second Take']);
    expect(body1.next_cursor).toBeTruthy();
    const page2 = await server.app.inject({
      method: 'GET',
      url: `/api/v1/songs?limit=2&cursor=${body1.next_cursor}`,
      headers: admin.headers,
    });
    expect(page2.json().songs.map((s: { title: string }) => s.title)).toEqual(['Urgent', 'Old']);
    expect(page2.json().next_cursor).toBeNull();
    const all = await server.app.inject({
      method: 'GET',
      url: '/api/v1/songs?include_signed=true',
      headers: admin.headers,
    });
    expect(all.json().songs.map((s: { title: string }) => s.title)).toContain('Signed');
    const bad = await server.app.inject({
      method: 'GET',
      url: '/api/v1/songs?cursor=garbage',
      headers: admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('only an admin signs or passes; a decided song leaves the review lists', async () => {
    const byMember = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${ids.urgent}/sign`,
      headers: alex.headers,
    });
    expect(byMember.statusCode).toBe(403);
    const signed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${ids.urgent}/sign`,
      headers: admin.headers,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ status: 'signed', artist: 'Kite' });
    const passed = await server.app.inject({
      method: 'POST',
      url: `/api/v1/songs/${ids.expired}/pass`,
      headers: admin.headers,
    });
    expect(passed.json().status).toBe('passed');

    const d = await dashboard(alex.headers);
    expect(d.pending.map((c: { title: string }) => c.title)).not.toContain('Urgent');
    const late = await putReview(alex.headers, ids.urgent, {
      musical_score: 5,
      artist_score: 5,
      overall_score: 5,
    });
    expect(late.statusCode).toBe(409);
  });

  it("answers 404 for another organization's song everywhere", async () => {
    const h = alex.headers;
    for (const [method, url] of [
      ['GET', `/api/v1/songs/${ids.foreign}`],
      ['GET', `/api/v1/songs/${ids.foreign}/reviews`],
      ['POST', `/api/v1/songs/${ids.foreign}/sign`],
    ] as const) {
      const res = await server.app.inject({ method, url, headers: method === 'POST' ? admin.headers : h });
      expect(res.statusCode, url).toBe(404);
    }
    const review = await putReview(h, ids.foreign, { musical_score: 5, artist_score: 5, overall_score: 5 });
    expect(review.statusCode).toBe(404);
    const theirs = await dashboard(authHeader(outsider.token));
    expect(theirs.pending.map((c: { title: string }) => c.title)).toEqual(['Theirs']);
    // And nothing of theirs was written by the attempts.
    const rows = await server.database
      .asOwner('tests build rows directly')
      .execute(sql`select count(*)::int as n from reviews where song_id = ${ids.foreign}`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('an empty label still reports its team size and threshold', async () => {
    const lonely = await adminWithLabel(server.app, 'Empty Room');
    const d = await dashboard(lonely.headers);
    expect(d).toMatchObject({
      pending: [],
      reviewed: [],
      pending_count: 0,
      team_size: 1,
      sixty_percent_threshold: 1,
    });
  });
});
