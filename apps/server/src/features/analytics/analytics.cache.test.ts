/**
 * Analytics answers cached per label and query against the label's data version (decision 0030,
 * "Cached answers"; analytics-cache.ts, migration 0023). A hit is proven without timing: the cache
 * counts each endpoint's computations. Every kind of change the answers depend on makes the next
 * request compute again, with the changed answer; another label's change does not; the plan gate
 * comes before the cache; ANALYTICS_CACHE_ENTRIES=0 turns it off. The data set and its figures:
 * analytics-test-helpers.ts (lines L1..L3, M1..M3, C1..C8, E1, E2 named as there). The range asked
 * is 2025-04..2025-06 (previous 2025-01..03, a year earlier 2024-04..06). PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '../../platform/auth/request-auth.ts';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel, setPlan } from '../../test/api-helpers.ts';
import { gate } from '../../test/gate.ts';
import { createTestServer, type TestServer, testDbKind } from '../../test/harness.ts';
import {
  createFinanceTestServer,
  DISTROKID_HEADER,
  financeLabel,
  tableText,
} from '../royalties/royalties-test-helpers.ts';
import { insertSong } from '../songs/songs.factory.ts';
import { type AnalyticsAnswer, analyticsCache, nextUtcDay, queryKey } from './analytics-cache.ts';
import {
  type AnalyticsDataSet,
  buildAnalyticsDataSet,
  importStatement,
  UNMATCHED_ISRC,
  UPCS,
} from './analytics-test-helpers.ts';
import { createArAnalyticsService } from './ar.service.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;
type Headers = { authorization: string };
// biome-ignore lint/suspicious/noExplicitAny: answers are read as loose JSON
type Json = Record<string, any>;

const RANGE = 'from=2025-04&to=2025-06';
/** The funnel's range: one ISO week holding the demo made below. */
const WEEK = 'from=2025-03-03&to=2025-03-09';

describe('analytics answers cached per label against the data version', () => {
  let server: TestServer;
  let label: Label;
  let other: Label;
  let data: AnalyticsDataSet;
  let demoId: string;

  const cache = () => analyticsCache(server.ctx);
  const get = (headers: Headers, url: string) => server.app.inject({ method: 'GET', url, headers });
  const put = (headers: Headers, url: string, payload: Record<string, unknown>) =>
    server.app.inject({ method: 'PUT', url, headers, payload });
  const ok = async (url: string, headers: Headers = label.headers): Promise<Json> => {
    const res = await get(headers, url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const owner = () => server.database.asOwner('tests read data versions directly');
  /** The label's data version and income version (migration 0024). */
  const versions = async (org: string) => {
    const [row] = await queryRows<{ version: string; income_version: string }>(
      owner(),
      sql`select version::text as version, income_version::text as income_version
          from organization_data_versions where organization_id = ${org}`,
    );
    return { data: BigInt(row?.version ?? '0'), income: BigInt(row?.income_version ?? '0') };
  };
  /**
   * What `step` did to the computations of an endpoint: 0 when every request in it was served from
   * the cache.
   */
  const computedDuring = async <T>(answer: AnalyticsAnswer, step: () => Promise<T>) => {
    const before = cache().computations(answer);
    const result = await step();
    return { result, computed: cache().computations(answer) - before };
  };
  const memberOf = (headers: Headers) =>
    server.ctx.auth.requireMember({ headers } as unknown as FastifyRequest);

  beforeAll(async () => {
    server = await createFinanceTestServer();
    label = await financeLabel(server, 'Cached Analytics Records');
    other = await financeLabel(server, 'Other Cached Analytics Records');
    data = await buildAnalyticsDataSet(server, label);
    // One demo received in the funnel's week, not reviewed yet.
    const org = label.organization.id;
    const song = await server.database.withOrg(org, (tx) =>
      insertSong(tx, {
        organizationId: org,
        title: 'Cache Demo',
        artist: 'Cache Artist',
        submittedAt: new Date('2025-03-04T10:00:00Z'),
      }),
    );
    demoId = song.id;
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('serves a second identical request of every cached endpoint from the cache', async () => {
    const urls: Array<[AnalyticsAnswer, string]> = [
      ['performance', `/api/v1/analytics/performance?${RANGE}`],
      ['breakdown', `/api/v1/analytics/breakdown?${RANGE}&dimension=track`],
      ['missing_income', '/api/v1/analytics/missing-income'],
      ['catalogue_value', '/api/v1/analytics/catalogue-value'],
      ['funnel', `/api/v1/analytics/funnel?${WEEK}`],
      ['demo_revenue', '/api/v1/analytics/demo-revenue'],
    ];
    for (const [answer, url] of urls) {
      const first = await computedDuring(answer, () => ok(url));
      expect(first.computed, url).toBe(1);
      const second = await computedDuring(answer, () => ok(url));
      expect(second.computed, url).toBe(0);
      expect(second.result, url).toEqual(first.result);
    }
    expect(cache().size).toBeGreaterThanOrEqual(urls.length);

    // The figures served are the label's (C1..C8 39.97 + E2 1.5 EUR x 1.1 = 1.65).
    const performance = await ok(`/api/v1/analytics/performance?${RANGE}`);
    expect(performance.totals.current).toEqual({ income: '41.62', units: 10304, streams: 10300 });
    // Twelve months to 2025-06, matched lines only: M1..M3 9.7 + C1..C5, C7, C8 38.17 + E1 2 x 1.2
    // + E2 1.5 x 1.1 = 51.92.
    expect((await ok('/api/v1/analytics/catalogue-value')).total.net).toBe('51.92');
  });

  it('files a query under its normalised form: field order, empty filters and the case of ids do not matter', async () => {
    const release = data.releases.nightDriveEp;
    const first = await computedDuring('performance', () =>
      ok(`/api/v1/analytics/performance?${RANGE}&release=${release.toUpperCase()}&store=`),
    );
    const again = await computedDuring('performance', () =>
      ok(`/api/v1/analytics/performance?release=${release}&to=2025-06&from=2025-04&artist=`),
    );
    expect([first.computed, again.computed]).toEqual([1, 0]);
    // Night Drive EP's lines in the range, whatever the case of its id: C1 10.5, C3 6, C5 2.97, and
    // C7 3.2 (matched by its ISRC alone: its recording's first release).
    expect(again.result.totals.current.income).toBe('22.67');
    // Another limit or dimension is another answer.
    const limited = await computedDuring('breakdown', () =>
      ok(`/api/v1/analytics/breakdown?${RANGE}&dimension=track&limit=2`),
    );
    expect(limited.computed).toBe(1);
    expect(limited.result.rows).toHaveLength(2);

    expect(queryKey({ to: '2025-06', from: '2025-04', store: '', artist: undefined })).toBe(
      queryKey({ from: '2025-04', to: '2025-06' }),
    );
    expect(queryKey({ release: 'ABCDEF01-2345-6789-ABCD-EF0123456789' })).toBe(
      queryKey({ release: 'abcdef01-2345-6789-abcd-ef0123456789' }),
    );
    expect(queryKey({ store: 'Spotify' })).not.toBe(queryKey({ store: 'spotify' }));
  });

  it('computes once for requests that miss together', async () => {
    // Any change of the label's data (a recording's genre) makes the next requests miss.
    await server.database.withOrg(label.organization.id, (tx) =>
      tx.execute(sql`update recordings set genre = 'Lo-fi' where id = ${data.recordings.demoTape}`),
    );
    const together = await computedDuring('performance', () =>
      Promise.all([1, 2, 3].map(() => ok(`/api/v1/analytics/performance?${RANGE}`))),
    );
    expect(together.computed).toBe(1);
    expect(new Set(together.result.map((r) => JSON.stringify(r))).size).toBe(1);
  });

  it('answers again when a new import finishes', async () => {
    const url = `/api/v1/analytics/performance?${RANGE}`;
    expect((await computedDuring('performance', () => ok(url))).computed).toBe(0);
    const line = [
      '2025-06-28',
      '2025-06',
      'Spotify',
      'Nova Lane',
      'Night Drive',
      'GBAAA2400001',
      UPCS.nightDriveEp,
      '100',
      '100%',
      'Song',
      'US',
      '0',
      '5',
    ];
    const imported = await importStatement(
      server,
      label.headers,
      tableText([DISTROKID_HEADER, line]),
      'distrokid-cache.tsv',
    );
    expect(imported.status).toBe('imported');
    const after = await computedDuring('performance', () => ok(url));
    expect(after.computed).toBe(1);
    // 41.62 + 5; 100 more streams.
    expect(after.result.totals.current).toEqual({ income: '46.62', units: 10404, streams: 10400 });
  });

  it('does not answer again for an import’s progress, only for what an answer shows', async () => {
    const org = label.organization.id;
    const id = data.imports.usd2024;
    const start = await versions(org);
    await owner().execute(
      sql`update royalty_imports set bytes_read = bytes_read + 1, line_count = line_count,
            bad_line_count = bad_line_count, bad_lines = bad_lines where id = ${id}`,
    );
    expect(await versions(org)).toEqual(start);
    // The file name shows in missing income's alerts: that raises both.
    await owner().execute(sql`update royalty_imports set file_name = file_name || ' ' where id = ${id}`);
    await owner().execute(sql`update royalty_imports set file_name = btrim(file_name) where id = ${id}`);
    expect(await versions(org)).toEqual({ data: start.data + 2n, income: start.income + 2n });
  });

  it('answers again after a resolution in Unmatched', async () => {
    const byTrack = `/api/v1/analytics/breakdown?${RANGE}&dimension=track`;
    const before = await ok(byTrack);
    expect(before.rows.find((r: Json) => r.kind === 'unmatched')?.income).toBe('1.8');
    expect(
      (await computedDuring('catalogue_value', () => ok('/api/v1/analytics/catalogue-value'))).computed,
    ).toBe(1);

    const resolved = await server.app.inject({
      method: 'POST',
      url: '/api/v1/finance/unmatched/resolve',
      headers: label.headers,
      payload: {
        items: [
          {
            source: 'distrokid',
            identifier_kind: 'isrc',
            identifier: UNMATCHED_ISRC,
            recording_id: data.recordings.freshCut,
          },
        ],
      },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);

    const after = await computedDuring('breakdown', () => ok(byTrack));
    expect(after.computed).toBe(1);
    // C6 (1.8) moved from "Unmatched" to Fresh Cut: C4 12 + 1.8.
    expect(after.result.rows.find((r: Json) => r.kind === 'unmatched')).toBeUndefined();
    expect(after.result.rows.find((r: Json) => r.key === data.recordings.freshCut)?.income).toBe('13.8');
    // Catalogue value: 51.92 + the new import's 5 + C6 1.8 now matched.
    const value = await computedDuring('catalogue_value', () => ok('/api/v1/analytics/catalogue-value'));
    expect(value.computed).toBe(1);
    expect(value.result.total.net).toBe('58.72');
  });

  it("answers again when a period's rates change", async () => {
    const url = `/api/v1/analytics/performance?${RANGE}`;
    expect((await computedDuring('performance', () => ok(url))).computed).toBe(1);
    expect((await computedDuring('performance', () => ok(url))).computed).toBe(0);
    const saved = await put(label.headers, `/api/v1/finance/periods/${data.periods.q2_2025}/rates`, {
      rates: [{ from: 'EUR', to: 'USD', rate: '1.3' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await computedDuring('performance', () => ok(url));
    expect(after.computed).toBe(1);
    // E2: 1.5 EUR x 1.3 = 1.95 instead of 1.65: 46.62 - 1.65 + 1.95.
    expect(after.result.totals.current.income).toBe('46.92');
    expect(after.result.rates_used.find((r: Json) => r.months.includes('2025-05'))?.rate).toBe('1.3');
  });

  it('answers again when the reporting currency changes', async () => {
    const url = `/api/v1/analytics/performance?${RANGE}`;
    expect((await computedDuring('performance', () => ok(url))).computed).toBe(0);
    const saved = await put(label.headers, '/api/v1/finance/settings', { reporting_currency: 'EUR' });
    expect(saved.statusCode, saved.body).toBe(200);
    try {
      const after = await computedDuring('performance', () => ok(url));
      expect(after.computed).toBe(1);
      expect(after.result.reporting_currency).toBe('EUR');
      // Only E2 is in euros; no period has USD -> EUR: the dollars are answered apart
      // (39.97 + 5; before M1..M3 9.7; a year earlier L1..L3 6.15).
      expect(after.result.totals.current.income).toBe('1.5');
      expect(after.result.not_converted).toEqual([
        { currency: 'USD', income: '44.97', previous_income: '9.7', year_ago_income: '6.15' },
      ]);
    } finally {
      const back = await put(label.headers, '/api/v1/finance/settings', { reporting_currency: 'USD' });
      expect(back.statusCode, back.body).toBe(200);
    }
    const back = await computedDuring('performance', () => ok(url));
    expect(back.computed).toBe(1);
    expect(back.result.reporting_currency).toBe('USD');
    expect(back.result.totals.current.income).toBe('46.92');
  });

  it("answers again when a recording's title changes, whoever writes it", async () => {
    const url = `/api/v1/analytics/breakdown?${RANGE}&dimension=track`;
    const before = await ok(url);
    expect(before.rows.find((r: Json) => r.key === data.recordings.nightDrive)?.label).toBe(
      'Night Drive — Nova Lane',
    );
    expect((await computedDuring('breakdown', () => ok(url))).computed).toBe(0);
    await owner().execute(
      sql`update recordings set title = 'Night Drive (Remastered)' where id = ${data.recordings.nightDrive}`,
    );
    const after = await computedDuring('breakdown', () => ok(url));
    expect(after.computed).toBe(1);
    expect(after.result.rows.find((r: Json) => r.key === data.recordings.nightDrive)?.label).toBe(
      'Night Drive (Remastered) — Nova Lane',
    );
  });

  it('renews the answers viewed in the last hour once the data changed, before anyone asks again', async () => {
    const byTrack = `/api/v1/analytics/breakdown?${RANGE}&dimension=track`;
    const performance = `/api/v1/analytics/performance?${RANGE}`;
    await cache().refresh(); // what the tests above left stale
    await ok(byTrack);
    await ok(performance);
    // Nothing changed since: nothing to renew.
    expect(await cache().refresh()).toBe(0);

    await owner().execute(
      sql`update recordings set title = 'Night Drive (Live)' where id = ${data.recordings.nightDrive}`,
    );
    const renewed = await computedDuring('breakdown', () => cache().refresh());
    // Every answer of the label viewed in the hour is computed again (the earlier tests' too).
    expect(renewed.computed).toBeGreaterThanOrEqual(1);
    expect(renewed.result).toBeGreaterThanOrEqual(2);
    const after = await computedDuring('breakdown', () => ok(byTrack));
    expect(after.computed).toBe(0);
    expect(after.result.rows.find((r: Json) => r.key === data.recordings.nightDrive)?.label).toBe(
      'Night Drive (Live) — Nova Lane',
    );
    expect((await computedDuring('performance', () => ok(performance))).computed).toBe(0);
    expect(await cache().refresh()).toBe(0);

    // An answer last viewed over an hour ago is forgotten, not renewed.
    await owner().execute(
      sql`update recordings set title = 'Night Drive (Remastered)' where id = ${data.recordings.nightDrive}`,
    );
    expect(await cache().refresh(new Date(Date.now() + 61 * 60_000))).toBe(0);
    expect((await computedDuring('breakdown', () => ok(byTrack))).computed).toBe(1);
  });

  it('answers the funnel and demo to revenue again after a review, and keeps the income answers', async () => {
    const url = `/api/v1/analytics/funnel?${WEEK}`;
    const income = [
      ['performance', `/api/v1/analytics/performance?${RANGE}`],
      ['breakdown', `/api/v1/analytics/breakdown?${RANGE}&dimension=track`],
      ['catalogue_value', '/api/v1/analytics/catalogue-value'],
      ['missing_income', '/api/v1/analytics/missing-income'],
    ] as const;
    for (const [, path] of income) await ok(path);
    await ok('/api/v1/analytics/demo-revenue');
    const before = await ok(url);
    expect((await computedDuring('funnel', () => ok(url))).computed).toBe(0);
    const start = await versions(label.organization.id);
    expect(before.totals.demos).toBe(1);
    expect(before.time_to_first_listen.count).toBe(0);
    const mine = (body: Json) => body.reviewers.find((r: Json) => r.reviewer_id === label.reviewer.id);
    expect(mine(before).reviews).toBe(0);

    const saved = await put(label.headers, `/api/v1/songs/${demoId}/reviews/mine`, {
      musical_score: 8,
      artist_score: 7,
      overall_score: 9,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const after = await computedDuring('funnel', () => ok(url));
    expect(after.computed).toBe(1);
    expect(after.result.time_to_first_listen.count).toBe(1);
    expect(mine(after.result)).toMatchObject({ reviews: 1, demos_reviewed: 1, average_overall: 9 });
    // A review moves the data version only: what the statements say is served from the cache.
    const end = await versions(label.organization.id);
    expect(end.data).toBeGreaterThan(start.data);
    expect(end.income).toBe(start.income);
    for (const [answer, path] of income)
      expect((await computedDuring(answer, () => ok(path))).computed, path).toBe(0);
    expect((await computedDuring('demo_revenue', () => ok('/api/v1/analytics/demo-revenue'))).computed).toBe(
      1,
    );
  });

  it("keeps a label's answers when another label changes, and never serves them to it", async () => {
    const url = `/api/v1/analytics/performance?${RANGE}`;
    await ok(url);
    expect((await computedDuring('performance', () => ok(url))).computed).toBe(0);
    const otherStart = await versions(other.organization.id);
    const labelStart = await versions(label.organization.id);
    const saved = await put(other.headers, '/api/v1/finance/settings', { reporting_currency: 'GBP' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await versions(other.organization.id)).income).toBeGreaterThan(otherStart.income);
    expect(await versions(label.organization.id)).toEqual(labelStart);

    const again = await computedDuring('performance', () => ok(url));
    expect(again.computed).toBe(0);
    expect(again.result.totals.current.income).toBe('46.92');
    // The same query from the other label is its own answer: no statements, in its currency.
    const theirs = await computedDuring('performance', () => ok(url, other.headers));
    expect(theirs.computed).toBe(1);
    expect(theirs.result).toMatchObject({ empty: true, reporting_currency: 'GBP' });
    expect(theirs.result.totals.current).toEqual({ income: '0', units: 0, streams: 0 });
  });

  it('checks the plan before the cache', async () => {
    const gated = [
      `/api/v1/analytics/performance?${RANGE}`,
      `/api/v1/analytics/breakdown?${RANGE}&dimension=track`,
      '/api/v1/analytics/missing-income',
      '/api/v1/analytics/catalogue-value',
      '/api/v1/analytics/demo-revenue',
    ];
    for (const url of gated) await ok(url);
    // Each answer is cached for the label; a Starter label asking the same is refused.
    const starter = await adminWithLabel(server.app, 'Starter Cached Analytics');
    for (const url of gated) {
      const res = await get(starter.headers, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('plan_required');
    }
    // The label itself moved to Starter (no data version change): refused though its answers are kept.
    await setPlan(server.database, label.organization.id, 'Starter');
    try {
      for (const url of gated) {
        const res = await get(label.headers, url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code).toBe('plan_required');
      }
      // The funnel (review data) stays open to every plan.
      await ok(`/api/v1/analytics/funnel?${WEEK}`);
    } finally {
      await setPlan(server.database, label.organization.id, 'Pro');
    }
    const back = await computedDuring('performance', () => ok(`/api/v1/analytics/performance?${RANGE}`));
    expect(back.computed).toBe(0);
  });

  it("keeps an answer that took today's date for that UTC day only", async () => {
    const member = await memberOf(label.headers);
    const service = createArAnalyticsService(server.ctx);
    const lateEvening = new Date('2025-03-05T23:00:00Z');
    const first = await computedDuring('funnel', () => service.funnel(member, {}, lateEvening));
    const sameDay = await computedDuring('funnel', () =>
      service.funnel(member, {}, new Date('2025-03-05T23:59:00Z')),
    );
    const nextDay = await computedDuring('funnel', () =>
      service.funnel(member, {}, new Date('2025-03-06T00:01:00Z')),
    );
    expect([first.computed, sameDay.computed, nextDay.computed]).toEqual([1, 0, 1]);
    expect(first.result.range.to).toBe('2025-03-05');
    expect(nextDay.result.range.to).toBe('2025-03-06');

    // The same key asked after midnight is not served either (validUntil).
    const fake = { organizationId: member.organizationId, dataVersion: '1' } as Member;
    let runs = 0;
    const compute = async () => ({ run: ++runs });
    const ask = async (now: Date) =>
      (await cache().answer(fake, 'performance', { probe: 'today' }, compute, { today: true, now })).run;
    expect(await ask(lateEvening)).toBe(1);
    expect(await ask(new Date('2025-03-05T23:59:59Z'))).toBe(1);
    expect(await ask(new Date('2025-03-06T00:00:00Z'))).toBe(2);
    expect(nextUtcDay(lateEvening)).toBe(Date.parse('2025-03-06T00:00:00Z'));
    // An answer that took no date is kept across days.
    const undated = async (now: Date) =>
      (await cache().answer(fake, 'performance', { probe: 'undated' }, compute, { now })).run;
    expect(await undated(lateEvening)).toBe(3);
    expect(await undated(new Date('2025-03-09T12:00:00Z'))).toBe(3);
  });

  it('computes every request when ANALYTICS_CACHE_ENTRIES is 0', async () => {
    const uncached = await createTestServer({ ANALYTICS_CACHE_ENTRIES: '0' }, server.database);
    try {
      const off = analyticsCache(uncached.ctx);
      expect(off.enabled).toBe(false);
      const url = `/api/v1/analytics/performance?${RANGE}`;
      const answers: Json[] = [];
      for (let i = 0; i < 2; i++) {
        const res = await uncached.app.inject({ method: 'GET', url, headers: label.headers });
        expect(res.statusCode, res.body).toBe(200);
        answers.push(res.json());
      }
      expect(off.computations('performance')).toBe(2);
      expect(off.size).toBe(0);
      // The same answer as the cached copy's.
      expect(answers[1]).toEqual(await ok(url));
    } finally {
      await uncached.close();
    }
  });

  it('answers the kept answer marked updating while the new one is computed, then the new one', async () => {
    const waiting = await createTestServer({ ANALYTICS_FRESH_WAIT_MS: '20' }, server.database);
    try {
      const kept = analyticsCache(waiting.ctx);
      const at = (income: string) =>
        ({ organizationId: label.organization.id, dataVersion: '1', incomeVersion: income }) as Member;
      const first = await kept.answer(at('1'), 'performance', { probe: 'updating' }, async () => ({ n: 1 }));
      expect(first).toEqual({ n: 1, updating: false });

      const { promise: slow, open: finish } = gate();
      const compute = async () => {
        await slow;
        return { n: 2 };
      };
      const before = kept.computations('performance');
      const during = await kept.answer(at('2'), 'performance', { probe: 'updating' }, compute);
      expect(during).toEqual({ n: 1, updating: true });
      // The same marked copy to every request meanwhile, and one computation.
      expect(await kept.answer(at('2'), 'performance', { probe: 'updating' }, compute)).toBe(during);
      expect(kept.computations('performance') - before).toBe(1);
      // An export asks for the current answer: it waits for the one being computed.
      let exported: unknown;
      const forExport = kept
        .answer(at('2'), 'performance', { probe: 'updating' }, compute, { current: true })
        .then((answer) => {
          exported = answer;
        });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(exported).toBeUndefined();
      finish();
      await slow;
      await forExport;
      expect(exported).toEqual({ n: 2, updating: false });
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(await kept.answer(at('2'), 'performance', { probe: 'updating' }, compute)).toEqual({
        n: 2,
        updating: false,
      });
      expect(kept.computations('performance') - before).toBe(1);
    } finally {
      await waiting.close();
    }
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'over HTTP: the figures from before a change, updating, while the rollups are locked; the new ones after',
    async () => {
      const waiting = await createTestServer({ ANALYTICS_FRESH_WAIT_MS: '100' }, server.database);
      const url = `/api/v1/analytics/breakdown?${RANGE}&dimension=track`;
      const get = async () => {
        const res = await waiting.app.inject({ method: 'GET', url, headers: label.headers });
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as Json;
      };
      try {
        const before = await get();
        expect(before.updating).toBe(false);
        const title = (answer: Json) =>
          answer.rows.find((r: Json) => r.key === data.recordings.nightDrive)?.label;
        await owner().execute(
          sql`update recordings set title = 'Night Drive (Updating)' where id = ${data.recordings.nightDrive}`,
        );
        // The recording rollup cannot be read until the test lets go of it.
        const locked = gate();
        const released = gate();
        const lock = server.database.withOrg(label.organization.id, async (tx) => {
          await tx.execute(sql`lock table statement_rollups_recording in access exclusive mode`);
          locked.open();
          await released.promise;
        });
        await locked.promise;
        let during: Json;
        try {
          during = await get();
        } finally {
          released.open();
          await lock;
        }
        expect(during.updating).toBe(true);
        expect({ ...during, updating: false }).toEqual(before);
        // Once computed, the new title; the page asks again while `updating` is true.
        let after = await get();
        for (let i = 0; i < 50 && after.updating; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          after = await get();
        }
        expect(after.updating).toBe(false);
        expect(title(after)).toBe('Night Drive (Updating) — Nova Lane');
      } finally {
        await waiting.close();
      }
    },
  );
});
