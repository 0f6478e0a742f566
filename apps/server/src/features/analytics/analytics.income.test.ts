/**
 * Missing income, the lines behind an alert, catalogue value and their CSV (issue 17 points 4 and
 * 5; decision 0030), through the real import job and the HTTP API. The data set, every figure
 * computed by hand below:
 *
 * DistroKid (USD), one statement a month, quantity 100 a line:
 *   Night Drive (R1)   Jan: Spotify US 10.10, YouTube US 2, Apple Music DE 8, Apple Music FR 6
 *                      Feb: Spotify US 10.20, YouTube US 2, Apple Music DE 8, Apple Music FR 6
 *                      Mar: Spotify US 10.30, YouTube US 2, Apple Music DE 8, Apple Music FR 6
 *                      Apr:                   YouTube US 2, Apple Music DE 3, Apple Music FR 4
 *   Second Song (R2)   Deezer GB 1 each month; April's line carries a mistyped ISRC (unmatched).
 * Believe (EUR), one statement a month Jan-Apr, quantity 10 a line: R1 Spotify NO 1, Mirror Lake (R3,
 *   by Mira Vale) Spotify SE 5. Steady: no Believe alert.
 * R1 and R2 are tracks 1 and 2 of "Night Drive EP"; R3 is on no release.
 *
 * April against Jan-Mar (DistroKid), per month: Spotify 30.6 then nothing -> missing; US
 * 12.1 + 12.2 + 12.3 = 36.6 then 2 -> drop (2 x 3 < 36.6 / 2); DE 24 then 3 -> drop (9 < 12);
 * FR 18 then 4 -> none (12 >= 9); Apple Music 42 then 7 -> none (21 is not under 21, exactly half);
 * YouTube 6 then 2 -> none; R2 Deezer and GB 3 then nothing -> missing, until the line is resolved.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { setPlan } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import {
  addRecording,
  addRelease,
  createFinanceTestServer,
  DISTROKID_HEADER,
  financeApi,
  financeLabel,
  tableText,
} from '../royalties/royalties-test-helpers.ts';
import { statementFileText } from '../royalties/statement-fixtures.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;
type Alert = {
  kind: string;
  dimension: string;
  value: string;
  value_name: string;
  recording: { id: string; title: string; display_artist: string; isrc: string | null };
  source: string;
  source_name: string;
  import_id: string;
  import_file_name: string;
  current_from: string;
  current_to: string;
  previous_from: string;
  previous_to: string;
  previous_net: string;
  current_net: string;
  currency: string;
  description: string;
  lines: Record<string, string>;
};
type Line = {
  import_id: string;
  import_file_name: string;
  source: string;
  line_number: number;
  sale_month: string;
  store: string | null;
  territory: string | null;
  isrc: string | null;
  net: string;
  quantity: number;
  currency: string;
  recording_id: string | null;
};

const R1_ISRC = 'GBAAA2600001';
const R2_ISRC = 'GBAAA2600002';
const R3_ISRC = 'GBAAA2600003';
const TYPO_ISRC = 'GBAAA2600092';

/** A DistroKid row: quantity 100, sold as a song. */
const dk = (month: string, store: string, country: string, isrc: string, net: string) => [
  `${month}-28`,
  month,
  store,
  isrc === R1_ISRC ? 'Nova Lane' : 'Nova Lane',
  isrc === R1_ISRC ? 'Night Drive' : 'Second Song',
  isrc,
  '',
  '100',
  '100%',
  'Song',
  country,
  '0',
  net,
];

const r1Month = (month: string, spotify: string) => [
  dk(month, 'Spotify', 'US', R1_ISRC, spotify),
  dk(month, 'YouTube', 'US', R1_ISRC, '2.00'),
  dk(month, 'Apple Music', 'DE', R1_ISRC, '8.00'),
  dk(month, 'Apple Music', 'FR', R1_ISRC, '6.00'),
];
const r1April = (month: string) => [
  dk(month, 'YouTube', 'US', R1_ISRC, '2.00'),
  dk(month, 'Apple Music', 'DE', R1_ISRC, '3.00'),
  dk(month, 'Apple Music', 'FR', R1_ISRC, '4.00'),
];
const distrokid = (rows: string[][]) => tableText([DISTROKID_HEADER, ...rows]);

const believe = (month: string, mirrorLake = '5.00') =>
  statementFileText('believe', [
    {
      saleMonth: month,
      store: 'Spotify',
      territory: 'NO',
      isrc: R1_ISRC,
      releaseTitle: 'Night Drive EP',
      trackTitle: 'Night Drive',
      artist: 'Nova Lane',
      saleType: 'stream',
      quantity: 10,
      net: '1.00',
      currency: 'EUR',
    },
    {
      saleMonth: month,
      store: 'Spotify',
      territory: 'SE',
      isrc: R3_ISRC,
      releaseTitle: 'Mirror Lake',
      trackTitle: 'Mirror Lake',
      artist: 'Mira Vale',
      saleType: 'stream',
      quantity: 10,
      net: mirrorLake,
      currency: 'EUR',
    },
  ]);

describe('analytics of income', () => {
  let server: TestServer;
  let api: ReturnType<typeof financeApi>;
  let label: Label;
  let other: Label;
  let r1: string;
  let r2: string;
  let r3: string;
  let ep: string;
  let aprilId: string;

  const get = async <T>(who: Label, url: string, status = 200) => {
    const res = await api.get(who.headers, url);
    expect(res.statusCode, res.body).toBe(status);
    return res.json<T>();
  };
  const alerts = async (who: Label = label) =>
    (
      await get<{ alerts: Alert[]; total: number; has_statements: boolean }>(
        who,
        '/api/v1/analytics/missing-income',
      )
    ).alerts;
  /** Each alert as [recording, kind, dimension, value, previous, current]. */
  const brief = (list: Alert[]) =>
    list.map((a) => [a.recording.title, a.kind, a.dimension, a.value, a.previous_net, a.current_net]);
  const lines = (query: Record<string, string | number>, who: Label = label, status = 200) =>
    get<{ rows: Line[]; next_cursor: string | null; total: number; quantity: number; amounts: unknown[] }>(
      who,
      `/api/v1/analytics/lines?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      status,
    );
  const imported = async (body: string, name: string, status = 'imported') => {
    const done = await api.importFile(label.headers, body, name);
    expect(done.status, JSON.stringify(done)).toBe(status);
    return done;
  };

  beforeAll(async () => {
    server = await createFinanceTestServer();
    api = financeApi(server);
    label = await financeLabel(server, 'Income Records');
    other = await financeLabel(server, 'Other Income Records');
    const org = label.organization.id;
    r1 = await addRecording(server, org, 'Night Drive', 'Nova Lane', R1_ISRC);
    r2 = await addRecording(server, org, 'Second Song', 'Nova Lane', R2_ISRC);
    r3 = await addRecording(server, org, 'Mirror Lake', 'Mira Vale', R3_ISRC);
    ep = await addRelease(server, org, 'Night Drive EP', 'Nova Lane', null);
    await server.database.withOrg(org, (tx) =>
      tx.execute(sql`insert into release_tracks (organization_id, release_id, recording_id, track_number)
        values (${org}, ${ep}, ${r1}, 1), (${org}, ${ep}, ${r2}, 2)`),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it('raises nothing while a source has fewer than two months before its latest statement, or is steady', async () => {
    expect(await get(label, '/api/v1/analytics/missing-income')).toEqual({
      alerts: [],
      updating: false,
      total: 0,
      has_statements: false,
    });
    await imported(
      distrokid([...r1Month('2026-01', '10.10'), dk('2026-01', 'Deezer', 'GB', R2_ISRC, '1')]),
      'dk-01.tsv',
    );
    await imported(
      distrokid([...r1Month('2026-02', '10.20'), dk('2026-02', 'Deezer', 'GB', R2_ISRC, '1')]),
      'dk-02.tsv',
    );
    expect(await alerts()).toEqual([]);
    // March against January and February (every earlier month, two of them): nothing fell.
    await imported(
      distrokid([...r1Month('2026-03', '10.30'), dk('2026-03', 'Deezer', 'GB', R2_ISRC, '1')]),
      'dk-03.tsv',
    );
    for (const month of ['2026-01', '2026-02', '2026-03', '2026-04'])
      await imported(believe(month), `believe-${month}.csv`);
    expect(await get(label, '/api/v1/analytics/missing-income')).toEqual({
      alerts: [],
      updating: false,
      total: 0,
      has_statements: true,
    });
  }, 120_000);

  it('counts an import waiting for a decision for nothing, and discarding it changes nothing', async () => {
    const bad = [...dk('2026-04', 'Deezer', 'GB', R2_ISRC, 'lots')];
    const waiting = await imported(
      distrokid([...r1April('2026-04'), bad]),
      'dk-04-bad.tsv',
      'needs_decision',
    );
    expect(await alerts()).toEqual([]);
    expect((await api.post(label.headers, `/api/v1/finance/imports/${waiting.id}/discard`)).statusCode).toBe(
      200,
    );
    expect(await alerts()).toEqual([]);
  }, 60_000);

  it("finds the store that stopped and the territories that halved in the latest statement, each with its lines' filter", async () => {
    const april = await imported(
      distrokid([...r1April('2026-04'), dk('2026-04', 'Deezer', 'GB', TYPO_ISRC, '1')]),
      'dk-04.tsv',
    );
    aprilId = april.id;
    const list = await alerts();
    expect(brief(list)).toEqual([
      ['Night Drive', 'drop', 'territory', 'US', '36.6', '2'],
      ['Night Drive', 'missing', 'store', 'Spotify', '30.6', '0'],
      ['Night Drive', 'drop', 'territory', 'DE', '24', '3'],
      ['Second Song', 'missing', 'store', 'Deezer', '3', '0'],
      ['Second Song', 'missing', 'territory', 'GB', '3', '0'],
    ]);
    const spotify = list[1]!;
    expect(spotify).toMatchObject({
      value_name: 'Spotify',
      recording: { id: r1, title: 'Night Drive', display_artist: 'Nova Lane', isrc: R1_ISRC },
      source: 'distrokid',
      source_name: 'DistroKid',
      import_id: aprilId,
      import_file_name: 'dk-04.tsv',
      previous_from: '2026-01',
      previous_to: '2026-03',
      current_from: '2026-04',
      current_to: '2026-04',
      currency: 'USD',
      description: '“Night Drive” has no income from Spotify in DistroKid’s statement for Apr 2026',
      lines: { recording_id: r1, source: 'distrokid', store: 'Spotify', from: '2026-01', to: '2026-04' },
    });
    expect(list[0]).toMatchObject({ value_name: 'United States', lines: { territory: 'US' } });
    expect(list[2]?.value_name).toBe('Germany');

    // The alert opens its lines: the three months Spotify paid, newest first, and no Believe line.
    const opened = await lines(spotify.lines);
    expect(opened.rows.map((l) => [l.sale_month, l.store, l.territory, l.net, l.import_file_name])).toEqual([
      ['2026-03', 'Spotify', 'US', '10.3', 'dk-03.tsv'],
      ['2026-02', 'Spotify', 'US', '10.2', 'dk-02.tsv'],
      ['2026-01', 'Spotify', 'US', '10.1', 'dk-01.tsv'],
    ]);
    expect(opened).toMatchObject({ total: 3, quantity: 300, amounts: [{ currency: 'USD', net: '30.6' }] });
    expect(opened.next_cursor).toBeNull();
    // Filtering by kind.
    expect(
      (await get<{ alerts: Alert[]; total: number }>(label, '/api/v1/analytics/missing-income?kind=drop'))
        .total,
    ).toBe(2);
  }, 60_000);

  it('pages the lines with a cursor and filters them by store, territory, months, import and release', async () => {
    // R1: 4 + 4 + 4 + 3 DistroKid lines and 4 Believe lines.
    const all = await lines({ recording_id: r1, limit: 200 });
    expect(all.total).toBe(19);
    expect(all.rows).toHaveLength(19);
    expect(all.amounts).toEqual([
      { currency: 'EUR', net: '4' },
      { currency: 'USD', net: '87.6' },
    ]);
    const months = all.rows.map((l) => l.sale_month);
    expect(months).toEqual([...months].sort().reverse());

    const paged: Line[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await lines({ recording_id: r1, limit: 5, ...(cursor ? { cursor } : {}) });
      paged.push(...page.rows);
      cursor = page.next_cursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(paged.map((l) => `${l.import_id}:${l.line_number}`)).toEqual(
      all.rows.map((l) => `${l.import_id}:${l.line_number}`),
    );

    expect(
      (await lines({ recording_id: r1, territory: 'de' })).rows.map((l) => [l.sale_month, l.net]),
    ).toEqual([
      ['2026-04', '3'],
      ['2026-03', '8'],
      ['2026-02', '8'],
      ['2026-01', '8'],
    ]);
    const apple = await lines({ recording_id: r1, store: 'Apple Music', from: '2026-03', to: '2026-04' });
    expect(apple.rows.map((l) => [l.sale_month, l.territory, l.net])).toEqual([
      ['2026-04', 'DE', '3'],
      ['2026-04', 'FR', '4'],
      ['2026-03', 'DE', '8'],
      ['2026-03', 'FR', '6'],
    ]);
    expect((await lines({ recording_id: r1, source: 'believe' })).total).toBe(4);
    // An import's lines, the unmatched one included, in file order.
    const aprilLines = await lines({ import_id: aprilId });
    expect(aprilLines.rows.map((l) => [l.line_number, l.isrc, l.recording_id])).toEqual([
      [2, R1_ISRC, r1],
      [3, R1_ISRC, r1],
      [4, R1_ISRC, r1],
      [5, TYPO_ISRC, null],
    ]);
    // A release: its own lines and its tracks' lines sold without a release (19 + R2's 3).
    expect((await lines({ release_id: ep, limit: 1 })).total).toBe(22);

    const refused = await api.get(label.headers, '/api/v1/analytics/lines?store=Spotify');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.recording_id).toMatch(/recording, a release or an import/);
    expect(
      (await api.get(label.headers, `/api/v1/analytics/lines?recording_id=${r1}&limit=201`)).statusCode,
    ).toBe(400);
    expect(
      (
        await api.get(label.headers, `/api/v1/analytics/lines?recording_id=${r1}&from=2026-04&to=2026-01`)
      ).json().error.fields,
    ).toEqual({ from: 'from: must not be after to' });
    expect(
      (await api.get(label.headers, `/api/v1/analytics/lines?recording_id=${r1}&cursor=bm9wZQ`)).json().error
        .fields,
    ).toEqual({ cursor: 'cursor: not a cursor this list gave' });
  }, 60_000);

  it('updates the alerts when a line is resolved to its recording', async () => {
    const resolved = await api.post(label.headers, '/api/v1/finance/unmatched/resolve', {
      items: [{ source: 'distrokid', identifier_kind: 'isrc', identifier: TYPO_ISRC, recording_id: r2 }],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    // Deezer GB is back at 1 a month: no alert for Second Song.
    expect(brief(await alerts())).toEqual([
      ['Night Drive', 'drop', 'territory', 'US', '36.6', '2'],
      ['Night Drive', 'missing', 'store', 'Spotify', '30.6', '0'],
      ['Night Drive', 'drop', 'territory', 'DE', '24', '3'],
    ]);
    expect((await lines({ release_id: ep })).total).toBe(23);
  }, 60_000);

  it("answers the last twelve months' income per artist and release, converted with the periods' rates", async () => {
    type Value = {
      from: string;
      to: string;
      currency: string;
      total: Record<string, unknown>;
      artists: Array<Record<string, unknown>>;
      releases: Array<Record<string, unknown>>;
      artist_count: number;
      release_count: number;
      rates: unknown[];
    };
    // USD: R1 26.1 + 26.2 + 26.3 + 9 = 87.6, R2 4; EUR: R1 4, R3 20. No EUR rate yet.
    const before = await get<Value>(label, '/api/v1/analytics/catalogue-value');
    expect(before).toMatchObject({ from: '2025-05', to: '2026-04', currency: 'USD', rates: [] });
    expect(before.total).toEqual({
      net: '91.6',
      amounts: [
        { currency: 'EUR', net: '24' },
        { currency: 'USD', net: '91.6' },
      ],
      not_converted: [{ currency: 'EUR', net: '24' }],
      quantity: 1980,
    });
    expect(before.artists).toEqual([
      {
        rank: 1,
        artist: 'Nova Lane',
        recordings: 2,
        net: '91.6',
        amounts: [
          { currency: 'EUR', net: '4' },
          { currency: 'USD', net: '91.6' },
        ],
        not_converted: [{ currency: 'EUR', net: '4' }],
        quantity: 1940,
      },
      {
        rank: 2,
        artist: 'Mira Vale',
        recordings: 1,
        net: '0',
        amounts: [{ currency: 'EUR', net: '20' }],
        not_converted: [{ currency: 'EUR', net: '20' }],
        quantity: 40,
      },
    ]);

    // Q1 2026 at 1 EUR = 1.1 USD; April has no period and takes the nearest one's rate.
    const period = await api.post(label.headers, '/api/v1/finance/periods', { month: '2026-02' });
    expect(period.statusCode, period.body).toBe(201);
    const rates = await server.app.inject({
      method: 'PUT',
      url: `/api/v1/finance/periods/${period.json().id}/rates`,
      headers: label.headers,
      payload: { rates: [{ from: 'EUR', to: 'USD', rate: '1.1' }] },
    });
    expect(rates.statusCode, rates.body).toBe(200);

    const value = await get<Value>(label, '/api/v1/analytics/catalogue-value');
    // Nova Lane 91.6 + 4 x 1.1 = 96; Mira Vale 20 x 1.1 = 22.
    expect(value.total).toMatchObject({ net: '118', not_converted: [], quantity: 1980 });
    expect(value.artists.map((a) => [a.rank, a.artist, a.net, a.quantity, a.not_converted])).toEqual([
      [1, 'Nova Lane', '96', 1940, []],
      [2, 'Mira Vale', '22', 40, []],
    ]);
    expect(value.releases.map((r) => [r.rank, r.release_id, r.title, r.net, r.quantity])).toEqual([
      [1, ep, 'Night Drive EP', '96', 1940],
      [2, null, 'Not on a release', '22', 40],
    ]);
    expect(value).toMatchObject({ artist_count: 2, release_count: 2 });
    expect(value.rates).toEqual([
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.1',
        period_start: '2026-01',
        period_end: '2026-03',
        months: ['2026-01', '2026-02', '2026-03', '2026-04'],
      },
    ]);
    const top = await get<Value>(label, '/api/v1/analytics/catalogue-value?limit=1');
    expect(top.artists.map((a) => a.artist)).toEqual(['Nova Lane']);
    expect(top).toMatchObject({ artist_count: 2, release_count: 2 });
  }, 60_000);

  it('exports missing income, catalogue value and lines as CSV, each counted against the plan', async () => {
    const csv = async (query: string) => {
      const res = await api.get(label.headers, `/api/v1/analytics/income/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      return res.body.slice(1).trimEnd().split('\r\n');
    };
    expect(await csv('report=missing_income')).toEqual([
      'Alert,Recording,Artist,ISRC,Store or territory,Name,Code,Source,Statement,Previous months,Previous net,Current months,Current net,Currency',
      `Dropped by more than half,Night Drive,Nova Lane,${R1_ISRC},Territory,United States,US,DistroKid,dk-04.tsv,2026-01 to 2026-03,36.6,2026-04 to 2026-04,2,USD`,
      `Missing,Night Drive,Nova Lane,${R1_ISRC},Store,Spotify,Spotify,DistroKid,dk-04.tsv,2026-01 to 2026-03,30.6,2026-04 to 2026-04,0,USD`,
      `Dropped by more than half,Night Drive,Nova Lane,${R1_ISRC},Territory,Germany,DE,DistroKid,dk-04.tsv,2026-01 to 2026-03,24,2026-04 to 2026-04,3,USD`,
    ]);
    expect(await csv('report=catalogue_value_artists')).toEqual([
      'Rank,Artist,Recordings,Units,Income (USD),Not converted,As reported',
      '1,Nova Lane,2,1940,96,,EUR 4; USD 91.6',
      '2,Mira Vale,1,40,22,,EUR 20',
    ]);
    expect(await csv('report=catalogue_value_releases')).toEqual([
      'Rank,Release,Artist,UPC,Release date,Units,Income (USD),Not converted,As reported',
      '1,Night Drive EP,Nova Lane,,,1940,96,,EUR 4; USD 91.6',
      '2,Not on a release,,,,40,22,,EUR 20',
    ]);
    expect(await csv(`report=lines&recording_id=${r1}&store=Spotify&source=distrokid`)).toEqual([
      'Statement,Source,Line,Sale month,Store,Territory,ISRC,UPC,Track,Release,Artist,Sale type,Quantity,Net,Currency',
      `dk-03.tsv,DistroKid,2,2026-03,Spotify,US,${R1_ISRC},,Night Drive,,Nova Lane,Stream,100,10.3,USD`,
      `dk-02.tsv,DistroKid,2,2026-02,Spotify,US,${R1_ISRC},,Night Drive,,Nova Lane,Stream,100,10.2,USD`,
      `dk-01.tsv,DistroKid,2,2026-01,Spotify,US,${R1_ISRC},,Night Drive,,Nova Lane,Stream,100,10.1,USD`,
    ]);
    // A lines export needs its anchor, and another label's recording is not found; neither counts.
    expect((await api.get(label.headers, '/api/v1/analytics/income/export?report=lines')).statusCode).toBe(
      400,
    );
    const theirs = await addRecording(server, other.organization.id, 'Their Song', 'Them', null);
    expect(
      (await api.get(label.headers, `/api/v1/analytics/income/export?report=lines&recording_id=${theirs}`))
        .statusCode,
    ).toBe(404);
    const counted = await queryRows(
      server.database.asOwner('the test reads the export counters'),
      sql`select export_type, count(*)::int as n from export_usage
        where organization_id = ${label.organization.id} group by export_type order by export_type`,
    );
    expect(counted).toEqual([
      { export_type: 'analytics_catalogue_value_artists_csv', n: 1 },
      { export_type: 'analytics_catalogue_value_releases_csv', n: 1 },
      { export_type: 'analytics_lines_csv', n: 1 },
      { export_type: 'analytics_missing_income_csv', n: 1 },
    ]);

    // Past the plan's monthly limit: 403 with the plan's words.
    const owner = server.database.asOwner('the test lowers the plan limit');
    await owner.execute(sql`update subscription_plans set monthly_export_limit = 1 where name = 'Pro'`);
    try {
      const refused = await api.get(label.headers, '/api/v1/analytics/income/export?report=missing_income');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: 'plan_limit_reached',
        message: expect.stringMatching(/allows 1 export of this report a month/),
      });
    } finally {
      await owner.execute(sql`update subscription_plans set monthly_export_limit = -1 where name = 'Pro'`);
    }
  }, 60_000);

  it('follows each source apart, and an accepted import: the alerts compare its months from then on', async () => {
    // Believe's May: Mirror Lake falls from 5 a month (15 over Feb-Apr) to 2 (6 < 7.5). Refreshing
    // Believe keeps DistroKid's alerts.
    await imported(believe('2026-05', '2.00'), 'believe-2026-05.csv');
    const mirror = [
      ['Mirror Lake', 'drop', 'store', 'Spotify', '15', '2'],
      ['Mirror Lake', 'drop', 'territory', 'SE', '15', '2'],
    ];
    expect(brief(await alerts())).toEqual([
      ['Night Drive', 'drop', 'territory', 'US', '36.6', '2'],
      ['Night Drive', 'missing', 'store', 'Spotify', '30.6', '0'],
      ['Night Drive', 'drop', 'territory', 'DE', '24', '3'],
      ...mirror,
    ]);
    const believeAlert = (await alerts()).find((a) => a.source === 'believe');
    expect(believeAlert).toMatchObject({ source_name: 'Believe', currency: 'EUR', previous_from: '2026-02' });

    // DistroKid's May (good lines and one bad): waiting, it counts for nothing.
    const may = [...r1April('2026-05'), dk('2026-05', 'Deezer', 'GB', R2_ISRC, '1')];
    const waiting = await imported(
      distrokid([...may, dk('2026-05', 'Deezer', 'GB', R2_ISRC, 'lots')]),
      'dk-05.tsv',
      'needs_decision',
    );
    expect(await alerts()).toHaveLength(5);
    expect((await api.post(label.headers, `/api/v1/finance/imports/${waiting.id}/accept`)).statusCode).toBe(
      200,
    );
    // May against Feb-Apr: Spotify stopped in April already (not every month) -> nothing; US 12.2 +
    // 12.3 + 2 = 26.5 then 2 -> drop; DE 8 + 8 + 3 = 19 then 3 -> drop (9 < 9.5); FR 16 then 4 -> none.
    // Believe's alerts stay.
    expect(brief(await alerts())).toEqual([
      ['Night Drive', 'drop', 'territory', 'US', '26.5', '2'],
      ['Night Drive', 'drop', 'territory', 'DE', '19', '3'],
      ...mirror,
    ]);
  }, 60_000);

  it("clears a source's alerts when its latest statement leaves no earlier month to compare", async () => {
    const restated = await financeLabel(server, 'Restated Records');
    await addRecording(server, restated.organization.id, 'Night Drive', 'Nova Lane', R1_ISRC);
    const importAs = async (rows: string[][], name: string) => {
      const done = await api.importFile(restated.headers, distrokid(rows), name);
      expect(done.status).toBe('imported');
    };
    await importAs([dk('2026-01', 'Spotify', 'US', R1_ISRC, '10')], 'r-01.tsv');
    await importAs([dk('2026-02', 'Spotify', 'US', R1_ISRC, '10')], 'r-02.tsv');
    await importAs([dk('2026-03', 'YouTube', 'US', R1_ISRC, '1')], 'r-03.tsv');
    // March against January and February: Spotify 20 then nothing; US 20 then 1 (3 < 10). Equal
    // previous nets: the store first.
    expect(brief(await alerts(restated))).toEqual([
      ['Night Drive', 'missing', 'store', 'Spotify', '20', '0'],
      ['Night Drive', 'drop', 'territory', 'US', '20', '1'],
    ]);
    // A statement of January to April: its months are the current ones, with nothing before them.
    await importAs(
      ['2026-01', '2026-02', '2026-03', '2026-04'].map((m) => dk(m, 'Spotify', 'US', R1_ISRC, '5')),
      'r-restated.tsv',
    );
    expect(await alerts(restated)).toEqual([]);
  }, 60_000);

  it("keeps every answer to the label's own data: another label's ids are not found", async () => {
    expect(await get(other, '/api/v1/analytics/missing-income')).toEqual({
      alerts: [],
      updating: false,
      total: 0,
      has_statements: false,
    });
    expect(
      await get<{ from: string | null; artists: unknown[] }>(other, '/api/v1/analytics/catalogue-value'),
    ).toMatchObject({
      from: null,
      artists: [],
      releases: [],
    });
    for (const query of [{ recording_id: r1 }, { release_id: ep }, { import_id: aprilId }] as Array<
      Record<string, string>
    >) {
      const res = await lines(query, other, 404);
      expect(res).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await lines({ recording_id: r3 }, other, 404)) as unknown).toMatchObject({
      error: { message: 'Recording not found' },
    });
  });

  it('answers 403 plan_required on a plan without the catalogue', async () => {
    const starter = await financeLabel(server, 'Starter Income');
    await setPlan(server.database, starter.organization.id, 'Starter');
    for (const url of [
      '/api/v1/analytics/missing-income',
      `/api/v1/analytics/lines?recording_id=${r1}`,
      '/api/v1/analytics/catalogue-value',
      '/api/v1/analytics/income/export?report=missing_income',
    ]) {
      const res = await api.get(starter.headers, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('plan_required');
    }
  });
});
