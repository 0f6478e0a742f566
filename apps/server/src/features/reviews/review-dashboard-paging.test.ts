import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithLabel, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertReview, insertSong } from '../songs/songs.factory.ts';

type Card = { id: string; title: string; artist: string | null; reviewed_by_me: boolean };
type Page = { reviewed: Card[]; has_more: boolean; next_cursor: string | null };

/** My Reviews past its first 50 cards: the dashboard's cursor, then pages of the caller's reviews. */
describe('My Reviews paging', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let outsider: Awaited<ReturnType<typeof adminWithLabel>>;
  const TOTAL = 120;
  /** Song titles from the newest review to the oldest. */
  const newestFirst: string[] = [];

  const get = async (headers: { authorization: string }, url: string) => {
    const res = await server.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const page = (headers: { authorization: string }, cursor: string) =>
    get(headers, `/api/v1/review-dashboard/reviewed?cursor=${encodeURIComponent(cursor)}`) as Promise<Page>;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Paging Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    outsider = await adminWithLabel(server.app, 'Elsewhere');
    const org = admin.organization.id;
    const db = server.database.asOwner('tests build rows directly');
    const base = Date.now() - 60_000;
    for (let i = 0; i < TOTAL; i += 1) {
      const title = `Song ${String(i).padStart(3, '0')}`;
      const song = await insertSong(db, { organizationId: org, title, artist: `Artist ${i}` });
      const review = await insertReview(db, {
        organizationId: org,
        songId: song.id,
        reviewerId: alex.reviewer.id,
        scores: [7, 7, 7],
      });
      // Reviews 48 to 53 share one instant: the page boundary falls inside a tie.
      const at = i >= 48 && i <= 53 ? new Date(base - 48_000) : new Date(base - i * 1000);
      await db.execute(sql`update reviews set reviewed_at = ${at.toISOString()} where id = ${review.id}`);
    }
    for (let i = 0; i < TOTAL; i += 1) newestFirst.push(`Song ${String(i).padStart(3, '0')}`);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the dashboard lists 50, says there are more, and gives the cursor to the next page', async () => {
    const d = await get(alex.headers, '/api/v1/review-dashboard');
    expect(d.reviewed).toHaveLength(50);
    expect(d.reviewed_has_more).toBe(true);
    expect(typeof d.reviewed_next_cursor).toBe('string');
  });

  it('pages through every review once, newest first, ties included, until has_more is false', async () => {
    const d = await get(alex.headers, '/api/v1/review-dashboard');
    const seen: Card[] = [...d.reviewed];
    let cursor: string | null = d.reviewed_next_cursor;
    const sizes: number[] = [];
    while (cursor) {
      const next = await page(alex.headers, cursor);
      sizes.push(next.reviewed.length);
      seen.push(...next.reviewed);
      expect(next.has_more).toBe(next.next_cursor !== null);
      cursor = next.next_cursor;
    }
    expect(sizes).toEqual([50, 20]);
    const titles = seen.map((c) => c.title);
    expect(new Set(titles).size).toBe(TOTAL);
    // Outside the tie the order is exact; the tied six sit together at 48..53 in some order.
    expect(titles.slice(0, 48)).toEqual(newestFirst.slice(0, 48));
    expect([...titles.slice(48, 54)].sort()).toEqual(newestFirst.slice(48, 54));
    expect(titles.slice(54)).toEqual(newestFirst.slice(54));
    expect(seen.every((c) => c.reviewed_by_me && c.artist !== null)).toBe(true);
  });

  it('a review made after the first page does not shift the next one', async () => {
    const d = await get(alex.headers, '/api/v1/review-dashboard');
    const expected = await page(alex.headers, d.reviewed_next_cursor);
    const song = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      title: 'Brand New',
      artist: 'Late',
    });
    await insertReview(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      songId: song.id,
      reviewerId: alex.reviewer.id,
      scores: [5, 5, 5],
    });
    const again = await page(alex.headers, d.reviewed_next_cursor);
    expect(again.reviewed.map((c) => c.id)).toEqual(expected.reviewed.map((c) => c.id));
    const fresh = await get(alex.headers, '/api/v1/review-dashboard');
    expect(fresh.reviewed[0].title).toBe('Brand New');
  });

  it('someone else’s cursor reads only the caller’s own reviews; a malformed cursor is a 400', async () => {
    const d = await get(alex.headers, '/api/v1/review-dashboard');
    const theirs = await page(outsider.headers, d.reviewed_next_cursor);
    expect(theirs).toEqual({ reviewed: [], has_more: false, next_cursor: null });
    const mine = await page(admin.headers, d.reviewed_next_cursor);
    expect(mine.reviewed).toEqual([]);
    for (const bad of ['nonsense', '', 'eyJ4IjoxfQ']) {
      const res = await server.app.inject({
        method: 'GET',
        url: `/api/v1/review-dashboard/reviewed?cursor=${encodeURIComponent(bad)}`,
        headers: alex.headers,
      });
      expect(res.statusCode, bad).toBe(400);
    }
  });
});
