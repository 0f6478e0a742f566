/**
 * The A&R analytics (issue 17 points 2 and 3) through the API, on a small label whose every figure
 * is computed by hand below: three members (Ada the admin, Ben, Cleo: the 60 % threshold is
 * ceil(9/5) = 2 reviewers), demos received over four ISO weeks from the three kinds of source,
 * reviews at known times, decisions taken through the API (then dated for the example), one demo
 * signed into a recording with a contract advance and an imported statement crediting it; the
 * funnel, demo to revenue with recoupment before terms, with terms and after a published period,
 * whose high scores became income, bad input, another label's data, the plan gate and CSV export.
 * PGlite and PostgreSQL.
 */

import { ANALYTICS_MESSAGES } from '@music-review/core/analytics';
import { AR_MESSAGES } from '@music-review/core/analytics-ar';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import {
  adminWithLabel,
  createLabel,
  joinLabel,
  setPlan,
  signUpConfirmed,
  type TestUser,
} from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import {
  createFinanceTestServer,
  DISTROKID_HEADER,
  distroKidRow,
  financeApi,
  financeLabel,
  tableText,
} from '../royalties/royalties-test-helpers.ts';
import { insertReview, insertRevision, insertSong } from '../songs/songs.factory.ts';

// biome-ignore lint/suspicious/noExplicitAny: answers are read as loose JSON and compared whole
type Json = Record<string, any>;
type Headers = { authorization: string };
type Member = TestUser & { reviewerId: string };

const ISRC = 'GBARX2500001';
const RANGE = '?from=2025-01-06&to=2025-02-02';
const HOUR = 3_600_000;
const at = (start: string, hours: number) => new Date(Date.parse(start) + hours * HOUR);
const dk = (month: string, isrc: string, net: string) =>
  distroKidRow({ month, isrc, net, artist: 'Ivy Lane', title: 'Alpha' });

describe('A&R analytics: the funnel and demo to revenue', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let org: string;
  let ada: Member;
  let ben: Member;
  let cleo: Member;
  let other: Awaited<ReturnType<typeof financeLabel>>;
  const songs: Record<string, string> = {};
  let recordingId: string;
  let otherSongId: string;
  /** When the API decisions were taken, and the decided_at each got. */
  const decided: { before: number; after: number; times: Array<string | null> } = {
    before: 0,
    after: 0,
    times: [],
  };

  const owner = () => server.database.asOwner('tests build and date rows directly');
  const get = (headers: Headers, url: string) => server.app.inject({ method: 'GET', url, headers });
  const ok = async (headers: Headers, url: string) => {
    const res = await get(headers, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Json>();
  };
  const post = async (headers: Headers, url: string, payload?: Record<string, unknown>, status = 200) => {
    const res = await api.post(headers, url, payload);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<Json>();
  };
  const csvRows = (body: string) => parse(body, { bom: true }) as string[][];

  async function person(name: string, inviteCode?: string) {
    const user = await signUpConfirmed(server.app, { name });
    const membership = inviteCode
      ? await joinLabel(server.app, user.token, inviteCode)
      : await createLabel(server.app, user.token, 'Funnel Records');
    return { ...user, ...membership, reviewerId: membership.reviewer.id };
  }

  async function demo(
    key: string,
    title: string,
    submittedAt: string,
    source: string | null,
    status = 'pending',
    organizationId = org,
  ) {
    const row = await server.database.withOrg(organizationId, (tx) =>
      insertSong(tx, {
        organizationId,
        title,
        artist: `${title} Artist`,
        submittedAt: new Date(submittedAt),
        submissionSource: source,
        status,
      }),
    );
    songs[key] = row.id;
    return row.id;
  }

  async function review(
    key: string,
    who: { reviewerId: string },
    scores: [number, number, number],
    reviewedAt: Date,
    options: { version?: number; useless?: boolean; organizationId?: string } = {},
  ) {
    const organizationId = options.organizationId ?? org;
    await server.database.withOrg(organizationId, async (tx) => {
      const row = await insertReview(tx, {
        organizationId,
        songId: songs[key]!,
        reviewerId: who.reviewerId,
        scores,
        version: options.version ?? 1,
        isUseless: options.useless ?? false,
      });
      await tx.execute(
        sql`update reviews set reviewed_at = ${reviewedAt.toISOString()} where id = ${row.id}`,
      );
    });
  }

  /** Imports a statement in beforeAll (expect.poll works only inside a test), waiting for its job. */
  async function importStatement(headers: Headers, text: string, filename: string) {
    const key = await api.upload(headers, text, filename);
    const started = await api.post(headers, '/api/v1/finance/imports', { key, source: 'distrokid' });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json<{ id: string }>().id;
    for (let waited = 0; waited < 60_000; waited += 200) {
      const found = await api.getImport(headers, id);
      if (!['queued', 'reading'].includes(found.status)) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the import of ${filename} did not finish`);
  }

  const setDecidedAt = (key: string, when: Date) =>
    owner().execute(sql`update songs set decided_at = ${when.toISOString()} where id = ${songs[key]!}`);

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    const admin = await person('Ada Admin');
    ada = admin;
    org = admin.organization.id;
    await setPlan(server.database, org, 'Pro');
    ben = await person('Ben Bell', admin.organization.invite_code!);
    cleo = await person('Cleo Cruz', admin.organization.invite_code!);

    // The range is 6 January (Monday, 2025-W02) to 2 February 2025 (Sunday, end of W05).
    const s1 = '2025-01-06T10:00:00Z';
    await demo('alpha', 'Alpha', s1, 'ivy@artists.test');
    await review('alpha', ada, [7, 6, 8], at(s1, 2));
    await review('alpha', ben, [5, 5, 6], at(s1, 5));
    await review('alpha', cleo, [9, 8, 9], at(s1, 50)); // after the decision (+48 h)

    const s2 = '2025-01-08T12:00:00Z';
    await demo('bravo', 'Bravo', s2, ben.email.toUpperCase()); // a member's address: the team
    await review('bravo', ben, [0, 0, 0], at(s2, 1), { useless: true });
    await review('bravo', ada, [4, 4, 4], at(s2, 10));
    await server.database.withOrg(org, (tx) =>
      insertRevision(tx, { organizationId: org, songId: songs.bravo!, versionNumber: 2 }),
    );

    const s3 = '2025-01-20T09:00:00Z';
    await demo('charlie', 'Charlie', s3, 'lumen@artists.test');
    await review('charlie', cleo, [7, 7, 7], at(s3, 4));
    await demo('india', 'India', '2025-01-21T12:00:00Z', null, 'passed'); // decided, time not kept
    await demo('delta', 'Delta', '2025-01-22T00:00:00Z', '  ');
    const s5 = '2025-01-25T18:00:00Z';
    await demo('echo', 'Echo', s5, 'echo@artists.test');
    await review('echo', ada, [6, 4, 5], at(s5, 20));
    await review('echo', cleo, [3, 3, 3], at(s5, 22));
    await demo('foxtrot', 'Foxtrot', '2025-02-02T23:00:00Z', ada.email);

    // Outside the range: the Sunday before and the Monday after, and a demo signed before decision
    // times were kept: its recording (made 4 December) stands in for the decision, being sooner
    // than its contract (5 December), so Cleo's review of 4 December at noon came after it.
    await demo('zulu', 'Zulu', '2025-01-05T23:59:59Z', 'zulu@artists.test');
    await review('zulu', ben, [9, 9, 10], new Date('2025-01-06T08:00:00Z'));
    await demo('golf', 'Golf', '2025-02-03T00:00:00Z', 'golf@artists.test');
    await review('golf', ada, [10, 9, 10], new Date('2025-02-03T05:00:00Z'));
    await demo('juliet', 'Juliet', '2024-12-02T09:00:00Z', 'juliet@artists.test', 'signed');
    await review('juliet', ben, [7, 7, 7], new Date('2024-12-02T10:00:00Z'));
    await review('juliet', cleo, [9, 9, 9], new Date('2024-12-04T12:00:00Z'));
    await owner().execute(
      sql`update songs set created_at = '2024-12-02T09:00:00Z' where id = ${songs.juliet!}`,
    );
    await owner().execute(sql`insert into recordings (organization_id, title, display_artist, origin, song_id, created_at)
      values (${org}, 'Juliet', 'Juliet Artist', 'demo', ${songs.juliet!}, '2024-12-04T09:00:00Z')`);
    await owner().execute(sql`insert into contracts (organization_id, song_id, artist_name, status, created_at)
      values (${org}, ${songs.juliet!}, 'Juliet Artist', 'draft', '2024-12-05T09:00:00Z')`);

    // Decisions through the API (one bulk), timed by the server; then dated for the example.
    decided.before = Date.now();
    await post(ada.headers, `/api/v1/songs/${songs.alpha}/sign`);
    await post(ada.headers, `/api/v1/songs/${songs.bravo}/pass`);
    await post(ada.headers, '/api/v1/songs/decisions', { song_ids: [songs.echo], status: 'passed' });
    decided.after = Date.now();
    const times = await queryRows<{ decided_at: string | null }>(
      owner(),
      sql`select decided_at from songs where id in (${songs.alpha}::uuid, ${songs.bravo}::uuid, ${songs.echo}::uuid)`,
    );
    decided.times = times.map((t) => (t.decided_at === null ? null : new Date(t.decided_at).toISOString()));
    await setDecidedAt('alpha', at(s1, 48));
    await setDecidedAt('bravo', at(s2, 72));
    await setDecidedAt('echo', at(s5, 24));

    // Alpha became a recording when it was signed: its ISRC, a payee on its master split, and its
    // signed contract (50 % of net, a USD 5.00 advance).
    const [rec] = await queryRows<{ id: string }>(
      owner(),
      sql`update recordings set isrc = ${ISRC} where song_id = ${songs.alpha!} returning id`,
    );
    recordingId = rec!.id;
    await server.database.withOrg(org, async (tx) => {
      const [payee] = await queryRows<{ id: string }>(
        tx,
        sql`insert into payees (organization_id, name, currency) values (${org}, 'Ivy Music', 'USD') returning id`,
      );
      await tx.execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
        values (${org}, ${recordingId}, ${payee!.id}, 10000)`);
      await tx.execute(sql`insert into contracts (organization_id, song_id, artist_name, status, title, terms, completed_at)
        values (${org}, ${songs.alpha!}, 'Alpha Artist', 'signed', 'Recording agreement',
          ${JSON.stringify({ royalty_rate: 50, advance_cents: 500, currency: 'USD' })}::jsonb, '2025-01-09T10:00:00Z')`);
      // Analytics shows income in euros, converted with the second quarter's rate.
      await tx.execute(sql`insert into finance_settings (organization_id, reporting_currency) values (${org}, 'EUR')
        on conflict (organization_id) do update set reporting_currency = 'EUR'`);
    });
    // April and May: 10.25 + 4.50 = USD 14.75 for Alpha; a line no recording matches.
    const imported = await importStatement(
      ada.headers,
      tableText([
        DISTROKID_HEADER,
        dk('2025-04', ISRC, '10.25'),
        dk('2025-05', ISRC, '4.50'),
        dk('2025-05', 'GBARX2599999', '99'),
      ]),
      'ar-2025q2.tsv',
    );
    expect(imported.status).toBe('imported');

    // Another label, in the same weeks, with a recording under the same ISRC that earned USD 1,000.
    other = await financeLabel(server, 'Other Records');
    const otherOrg = other.organization.id;
    otherSongId = await demo(
      'other',
      'Other Song',
      '2025-01-07T09:00:00Z',
      'x@artists.test',
      'pending',
      otherOrg,
    );
    await review('other', { reviewerId: other.reviewer.id }, [10, 10, 10], at('2025-01-07T09:00:00Z', 1), {
      organizationId: otherOrg,
    });
    await post(other.headers, `/api/v1/songs/${otherSongId}/sign`);
    await owner().execute(sql`update recordings set isrc = ${ISRC} where song_id = ${otherSongId}`);
    const theirs = await importStatement(
      other.headers,
      tableText([DISTROKID_HEADER, dk('2025-04', ISRC, '1000')]),
      'other-2025q2.tsv',
    );
    expect(theirs.status).toBe('imported');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('times a decision taken through the API, one at a time or in bulk', () => {
    expect(decided.times).toHaveLength(3);
    for (const time of decided.times) {
      expect(time).not.toBeNull();
      const ms = Date.parse(time!);
      expect(ms).toBeGreaterThanOrEqual(decided.before - 1000);
      expect(ms).toBeLessThanOrEqual(decided.after + 1000);
    }
  });

  it('counts the demos received per ISO week, zero weeks included, and per source', async () => {
    const funnel = await ok(ada.headers, `/api/v1/analytics/funnel${RANGE}`);
    expect(funnel.range).toEqual({ from: '2025-01-06', to: '2025-02-02', weeks: 4 });
    expect(funnel.team_size).toBe(3);
    expect(funnel.threshold).toBe(2);
    // W02: Alpha (artist), Bravo (team). W03: none. W04: Charlie and Echo (artist), India and Delta
    // (none: no address, or only spaces). W05: Foxtrot (team), on the range's last evening.
    expect(funnel.weeks).toEqual([
      { week: '2025-W02', week_start: '2025-01-06', demos: 2, by_source: { team: 1, external: 1, none: 0 } },
      { week: '2025-W03', week_start: '2025-01-13', demos: 0, by_source: { team: 0, external: 0, none: 0 } },
      { week: '2025-W04', week_start: '2025-01-20', demos: 4, by_source: { team: 0, external: 2, none: 2 } },
      { week: '2025-W05', week_start: '2025-01-27', demos: 1, by_source: { team: 1, external: 0, none: 0 } },
    ]);
    // Threshold (2 reviewers of the current version): Alpha (3) and Echo (2); Bravo's two reviews
    // are of version 1 and it is at version 2 now; Charlie has 1.
    expect(funnel.sources).toEqual([
      {
        kind: 'team',
        label: 'Submitted by a team member',
        demos: 2,
        reached_threshold: 0,
        signed: 0,
        passed: 1,
        signed_rate: '0',
      },
      {
        kind: 'external',
        label: 'Sent in by the artist',
        demos: 3,
        reached_threshold: 2,
        signed: 1,
        passed: 1,
        signed_rate: '33.333333',
      },
      {
        kind: 'none',
        label: 'No submitter recorded',
        demos: 2,
        reached_threshold: 0,
        signed: 0,
        passed: 1,
        signed_rate: '0',
      },
    ]);
    // 7 demos; 2 of 7 = 28.571428...%; 1 signed of 7 = 14.285714...%; decided: Alpha, Bravo, Echo, India.
    expect(funnel.totals).toEqual({
      demos: 7,
      reached_threshold: 2,
      threshold_share: '28.571429',
      decided: 4,
      signed: 1,
      passed: 3,
      signed_rate: '14.285714',
    });
  });

  it('answers the times to first listen and to decision as median and 90th percentile in hours', async () => {
    const funnel = await ok(ada.headers, `/api/v1/analytics/funnel${RANGE}`);
    // First reviews: Bravo 1 h (Ben's useless one counts), Alpha 2 h, Charlie 4 h, Echo 20 h.
    // Median of four: (2 + 4) / 2 = 3; p90 at rank 0.9 x 3 = 2.7: 4 + 0.7 x (20 - 4) = 15.2.
    expect(funnel.time_to_first_listen).toEqual({ count: 4, not_yet: 3, median_hours: 3, p90_hours: 15.2 });
    // Decisions: Echo 24 h, Alpha 48 h, Bravo 72 h (India has no time). Median 48; p90 at rank 1.8:
    // 48 + 0.8 x 24 = 67.2. Undecided: Charlie, Delta, Foxtrot.
    expect(funnel.time_to_decision).toEqual({
      count: 3,
      undecided: 3,
      untimed: 1,
      median_hours: 48,
      p90_hours: 67.2,
    });
  });

  it('lists each member’s reviews of the range’s demos with their averages and signed rate', async () => {
    const funnel = await ok(ada.headers, `/api/v1/analytics/funnel${RANGE}`);
    // Ada: Alpha 8/7/6, Bravo 4/4/4, Echo 5/6/4 -> overall 17/3, musical 17/3, artist 14/3.
    // Cleo: Alpha 9/9/8, Charlie 7/7/7, Echo 3/3/3 -> 19/3, 19/3, 18/3. Ben: Alpha 6/5/5 and a
    // useless review of Bravo, left out of the averages. Each reviewed Alpha, the one signed.
    expect(funnel.reviewers).toEqual([
      {
        reviewer_id: ada.reviewerId,
        name: 'Ada Admin',
        is_member: true,
        reviews: 3,
        useless: 0,
        demos_reviewed: 3,
        average_overall: 5.67,
        average_musical: 5.67,
        average_artist: 4.67,
        signed: 1,
        signed_rate: '33.333333',
      },
      {
        reviewer_id: cleo.reviewerId,
        name: 'Cleo Cruz',
        is_member: true,
        reviews: 3,
        useless: 0,
        demos_reviewed: 3,
        average_overall: 6.33,
        average_musical: 6.33,
        average_artist: 6,
        signed: 1,
        signed_rate: '33.333333',
      },
      {
        reviewer_id: ben.reviewerId,
        name: 'Ben Bell',
        is_member: true,
        reviews: 2,
        useless: 1,
        demos_reviewed: 2,
        average_overall: 6,
        average_musical: 5,
        average_artist: 5,
        signed: 1,
        signed_rate: '50',
      },
    ]);
  });

  it('shows the Label Hub’s signed-in-the-last-30-days count', async () => {
    const funnel = await ok(ada.headers, `/api/v1/analytics/funnel${RANGE}`);
    const hub = await ok(ada.headers, '/api/v1/hub');
    // Alpha was added now; Juliet was added in December 2024.
    expect(funnel.signed_last_30_days).toBe(1);
    expect(hub.counts.signed_songs).toBe(1);
  });

  it('defaults to the last 12 ISO weeks, today’s included', async () => {
    const now = new Date();
    const today = now.toISOString().slice(0, 10);
    const monday = new Date(now.getTime() - ((now.getUTCDay() + 6) % 7) * 24 * HOUR);
    const from = new Date(monday.getTime() - 77 * 24 * HOUR).toISOString().slice(0, 10);
    const funnel = await ok(ada.headers, '/api/v1/analytics/funnel');
    expect(funnel.range).toEqual({ from, to: today, weeks: 12 });
    expect(funnel.weeks).toHaveLength(12);
    expect(funnel.weeks[0].week_start).toBe(from);
    // Nothing was received in these weeks: an empty funnel, its rates null.
    expect(funnel.totals).toMatchObject({ demos: 0, threshold_share: null, signed_rate: null });
    expect(funnel.time_to_first_listen).toEqual({
      count: 0,
      not_yet: 0,
      median_hours: null,
      p90_hours: null,
    });
  });

  it('refuses a backwards range, one over 30 years and a date that is not one, naming the field', async () => {
    const backwards = await get(ada.headers, '/api/v1/analytics/funnel?from=2025-02-02&to=2025-01-06');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toEqual({
      code: 'validation_failed',
      message: AR_MESSAGES.fromAfterTo,
      fields: { from: 'The start of the range must be on or before its end' },
    });
    const long = await get(ada.headers, '/api/v1/analytics/funnel?from=1990-01-01&to=2020-01-02');
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      message: 'to: the range can span at most 30 years',
      fields: { to: 'The range can span at most 30 years' },
    });
    expect(
      (await get(ada.headers, '/api/v1/analytics/funnel?from=1990-01-01&to=2020-01-01')).statusCode,
    ).toBe(200);
    const notADate = await get(ada.headers, '/api/v1/analytics/funnel?from=2025-02-30');
    expect(notADate.statusCode).toBe(400);
    expect(notADate.json().error).toMatchObject({
      message: 'from: use a date like 2025-01-31',
      fields: { from: 'Use a date like 2025-01-31' },
    });
    const report = await get(ada.headers, '/api/v1/analytics/ar/export?report=everything');
    expect(report.statusCode).toBe(400);
    expect(report.json().error.fields).toHaveProperty('report');
  });

  it('counts nothing of another label, and shows it nothing of this one', async () => {
    const theirs = await ok(other.headers, `/api/v1/analytics/funnel${RANGE}`);
    expect(theirs.team_size).toBe(1);
    expect(theirs.totals).toMatchObject({ demos: 1, signed: 1 });
    expect(theirs.reviewers).toEqual([
      expect.objectContaining({ reviewer_id: other.reviewer.id, reviews: 1 }),
    ]);
    const revenue = await ok(other.headers, '/api/v1/analytics/demo-revenue');
    expect(revenue.demos.map((d: Json) => d.song_id)).toEqual([otherSongId]);
    expect(revenue.demos[0].earnings).toEqual([{ currency: 'USD', amount: '1000' }]);
    expect(revenue.reviewers.map((r: Json) => r.reviewer_id)).toEqual([other.reviewer.id]);
  });

  it('shows each signed demo’s scores at decision beside its earnings, and its advance before Finance has terms', async () => {
    const revenue = await ok(ada.headers, '/api/v1/analytics/demo-revenue');
    expect(revenue.reporting_currency).toBe('EUR');
    // No period has a rate yet: the USD income is not converted.
    expect(revenue.rates_used).toEqual([]);
    expect(revenue.demos.map((d: Json) => d.title)).toEqual(['Alpha', 'Juliet']);
    const [alpha, juliet] = revenue.demos;
    // Only Ada's and Ben's reviews were made before the decision (Cleo's came 2 h after).
    // Averages: musical (7 + 5) / 2 = 6, artist (6 + 5) / 2 = 5.5, overall (8 + 6) / 2 = 7.
    // Ada's median over her demo scores (Alpha 8, Echo 5, Golf 10; Bravo's v1 review is not of its
    // current version) is 8: her 8 is high. Ben's (Alpha 6, Zulu 10, Juliet 7) is 7: his 6 is not.
    expect(alpha).toEqual({
      song_id: songs.alpha,
      title: 'Alpha',
      artist: 'Alpha Artist',
      submitted_at: '2025-01-06T10:00:00.000Z',
      source_kind: 'external',
      signed_at: '2025-01-08T10:00:00.000Z',
      averages: { musical: 6, artist: 5.5, overall: 7, reviews: 2 },
      scores: [
        {
          reviewer_id: ada.reviewerId,
          name: 'Ada Admin',
          musical: 7,
          artist: 6,
          overall: 8,
          is_useless: false,
          is_high: true,
          reviewed_at: '2025-01-06T12:00:00.000Z',
        },
        {
          reviewer_id: ben.reviewerId,
          name: 'Ben Bell',
          musical: 5,
          artist: 5,
          overall: 6,
          is_useless: false,
          is_high: false,
          reviewed_at: '2025-01-06T15:00:00.000Z',
        },
      ],
      recording: { id: recordingId, title: 'Alpha', display_artist: 'Alpha Artist', isrc: ISRC },
      // 10.25 + 4.50; the unmatched line and the other label's USD 1,000 do not count.
      earnings: [{ currency: 'USD', amount: '14.75' }],
      earned: { amount: '0', not_converted: [{ currency: 'USD', amount: '14.75' }] },
      advance: { source: 'contract', amounts: [{ currency: 'USD', amount: '5' }] },
      recoupment: { state: 'no_terms', remaining: [] },
    });
    // Signed before decision times were kept: its recording's creation stands in, so Cleo's later
    // review is not among its scores at decision. Its contract is a draft: no advance.
    expect(juliet).toMatchObject({
      signed_at: '2024-12-04T09:00:00.000Z',
      averages: { musical: 7, artist: 7, overall: 7, reviews: 1 },
      scores: [expect.objectContaining({ reviewer_id: ben.reviewerId, overall: 7, is_high: true })],
      recording: { id: expect.any(String), title: 'Juliet', display_artist: 'Juliet Artist', isrc: null },
      earnings: [],
      earned: { amount: '0', not_converted: [] },
      advance: null,
      recoupment: { state: 'no_terms', remaining: [] },
    });
  });

  it('converts the earnings with the period’s rate, and follows the advance from terms to recouped', async () => {
    const withoutTerms = await ok(ada.headers, '/api/v1/finance/deals');
    await post(
      ada.headers,
      '/api/v1/finance/deals',
      { contract_id: withoutTerms.without_terms[0].contract_id },
      201,
    );
    const period = await post(ada.headers, '/api/v1/finance/periods', { month: '2025-04' }, 201);
    await server.app.inject({
      method: 'PUT',
      url: `/api/v1/finance/periods/${period.id}/rates`,
      headers: ada.headers,
      payload: { rates: [{ from: 'USD', to: 'EUR', rate: '0.9' }] },
    });

    let revenue = await ok(ada.headers, '/api/v1/analytics/demo-revenue');
    let alpha = revenue.demos[0];
    // 10.25 x 0.9 + 4.50 x 0.9 = 9.225 + 4.05 = EUR 13.275.
    expect(alpha.earned).toEqual({ amount: '13.275', not_converted: [] });
    expect(revenue.rates_used).toEqual([
      {
        from: 'USD',
        to: 'EUR',
        rate: '0.9',
        period_start: '2025-04',
        period_end: '2025-06',
        months: ['2025-04', '2025-05'],
      },
    ]);
    // The terms put the contract's USD 5.00 advance in the ledger: nothing earned there yet.
    expect(alpha.advance).toEqual({ source: 'ledger', amounts: [{ currency: 'USD', amount: '5' }] });
    expect(alpha.recoupment).toEqual({ state: 'unrecouped', remaining: [{ currency: 'USD', amount: '5' }] });

    // The quarter's statements: 50 % of USD 14.75 = 7.38 (7.375 to the cent, half to even) > 5.00.
    await post(ada.headers, `/api/v1/finance/periods/${period.id}/run`, {}, 202);
    await expect
      .poll(async () => (await ok(ada.headers, `/api/v1/finance/periods/${period.id}`)).status, {
        timeout: 30_000,
        interval: 200,
      })
      .toBe('computed');
    await post(ada.headers, `/api/v1/finance/periods/${period.id}/approve`);
    await post(ada.headers, `/api/v1/finance/periods/${period.id}/publish`);
    revenue = await ok(ada.headers, '/api/v1/analytics/demo-revenue');
    alpha = revenue.demos[0];
    expect(alpha.recoupment).toEqual({ state: 'recouped', remaining: [] });
    expect(alpha.advance).toEqual({ source: 'ledger', amounts: [{ currency: 'USD', amount: '5' }] });
  });

  it('names whose high scores became income, most signed and most earned first', async () => {
    const revenue = await ok(ada.headers, '/api/v1/analytics/demo-revenue');
    // Medians: Ada 8 (5, 8, 10), Ben 7 (6, 7, 10), Cleo 5 (3, 7: her Alpha review came after the
    // decision, her Juliet one too). High: Ada Alpha and Golf, Alpha signed; Ben Zulu and Juliet,
    // Juliet signed (nothing earned); Cleo Charlie, not signed.
    expect(revenue.reviewers).toEqual([
      {
        reviewer_id: ada.reviewerId,
        name: 'Ada Admin',
        median_score: 8,
        high_scored: 2,
        high_signed: 1,
        earnings: [{ currency: 'USD', amount: '14.75' }],
        earned: { amount: '13.275', not_converted: [] },
        demos: [{ song_id: songs.alpha, title: 'Alpha' }],
      },
      {
        reviewer_id: ben.reviewerId,
        name: 'Ben Bell',
        median_score: 7,
        high_scored: 2,
        high_signed: 1,
        earnings: [],
        earned: { amount: '0', not_converted: [] },
        demos: [{ song_id: songs.juliet, title: 'Juliet' }],
      },
      {
        reviewer_id: cleo.reviewerId,
        name: 'Cleo Cruz',
        median_score: 5,
        high_scored: 1,
        high_signed: 0,
        earnings: [],
        earned: { amount: '0', not_converted: [] },
        demos: [],
      },
    ]);
  });

  it('exports each report as CSV, counted against the plan’s monthly exports', async () => {
    const weeks = await get(ada.headers, `/api/v1/analytics/ar/export${RANGE}&report=funnel_weeks`);
    expect(weeks.statusCode, weeks.body).toBe(200);
    expect(weeks.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(weeks.headers['content-disposition']).toBe(
      'attachment; filename="ar-funnel-weeks-2025-01-06-to-2025-02-02.csv"',
    );
    expect(weeks.body.startsWith('\uFEFFWeek,Week starting,Demos,')).toBe(true);
    expect(csvRows(weeks.body)).toEqual([
      [
        'Week',
        'Week starting',
        'Demos',
        'Submitted by a team member',
        'Sent in by the artist',
        'No submitter recorded',
      ],
      ['2025-W02', '2025-01-06', '2', '1', '1', '0'],
      ['2025-W03', '2025-01-13', '0', '0', '0', '0'],
      ['2025-W04', '2025-01-20', '4', '0', '2', '2'],
      ['2025-W05', '2025-01-27', '1', '1', '0', '0'],
    ]);
    const sources = await get(ada.headers, `/api/v1/analytics/ar/export${RANGE}&report=funnel_sources`);
    expect(csvRows(sources.body)[2]).toEqual(['Sent in by the artist', '3', '2', '1', '1', '33.333333']);
    const members = await get(ada.headers, `/api/v1/analytics/ar/export${RANGE}&report=reviewers`);
    expect(csvRows(members.body)[3]).toEqual(['Ben Bell', '2', '1', '2', '6', '5', '5', '1', '50']);
    const revenue = await get(ada.headers, '/api/v1/analytics/ar/export?report=demo_revenue');
    expect(revenue.statusCode, revenue.body).toBe(200);
    expect(csvRows(revenue.body).slice(0, 2)).toEqual([
      [
        'Title',
        'Artist',
        'Signed on',
        'Reviews at decision',
        'Average overall',
        'Average musical',
        'Average artist',
        'Recording',
        'ISRC',
        'Earned (EUR)',
        'Earned per currency',
        'Not converted',
        'Advance',
        'Recoupment',
        'Remaining to recoup',
      ],
      [
        'Alpha',
        'Alpha Artist',
        '2025-01-08',
        '2',
        '7',
        '6',
        '5.5',
        'Alpha',
        ISRC,
        '13.275',
        'USD 14.75',
        '',
        'USD 5',
        'Recouped',
        '',
      ],
    ]);
    const usage = await queryRows<{ export_type: string; n: number }>(
      owner(),
      sql`select export_type, count(*)::int as n from export_usage where organization_id = ${org} group by 1`,
    );
    expect(usage).toEqual([{ export_type: 'analytics_csv', n: 4 }]);
  });

  it('opens the funnel to every plan and gates demo to revenue like the catalogue; a spent allowance refuses', async () => {
    const starter = await adminWithLabel(server.app, 'Starter Records');
    expect((await get(starter.headers, `/api/v1/analytics/funnel${RANGE}`)).statusCode).toBe(200);
    for (const url of ['/api/v1/analytics/demo-revenue', '/api/v1/analytics/ar/export?report=demo_revenue']) {
      const refused = await get(starter.headers, url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('plan_required');
    }
    // This database's Starter plan allows one export a month; a refused export is not counted.
    await owner().execute(sql`update subscription_plans set monthly_export_limit = 1 where name = 'Starter'`);
    try {
      expect((await get(starter.headers, '/api/v1/analytics/ar/export?report=reviewers')).statusCode).toBe(
        200,
      );
      const spent = await get(starter.headers, '/api/v1/analytics/ar/export?report=funnel_weeks');
      expect(spent.statusCode).toBe(403);
      expect(spent.json().error).toEqual({
        code: 'plan_limit_reached',
        message: ANALYTICS_MESSAGES.exportLimit(1),
      });
      const [usage] = await queryRows<{ n: number }>(
        owner(),
        sql`select count(*)::int as n from export_usage where organization_id = ${starter.organization.id}`,
      );
      expect(usage!.n).toBe(1);
    } finally {
      await owner().execute(
        sql`update subscription_plans set monthly_export_limit = 10 where name = 'Starter'`,
      );
    }
  });

  it('keeps the reviews of someone who left the label, under "Former member"', async () => {
    const removed = await server.app.inject({
      method: 'DELETE',
      url: `/api/v1/team/members/${ben.reviewerId}`,
      headers: ada.headers,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    const funnel = await ok(ada.headers, `/api/v1/analytics/funnel${RANGE}`);
    // Two members now: the threshold is ceil(6 / 5) = 2 still.
    expect([funnel.team_size, funnel.threshold]).toEqual([2, 2]);
    expect(funnel.reviewers.map((r: Json) => [r.reviewer_id, r.name, r.is_member, r.reviews])).toEqual([
      [ada.reviewerId, 'Ada Admin', true, 3],
      [cleo.reviewerId, 'Cleo Cruz', true, 3],
      [ben.reviewerId, 'Former member', false, 2],
    ]);
    const revenue = await ok(ada.headers, '/api/v1/analytics/demo-revenue');
    expect(revenue.demos[0].scores.map((s: Json) => s.name)).toEqual(['Ada Admin', 'Former member']);
  });
});
