import type { OverviewDto, OverviewRowDto } from '@music-review/core/api';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.factory.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const titles = (body: OverviewDto) => body.songs.map((s) => s.title);

describe('GET /api/v1/overview', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let sam: Awaited<ReturnType<typeof memberOf>>;
  let kim: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  let revisedAudioKey: string;

  const overviewRaw = (headers: { authorization: string }, query: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/api/v1/overview', headers, query });
  const overview = async (headers: { authorization: string }, query: Record<string, string> = {}) => {
    const res = await overviewRaw(headers, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<OverviewDto>();
  };
  const row = (body: OverviewDto, title: string) => {
    const found = body.songs.find((s) => s.title === title);
    if (!found) throw new Error(`${title} is not listed`);
    return found;
  };

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Overview Lab');
    // Starter allows 3 users; this label needs 4.
    await server.database.asOwner('tests build rows directly').execute(
      sql`update organizations set subscription_plan_id = (select id from subscription_plans where name = 'Pro')
          where id = ${admin.organization.id}`,
    );
    alex = await memberOf(server.app, admin.inviteCode);
    sam = await memberOf(server.app, admin.inviteCode);
    kim = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const organizationId = admin.organization.id;
    const db = server.database.asOwner('tests build rows directly');
    const song = (title: string, artist: string, days: number, status = 'pending') =>
      insertSong(db, { organizationId, title, artist, submittedAt: ago(days), status });
    const review = (songId: string, reviewerId: string, scores: [number, number, number], version = 1) =>
      insertReview(db, { organizationId, songId, reviewerId, scores, version });
    const useless = (songId: string, reviewerId: string) =>
      insertReview(db, { organizationId, songId, reviewerId, scores: [0, 0, 0], isUseless: true });

    const alpha = await song('Alpha', 'Nova', 1);
    await review(alpha.id, alex.reviewer.id, [8, 7, 9]);
    await review(alpha.id, sam.reviewer.id, [6, 5, 8]);
    await review(alpha.id, kim.reviewer.id, [7, 7, 7]);
    await useless(alpha.id, admin.reviewer.id);

    const bravo = await song('Bravo', 'Kite', 2);
    await review(bravo.id, sam.reviewer.id, [10, 10, 10]);

    const charlie = await song('Charlie', 'Gold', 3, 'signed');
    await review(charlie.id, sam.reviewer.id, [4, 4, 4]);
    await review(charlie.id, admin.reviewer.id, [5, 5, 6]);

    await song('Delta', 'Dust', 4, 'passed');

    const echo = await song('Echo', 'Faded', 10);
    await useless(echo.id, sam.reviewer.id);

    const foxtrot = await insertSong(db, {
      organizationId,
      title: 'Foxtrot',
      artist: 'Twice',
      submittedAt: ago(0.5),
      audioFileKey: `${organizationId}/audio/old/v1.wav`,
    });
    await review(foxtrot.id, alex.reviewer.id, [9, 9, 9]);
    revisedAudioKey = `${organizationId}/audio/${foxtrot.id}/v2-take.wav`;
    await insertRevision(db, {
      organizationId,
      songId: foxtrot.id,
      versionNumber: 2,
      audioFileKey: revisedAudioKey,
      waveformFileKey: `${organizationId}/waveforms/${foxtrot.id}/v2.json`,
    });

    await song('Hotel 100%', 'Percent', 5);

    await insertSong(db, {
      organizationId: outsider.organization.id,
      title: 'Theirs',
      artist: 'Them',
      submittedAt: ago(1),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every song of the label, in all statuses, newest submission first, with the team and threshold', async () => {
    const body = await overview(alex.headers);
    expect(titles(body)).toEqual(['Foxtrot', 'Alpha', 'Bravo', 'Charlie', 'Delta', 'Hotel 100%', 'Echo']);
    expect(body.total).toBe(7);
    expect(body.team_size).toBe(4);
    expect(body.sixty_percent_threshold).toBe(3);
  });

  it('counts the current version only, useless marks apart, and averages to one decimal without them', async () => {
    const body = await overview(alex.headers);
    expect(row(body, 'Alpha')).toEqual<OverviewRowDto>({
      id: expect.any(String),
      title: 'Alpha',
      artist: 'Nova',
      status: 'pending',
      submitted_at: expect.any(String),
      days_left: 6,
      deadline_badge: '6 days left',
      current_version_number: 1,
      has_revisions: false,
      review_count: 4,
      useless_count: 1,
      reviewed_by_me: true,
      averages: { musical: 7, artist: 6.3, overall: 8 },
      has_sixty_percent_reviews: true,
      audio_file_key: null,
      waveform_file_key: null,
    });
    // Alex reviewed version 1 only: on version 2 that no longer counts, and the files are version 2's.
    expect(row(body, 'Foxtrot')).toMatchObject({
      current_version_number: 2,
      has_revisions: true,
      review_count: 0,
      reviewed_by_me: false,
      artist: null,
      averages: null,
      audio_file_key: revisedAudioKey,
      waveform_file_key: expect.stringMatching(/\/waveforms\/.+\/v2\.json$/),
    });
    // Only a useless mark, after the window closed: averages shown but empty.
    expect(row(body, 'Echo')).toMatchObject({
      review_count: 1,
      useless_count: 1,
      days_left: -3,
      deadline_badge: 'Expired',
      averages: { musical: null, artist: null, overall: null },
      has_sixty_percent_reviews: false,
    });
  });

  it('hides the artist until reviewed or signed, and averages until reviewed, decided or past the window', async () => {
    const body = await overview(alex.headers);
    expect(row(body, 'Bravo')).toMatchObject({ artist: null, averages: null, review_count: 1 });
    expect(row(body, 'Charlie')).toMatchObject({
      artist: 'Gold',
      averages: { musical: 4.5, artist: 4.5, overall: 5 },
    });
    expect(row(body, 'Delta')).toMatchObject({
      artist: null,
      averages: { musical: null, artist: null, overall: null },
    });
    // Sam reviewed Bravo: sam sees both.
    const samView = await overview(sam.headers);
    expect(row(samView, 'Bravo')).toMatchObject({
      artist: 'Kite',
      reviewed_by_me: true,
      averages: { musical: 10, artist: 10, overall: 10 },
    });
  });

  it('sorts on averages by what the viewer may see, so a hidden average does not leak through the order', async () => {
    const desc = await overview(alex.headers, { sort: 'musical', order: 'desc' });
    // Bravo's hidden 10 sorts with the songs that have no average, after every visible one.
    expect(titles(desc).slice(0, 2)).toEqual(['Alpha', 'Charlie']);
    const asc = await overview(alex.headers, { sort: 'musical', order: 'asc' });
    expect(titles(asc).slice(0, 2)).toEqual(['Charlie', 'Alpha']);
    const overall = await overview(alex.headers, { sort: 'overall' });
    expect(titles(overall).slice(0, 2)).toEqual(['Alpha', 'Charlie']);
    const samView = await overview(sam.headers, { sort: 'artist_score', order: 'desc' });
    expect(titles(samView).slice(0, 3)).toEqual(['Bravo', 'Alpha', 'Charlie']);
  });

  it('sorts by title, status, version, review count and days left', async () => {
    expect(titles(await overview(alex.headers, { sort: 'title', order: 'asc' }))).toEqual([
      'Alpha',
      'Bravo',
      'Charlie',
      'Delta',
      'Echo',
      'Foxtrot',
      'Hotel 100%',
    ]);
    const byStatus = titles(await overview(alex.headers, { sort: 'status', order: 'asc' }));
    expect(byStatus[0]).toBe('Delta');
    expect(byStatus.at(-1)).toBe('Charlie');
    expect(titles(await overview(alex.headers, { sort: 'version' }))[0]).toBe('Foxtrot');
    expect(titles(await overview(alex.headers, { sort: 'reviews' })).slice(0, 2)).toEqual([
      'Alpha',
      'Charlie',
    ]);
    const byDaysLeft = await overview(alex.headers, { sort: 'days_left', order: 'asc' });
    expect(titles(byDaysLeft).slice(0, 2)).toEqual(['Echo', 'Hotel 100%']);
    const daysLeft = byDaysLeft.songs.map((s) => s.days_left);
    expect(daysLeft).toEqual([...daysLeft].sort((a, b) => a - b));
  });

  it('filters by status, by the 60 percent marker and by what the viewer reviewed', async () => {
    const signed = await overview(alex.headers, { status: 'signed' });
    expect(titles(signed)).toEqual(['Charlie']);
    expect(signed.total).toBe(1);
    expect(titles(await overview(alex.headers, { status: 'pending' }))).toEqual([
      'Foxtrot',
      'Alpha',
      'Bravo',
      'Hotel 100%',
      'Echo',
    ]);
    expect(titles(await overview(alex.headers, { status: 'passed' }))).toEqual(['Delta']);
    const ready = await overview(alex.headers, { ready: 'true' });
    expect(titles(ready)).toEqual(['Alpha']);
    expect(ready.songs.every((s) => s.has_sixty_percent_reviews)).toBe(true);
    expect(titles(await overview(alex.headers, { mine: 'reviewed' }))).toEqual(['Alpha']);
    const unreviewed = await overview(alex.headers, { mine: 'unreviewed' });
    expect(unreviewed.total).toBe(6);
    expect(titles(unreviewed)).not.toContain('Alpha');
  });

  it('searches titles, and artists only where the viewer may see them, matching the text literally', async () => {
    expect(titles(await overview(alex.headers, { q: 'ALP' }))).toEqual(['Alpha']);
    expect(titles(await overview(alex.headers, { q: 'nova' }))).toEqual(['Alpha']);
    expect(titles(await overview(alex.headers, { q: 'gold' }))).toEqual(['Charlie']);
    // Bravo's artist is hidden from alex: searching for it must not reveal the song.
    expect((await overview(alex.headers, { q: 'kite' })).total).toBe(0);
    expect(titles(await overview(sam.headers, { q: 'kite' }))).toEqual(['Bravo']);
    expect(titles(await overview(alex.headers, { q: '%' }))).toEqual(['Hotel 100%']);
    expect(titles(await overview(alex.headers, { q: '_' }))).toEqual([]);
    expect((await overview(alex.headers, { q: '   ' })).total).toBe(7);
  });

  it('pages with limit and offset and always reports the total', async () => {
    const first = await overview(alex.headers, { limit: '3' });
    expect(titles(first)).toEqual(['Foxtrot', 'Alpha', 'Bravo']);
    expect(first.total).toBe(7);
    const second = await overview(alex.headers, { limit: '3', offset: '3' });
    expect(titles(second)).toEqual(['Charlie', 'Delta', 'Hotel 100%']);
    const last = await overview(alex.headers, { limit: '3', offset: '6' });
    expect(titles(last)).toEqual(['Echo']);
    const beyond = await overview(alex.headers, { offset: '50' });
    expect(beyond).toMatchObject({ songs: [], total: 7, team_size: 4, sixty_percent_threshold: 3 });
  });

  it('refuses unknown sorts and bad paging with a clear 400', async () => {
    const badSort = await overviewRaw(alex.headers, { sort: 'artist' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().error).toEqual({
      code: 'validation_failed',
      message:
        'sort: must be one of submitted_at, title, status, version, reviews, musical, artist_score, overall, days_left',
      fields: {
        sort: 'Must be one of submitted_at, title, status, version, reviews, musical, artist_score, overall, days_left',
      },
    });
    const badQueries: Array<Record<string, string>> = [
      { limit: '0' },
      { limit: '201' },
      { limit: 'ten' },
      { offset: '-1' },
      { order: 'up' },
      { status: 'maybe' },
      { mine: 'yours' },
      { ready: 'yes' },
    ];
    for (const query of badQueries) {
      const res = await overviewRaw(alex.headers, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.message).toMatch(new RegExp(`^${Object.keys(query)[0]}: `));
      expect(Object.keys(res.json().error.fields)).toEqual(Object.keys(query));
    }
  });

  it("never shows another label's songs, and needs a member", async () => {
    const theirs = await overview(outsider.headers);
    expect(titles(theirs)).toEqual(['Theirs']);
    expect(theirs.team_size).toBe(1);
    expect((await overviewRaw({ authorization: 'Bearer nope' })).statusCode).toBe(401);
  });
});
