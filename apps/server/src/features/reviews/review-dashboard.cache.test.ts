import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVersionedCache } from '../../platform/cache/versioned-cache.ts';
import { adminWithLabel, authHeader, memberOf } from '../../test/api-helpers.ts';
import { createTestServer, type TestServer } from '../../test/harness.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { nextDaysLeftChange } from './review-dashboard.cache.ts';
import { createReviewsService } from './reviews.service.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe('nextDaysLeftChange', () => {
  const submitted = new Date('2026-01-01T12:00:00.000Z'); // deadline 2026-01-08T12:00Z

  it('is the instant the remaining time crosses the next whole day', () => {
    // 6.5 days left shows 7; it shows 6 from 6 days before the deadline.
    const now = new Date(submitted.getTime() + 0.5 * DAY);
    expect(nextDaysLeftChange(submitted, now)).toBe(submitted.getTime() + DAY);
  });

  it('on an exact day boundary, is the next one (the value at now is already the new one)', () => {
    const now = new Date(submitted.getTime() + DAY);
    expect(nextDaysLeftChange(submitted, now)).toBe(submitted.getTime() + 2 * DAY);
  });

  it('for a song about to expire, is its deadline', () => {
    const now = new Date(submitted.getTime() + 7 * DAY - HOUR);
    expect(nextDaysLeftChange(submitted, now)).toBe(submitted.getTime() + 7 * DAY);
  });

  it('keeps stepping after the deadline (expired cards carry negative days)', () => {
    const now = new Date(submitted.getTime() + 9.25 * DAY);
    expect(nextDaysLeftChange(submitted, now)).toBe(submitted.getTime() + 10 * DAY);
  });
});

describe('versioned cache entries', () => {
  const dto = {
    pending: [],
    reviewed: [],
    pending_count: 0,
    reviewed_has_more: false,
    reviewed_next_cursor: null,
    team_size: 1,
    sixty_percent_threshold: 1,
  };
  const now = new Date('2026-01-01T00:00:00.000Z');

  it('answers only for the same version and before the entry expires', () => {
    const cache = createVersionedCache<typeof dto>();
    cache.set('org/r1', { version: '4', validUntil: now.getTime() + 1000, value: dto });
    expect(cache.get('org/r1', '4', now)).toBe(dto);
    expect(cache.get('org/r2', '4', now)).toBeUndefined();
    expect(cache.get('org/r1', '5', now)).toBeUndefined();
    // A miss on a newer version keeps the entry until a new one replaces it (decision 0034).
    expect(cache.get('org/r1', '4', now)).toBe(dto);
    cache.set('org/r1', { version: '5', validUntil: now.getTime() + 1000, value: dto });
    expect(cache.get('org/r1', '4', now)).toBeUndefined();
    expect(cache.get('org/r1', '5', now)).toBe(dto);
    cache.set('org/r1', { version: '4', validUntil: now.getTime() + 1000, value: dto });
    expect(cache.get('org/r1', '4', new Date(now.getTime() + 1000))).toBeUndefined();
  });

  it('drops the least recently used entry when full', () => {
    const cache = createVersionedCache<typeof dto>(2);
    const entry = { version: '1', validUntil: now.getTime() + 1000, value: dto };
    cache.set('org/a', entry);
    cache.set('org/b', entry);
    expect(cache.get('org/a', '1', now)).toBe(dto);
    cache.set('org/c', entry);
    expect(cache.size).toBe(2);
    expect(cache.get('org/b', '1', now)).toBeUndefined();
    expect(cache.get('org/a', '1', now)).toBe(dto);
    expect(cache.get('org/c', '1', now)).toBe(dto);
  });
});

describe('cached review dashboard stays current', () => {
  let server: TestServer;
  let admin: Awaited<ReturnType<typeof adminWithLabel>>;
  let alex: Awaited<ReturnType<typeof memberOf>>;
  let songId: string;

  const dashboard = async (headers: { authorization: string }) => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/review-dashboard', headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { pending: Array<{ id: string; title: string; review_count: number }> };
  };
  const card = async (headers: { authorization: string }) =>
    (await dashboard(headers)).pending.find((c) => c.id === songId);

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminWithLabel(server.app, 'Cache Lab');
    alex = await memberOf(server.app, admin.inviteCode);
    songId = (
      await insertSong(server.database.asOwner('tests build rows directly'), {
        organizationId: admin.organization.id,
        title: 'First Light',
        artist: 'Aurora',
        submittedAt: new Date(Date.now() - DAY),
      })
    ).id;
  });
  afterAll(() => server.close());

  it("shows another member's review at once", async () => {
    const headers = authHeader(admin.session.access_token);
    expect((await card(headers))?.review_count).toBe(0);
    expect((await card(headers))?.review_count).toBe(0);
    const res = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/songs/${songId}/reviews/mine`,
      headers: authHeader(alex.session.access_token),
      payload: { musical_score: 8, artist_score: 7, overall_score: 9, comment: null },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((await card(headers))?.review_count).toBe(1);
  });

  it('shows a change made by any writer, not only the API (the triggers raise the version)', async () => {
    const headers = authHeader(admin.session.access_token);
    expect((await card(headers))?.title).toBe('First Light');
    await server.database
      .asOwner('tests build rows directly')
      .execute(sql`update songs set title = 'First Light (Edit)' where id = ${songId}`);
    expect((await card(headers))?.title).toBe('First Light (Edit)');
  });

  it('shows a new song and a new team member at once', async () => {
    const headers = authHeader(admin.session.access_token);
    const before = await dashboard(headers);
    const added = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      title: 'Second Light',
      artist: 'Aurora',
    });
    const after = await dashboard(headers);
    expect(after.pending.map((c) => c.id)).toContain(added.id);
    expect(after.pending).toHaveLength(before.pending.length + 1);
    const teamBefore = ((await dashboard(headers)) as unknown as { team_size: number }).team_size;
    await memberOf(server.app, admin.inviteCode);
    const teamAfter = ((await dashboard(headers)) as unknown as { team_size: number }).team_size;
    expect(teamAfter).toBe(teamBefore + 1);
  });

  it('drops a pending song whose deadline passes while nothing else changes', async () => {
    const service = createReviewsService(server.ctx);
    // A member is resolved per request, with the label's data version of that moment.
    const member = () =>
      server.ctx.auth.requireMember({ headers: authHeader(admin.session.access_token) } as never);
    const submitted = new Date(Date.now() - 6 * DAY - 23 * HOUR);
    const late = await insertSong(server.database.asOwner('tests build rows directly'), {
      organizationId: admin.organization.id,
      title: 'Almost Late',
      artist: 'Clock',
      submittedAt: submitted,
    });
    const now = new Date();
    const first = await service.dashboard(await member(), now);
    expect(first.pending.find((c) => c.id === late.id)?.deadline_badge).toBe('1 days left');
    const again = await service.dashboard(await member(), new Date(now.getTime() + 1000));
    expect(again).toBe(first);
    const afterDeadline = new Date(submitted.getTime() + 7 * DAY + 1000);
    const later = await service.dashboard(await member(), afterDeadline);
    expect(later.pending.map((c) => c.id)).not.toContain(late.id);
  });

  it('computes once for requests that miss together, and again after a change', async () => {
    const service = createReviewsService(server.ctx);
    const member = () =>
      server.ctx.auth.requireMember({ headers: authHeader(alex.session.access_token) } as never);
    const compute = vi.spyOn(service, 'computeDashboard');
    const resolved = await member();
    const answers = await Promise.all(Array.from({ length: 5 }, () => service.dashboard(resolved)));
    expect(compute).toHaveBeenCalledTimes(1);
    expect(new Set(answers).size).toBe(1);
    await service.dashboard(await member());
    expect(compute).toHaveBeenCalledTimes(1);
    await server.database
      .asOwner('tests build rows directly')
      .execute(sql`update songs set title = title where id = ${songId}`);
    await service.dashboard(await member());
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it("never serves one organization's dashboard to another", async () => {
    const other = await adminWithLabel(server.app, 'Other Cache Lab');
    const mine = await dashboard(authHeader(admin.session.access_token));
    const theirs = await dashboard(authHeader(other.session.access_token));
    expect(mine.pending.length).toBeGreaterThan(0);
    expect(theirs.pending).toEqual([]);
  });
});
