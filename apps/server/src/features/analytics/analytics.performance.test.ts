/**
 * Catalogue performance (issue 17, point 1; decision 0030) against the data set of
 * analytics-test-helpers.ts, imported through the real import job. Every expected figure is
 * summed by hand from the lines in that file's table (named L1..L3, M1..M3, C1..C8, E1, E2 here).
 * The range asked is 2025-04..2025-06: its previous range is 2025-01..03 and a year earlier is
 * 2024-04..06. EUR converts at 1.2 in 2025-01 (2025-Q1 has no rate: 2024-Q4 is one month away,
 * 2025-Q2 three) and at 1.1 in 2025-05 (its own period). PGlite and PostgreSQL.
 */
import { ANALYTICS_MESSAGES } from '@music-review/core/analytics';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/index.ts';
import { adminWithLabel } from '../../test/api-helpers.ts';
import type { TestServer } from '../../test/harness.ts';
import { createFinanceTestServer, financeApi, financeLabel } from '../royalties/royalties-test-helpers.ts';
import {
  type AnalyticsDataSet,
  analyticsStatements,
  buildAnalyticsDataSet,
  UNMATCHED_ISRC,
} from './analytics-test-helpers.ts';
import { grainFor } from './performance.repo.ts';

type Label = Awaited<ReturnType<typeof financeLabel>>;
type Headers = { authorization: string };
type Row = {
  key: string | null;
  kind: string;
  label: string;
  income: string;
  units: number;
  streams: number;
  share: string | null;
  previous_income: string;
  change: string | null;
  rank: number;
  previous_rank: number | null;
  movement: number | null;
};

const RANGE = 'from=2025-04&to=2025-06';

describe('catalogue performance', () => {
  let server: TestServer;
  let label: Label;
  let other: Label;
  let data: AnalyticsDataSet;

  const get = (headers: Headers, url: string) => server.app.inject({ method: 'GET', url, headers });
  const performance = async (query: string, headers = label.headers) => {
    const res = await get(headers, `/api/v1/analytics/performance?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const breakdown = async (query: string, headers = label.headers) => {
    const res = await get(headers, `/api/v1/analytics/breakdown?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { rows: Row[]; total_rows: number; total: unknown } & Record<string, unknown>;
  };
  /** The rows as [label, income, units, streams, share, previous income, change, rank, previous rank, movement]. */
  const table = (rows: Row[]) =>
    rows.map((r) => [
      r.label,
      r.income,
      r.units,
      r.streams,
      r.share,
      r.previous_income,
      r.change,
      r.rank,
      r.previous_rank,
      r.movement,
    ]);
  const owner = () => server.database.asOwner('tests read and change plans directly');

  beforeAll(async () => {
    server = await createFinanceTestServer();
    label = await financeLabel(server, 'Analytics Records');
    other = await financeLabel(server, 'Other Analytics Records');
    data = await buildAnalyticsDataSet(server, label);
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('answers totals against the previous range and a year earlier, the monthly series, lifecycle and revenue per stream', async () => {
    const body = await performance(RANGE);
    expect(body.empty).toBe(false);
    expect(body.reporting_currency).toBe('USD');
    expect(body.range).toEqual({ from: '2025-04', to: '2025-06', months: 3 });
    expect(body.previous_range).toEqual({ from: '2025-01', to: '2025-03' });
    expect(body.year_ago_range).toEqual({ from: '2024-04', to: '2024-06' });
    expect(body.rates_used).toEqual([
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.2',
        period_start: '2024-10',
        period_end: '2024-12',
        months: ['2025-01'],
      },
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.1',
        period_start: '2025-04',
        period_end: '2025-06',
        months: ['2025-05'],
      },
    ]);
    expect(body.not_converted).toEqual([]);
    expect(body.totals).toEqual({
      // C1..C8 in USD: 10.5 + 3 + 6 + 12 + 2.97 + 1.8 + 3.2 + 0.5 = 39.97; E2: 1.5 EUR x 1.1 = 1.65.
      // Units 3000 + 1000 + 1 + 4000 + 3 + 600 + 1000 + 200 + 500; streams leave out the downloads C3, C5.
      current: { income: '41.62', units: 10304, streams: 10300 },
      // M1 7 + M2 2.4 + M3 0.3 + E1 2 EUR x 1.2 = 2.4; units 2000 + 800 + 100 + 1000, all streams.
      previous: { income: '12.1', units: 3900, streams: 3900 },
      // L1 3.5 + L2 1.4 + L3 1.25; units 1000 + 2 + 500, the download L2 is no stream.
      year_ago: { income: '6.15', units: 1502, streams: 1500 },
      // (41.62 - 12.1) / 12.1 = 2.4396694214...; (10304 - 3900) / 3900; (10300 - 3900) / 3900.
      change_vs_previous: { income: '243.966942', units: '164.205128', streams: '164.102564' },
      // (41.62 - 6.15) / 6.15 = 5.7674796747...; (10304 - 1502) / 1502; (10300 - 1500) / 1500.
      change_vs_year_ago: { income: '576.747967', units: '586.018642', streams: '586.666667' },
    });
    expect(body.series).toEqual([
      // C1 + C2; L1.
      {
        month: '2025-04',
        income: '13.5',
        units: 4000,
        streams: 4000,
        year_ago_month: '2024-04',
        year_ago_income: '3.5',
        year_ago_units: 1000,
        year_ago_streams: 1000,
      },
      // C3 6 + C4 12 + E2 1.65; L2 + L3.
      {
        month: '2025-05',
        income: '19.65',
        units: 4501,
        streams: 4500,
        year_ago_month: '2024-05',
        year_ago_income: '2.65',
        year_ago_units: 502,
        year_ago_streams: 500,
      },
      // C5 2.97 + C6 1.8 + C7 3.2 + C8 0.5; nothing in 2024-06.
      {
        month: '2025-06',
        income: '8.47',
        units: 1803,
        streams: 1800,
        year_ago_month: '2024-06',
        year_ago_income: '0',
        year_ago_units: 0,
        year_ago_streams: 0,
      },
    ]);
    expect(
      body.lifecycle.map((b: { bucket: string; income: string; units: number }) => [
        b.bucket,
        b.income,
        b.units,
      ]),
    ).toEqual([
      // C4: Fresh Cut, released 2025-05-02, sold in 2025-05 (0 months).
      ['new', '12', 4000],
      // The EP of 2024-03-15 sold 13 to 15 months later: C1, C3 (the whole release), C5, and C7 (ISRC
      // only: Night Drive's release).
      ['recent', '22.67', 4004],
      // Old Songs of 2020-01-20: C2 3 + E2 1.65.
      ['back_catalogue', '4.65', 1500],
      // C6 matched nothing; C8's Demo Tape is on no release.
      ['unknown', '2.3', 800],
    ]);
    expect(body.per_stream).toEqual([
      // C1, C4, C6, C7 and E2: 29.15 for 9100 streams = 3.2032967... per 1,000.
      { store: 'Spotify', label: 'Spotify', streams: 9100, income: '29.15', per_thousand: '3.203297' },
      // C2 + C8: 3.5 for 1200 streams = 2.9166666...
      { store: 'Apple Music', label: 'Apple Music', streams: 1200, income: '3.5', per_thousand: '2.916667' },
    ]);
  });

  it('covers by default the twelve months ending at the latest counted sale month', async () => {
    const body = await performance('');
    // The import waiting for a decision has a line in 2025-07: it moves nothing.
    expect(body.range).toEqual({ from: '2024-07', to: '2025-06', months: 12 });
    expect(body.previous_range).toEqual({ from: '2023-07', to: '2024-06' });
    expect(body.totals.current).toEqual({ income: '53.72', units: 14204, streams: 14200 }); // 41.62 + 12.1
    expect(body.totals.previous).toEqual({ income: '6.15', units: 1502, streams: 1500 });
    expect(body.totals.year_ago).toEqual(body.totals.previous);
    // Nor does it count when asked for its month.
    expect((await performance('from=2025-07&to=2025-07')).totals.current).toEqual({
      income: '0',
      units: 0,
      streams: 0,
    });
    expect(body.series).toHaveLength(12);
    expect(body.series.map((m: { income: string }) => m.income)).toEqual([
      ...Array(6).fill('0'),
      '9.4', // M1 7 + E1 2.4
      '0.3', // M3
      '2.4', // M2
      '13.5',
      '19.65',
      '8.47',
    ]);
  });

  it('ranks stores and territories by income with shares, changes and movement', async () => {
    const stores = await breakdown(`${RANGE}&dimension=store`);
    expect(stores.total).toEqual({ income: '41.62', units: 10304, streams: 10300 });
    expect(stores.total_rows).toBe(3);
    expect(table(stores.rows)).toEqual([
      // C1 + C4 + C6 + C7 + E2 = 29.15 (70.0384430...% of 41.62); before: M1 7 + M3 0.3 + E1 2.4 = 9.7.
      ['Spotify', '29.15', 9100, 9100, '70.038443', '9.7', '200.515464', 1, 1, 0],
      // C3 + C5 = 8.97, downloads only; nothing before: new.
      ['iTunes', '8.97', 4, 0, '21.552138', '0', null, 2, null, null],
      // C2 + C8 = 3.5; before: M2 2.4; second before, third now.
      ['Apple Music', '3.5', 1200, 1200, '8.409419', '2.4', '45.833333', 3, 2, -1],
    ]);
    expect(stores.rows.map((r) => [r.key, r.kind])).toEqual([
      ['Spotify', 'item'],
      ['iTunes', 'item'],
      ['Apple Music', 'item'],
    ]);

    const territories = await breakdown(`${RANGE}&dimension=territory`);
    expect(table(territories.rows)).toEqual([
      // C2 3 + C4 12 + C5 2.97 + C7 3.2 + E2 1.65; before: M3 0.3.
      ['United Kingdom', '22.82', 6503, 6500, '54.829409', '0.3', '7506.666667', 1, 2, 1],
      // C1 10.5 + C3 6 + C6 1.8 + C8 0.5; before: M1 7 + M2 2.4 + E1 2.4 = 11.8.
      ['United States', '18.8', 3801, 3800, '45.170591', '11.8', '59.322034', 2, 1, -1],
    ]);
    expect(territories.rows.map((r) => r.key)).toEqual(['GB', 'US']);

    const limited = await breakdown(`${RANGE}&dimension=store&limit=1`);
    expect(limited.total_rows).toBe(3);
    expect(limited.rows.map((r) => r.label)).toEqual(['Spotify']);
  });

  it('ranks releases, tracks and artists, with Unmatched, whole-release sales and recordings on no release', async () => {
    const { releases, recordings } = data;
    const byRelease = await breakdown(`${RANGE}&dimension=release`);
    expect(byRelease.total_rows).toBe(5);
    expect(table(byRelease.rows)).toEqual([
      // C1 10.5 + C3 6 + C5 2.97 + C7 3.2 (ISRC only: Night Drive's release); before M1 7 + E1 2.4.
      ['Night Drive EP', '22.67', 4004, 4000, '54.469005', '9.4', '141.170213', 1, 1, 0],
      ['Fresh Cut', '12', 4000, 4000, '28.832292', '0', null, 2, null, null],
      // C2 3 + E2 1.65; before M2 2.4.
      ['Old Songs', '4.65', 1500, 1500, '11.172513', '2.4', '93.75', 3, 2, -1],
      ['Unmatched', '1.8', 600, 600, '4.324844', '0', null, 4, null, null],
      // C8 Demo Tape; before M3 0.3.
      ['Not on a release', '0.5', 200, 200, '1.201346', '0.3', '66.666667', 5, 3, -2],
    ]);
    expect(byRelease.rows.map((r) => [r.key, r.kind])).toEqual([
      [releases.nightDriveEp, 'item'],
      [releases.freshCut, 'item'],
      [releases.oldSongs, 'item'],
      [null, 'unmatched'],
      [null, 'no_release'],
    ]);

    const byTrack = await breakdown(`${RANGE}&dimension=track`);
    expect(byTrack.total_rows).toBe(7);
    expect(table(byTrack.rows)).toEqual([
      // C1 10.5 + C7 3.2; before M1 7 + E1 2.4.
      ['Night Drive — Nova Lane', '13.7', 4000, 4000, '32.916867', '9.4', '45.744681', 1, 1, 0],
      ['Fresh Cut — Nova Lane', '12', 4000, 4000, '28.832292', '0', null, 2, null, null],
      // C3, sold as the whole EP.
      ['Whole release: Night Drive EP', '6', 1, 0, '14.416146', '0', null, 3, null, null],
      // C2 + E2; before M2: second before, fourth now.
      ['Old Song — Kai Moss', '4.65', 1500, 1500, '11.172513', '2.4', '93.75', 4, 2, -2],
      ['Morning Light — Nova Lane', '2.97', 3, 0, '7.135992', '0', null, 5, null, null],
      ['Unmatched', '1.8', 600, 600, '4.324844', '0', null, 6, null, null],
      // C8; before M3: third before, seventh now.
      ['Demo Tape — Kai Moss', '0.5', 200, 200, '1.201346', '0.3', '66.666667', 7, 3, -4],
    ]);
    expect(byTrack.rows.map((r) => [r.key, r.kind])).toEqual([
      [recordings.nightDrive, 'item'],
      [recordings.freshCut, 'item'],
      [releases.nightDriveEp, 'release_only'],
      [recordings.oldSong, 'item'],
      [recordings.morningLight, 'item'],
      [null, 'unmatched'],
      [recordings.demoTape, 'item'],
    ]);

    const byArtist = await breakdown(`${RANGE}&dimension=artist`);
    expect(table(byArtist.rows)).toEqual([
      // C1 + C3 (the EP's artist) + C4 + C5 + C7; before M1 + E1.
      ['Nova Lane', '34.67', 8004, 8000, '83.301297', '9.4', '268.829787', 1, 1, 0],
      // C2 + E2 + C8; before M2 2.4 + M3 0.3.
      ['Kai Moss', '5.15', 1700, 1700, '12.373859', '2.7', '90.740741', 2, 2, 0],
      ['Unmatched', '1.8', 600, 600, '4.324844', '0', null, 3, null, null],
    ]);
    expect(byArtist.rows.map((r) => r.key)).toEqual(['Nova Lane', 'Kai Moss', null]);
  });

  it('filters by artist, release, store and territory; artist and store together read the full rollup', async () => {
    const totals = async (query: string) => {
      const body = await performance(`${RANGE}&${query}`);
      return [body.totals.current, body.totals.previous.income, body.totals.year_ago.income];
    };
    // C2 + E2 + C8; M2 + M3; L3.
    expect(await totals('artist=Kai%20Moss')).toEqual([
      { income: '5.15', units: 1700, streams: 1700 },
      '2.7',
      '1.25',
    ]);
    // The artist is matched exactly.
    expect(await totals('artist=kai%20moss')).toEqual([{ income: '0', units: 0, streams: 0 }, '0', '0']);
    // C1 + C3 + C5 + C7; M1 + E1; L1 + L2.
    expect(await totals(`release=${data.releases.nightDriveEp}`)).toEqual([
      { income: '22.67', units: 4004, streams: 4000 },
      '9.4',
      '4.9',
    ]);
    // Spotify: 29.15; M1 + M3 + E1; L1 + L3.
    expect(await totals('store=Spotify')).toEqual([
      { income: '29.15', units: 9100, streams: 9100 },
      '9.7',
      '4.75',
    ]);
    // GB (lower case is read as the code): 22.82; M3; L2 + L3.
    expect(await totals('territory=gb')).toEqual([
      { income: '22.82', units: 6503, streams: 6500 },
      '0.3',
      '2.65',
    ]);

    // Nova Lane on Spotify: C1 10.5 + C4 12 + C7 3.2; M1 7 + E1 2.4; L1 3.5. Neither the monthly
    // rollup (no recording) nor the recording one (no store) can answer it.
    expect(grainFor({ artist: 'Nova Lane', store: 'Spotify' })).toBe('full');
    expect(grainFor({ artist: 'Nova Lane' })).toBe('recording');
    expect(grainFor({ territory: 'GB' })).toBe('monthly');
    expect(grainFor({ territory: 'GB' }, { recording: true })).toBe('full');
    const both = await performance(`${RANGE}&artist=Nova%20Lane&store=Spotify`);
    expect([both.totals.current, both.totals.previous.income, both.totals.year_ago.income]).toEqual([
      { income: '25.7', units: 8000, streams: 8000 },
      '9.4',
      '3.5',
    ]);
    expect(both.lifecycle.map((b: { income: string }) => b.income)).toEqual(['12', '13.7', '0', '0']);
    expect(both.per_stream).toEqual([
      { store: 'Spotify', label: 'Spotify', streams: 8000, income: '25.7', per_thousand: '3.2125' },
    ]);
    expect(both.series.map((m: { income: string }) => m.income)).toEqual(['10.5', '12', '3.2']);

    // Territories of Nova Lane: GB C4 12 + C5 2.97 + C7 3.2; US C1 10.5 + C3 6.
    const places = await breakdown(`${RANGE}&dimension=territory&artist=Nova%20Lane`);
    expect(places.rows.map((r) => [r.key, r.income, r.previous_income])).toEqual([
      ['GB', '18.17', '0'],
      ['US', '16.5', '9.4'],
    ]);
    // Tracks sold in the US on Spotify: C1 and the unmatched C6.
    const tracks = await breakdown(`${RANGE}&dimension=track&store=Spotify&territory=US`);
    expect(tracks.rows.map((r) => [r.label, r.income])).toEqual([
      ['Night Drive — Nova Lane', '10.5'],
      ['Unmatched', '1.8'],
    ]);
  });

  it('converts into the reporting currency the member sets, listing the rates and what no rate converts', async () => {
    const api = financeApi(server);
    const settings = await api.get(label.headers, '/api/v1/finance/settings');
    expect(settings.json()).toEqual({ period_cadence: 'quarterly', reporting_currency: 'USD' });
    const put = (payload: Record<string, unknown>) =>
      server.app.inject({ method: 'PUT', url: '/api/v1/finance/settings', headers: label.headers, payload });

    const bad = await put({ reporting_currency: 'XYZ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ reporting_currency: 'A currency code like EUR or USD' });
    expect((await put({})).statusCode).toBe(400);
    // The period length still cannot change once periods exist; the currency may.
    expect((await put({ period_cadence: 'monthly' })).statusCode).toBe(409);
    const saved = await put({ reporting_currency: 'gbp' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ period_cadence: 'quarterly', reporting_currency: 'GBP' });
    expect((await api.get(label.headers, '/api/v1/finance/settings')).json().reporting_currency).toBe('GBP');
    // Another label keeps its own.
    expect((await api.get(other.headers, '/api/v1/finance/settings')).json().reporting_currency).toBe('USD');

    const rates = (list: Array<{ from: string; to: string; rate: string }>) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/v1/finance/periods/${data.periods.q2_2025}/rates`,
        headers: label.headers,
        payload: { rates: list },
      });
    expect(
      (
        await rates([
          { from: 'EUR', to: 'USD', rate: '1.1' },
          { from: 'USD', to: 'GBP', rate: '0.8' },
        ])
      ).statusCode,
    ).toBe(200);
    try {
      const body = await performance(RANGE);
      expect(body.reporting_currency).toBe('GBP');
      // Only 2025-Q2 has USD -> GBP: every USD month takes it, the nearest.
      expect(body.rates_used).toEqual([
        {
          from: 'USD',
          to: 'GBP',
          rate: '0.8',
          period_start: '2025-04',
          period_end: '2025-06',
          months: ['2024-04', '2024-05', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06'],
        },
      ]);
      // No period has EUR -> GBP: the euros are reported apart, in euros.
      expect(body.not_converted).toEqual([
        { currency: 'EUR', income: '1.5', previous_income: '2', year_ago_income: '0' },
      ]);
      // 39.97 x 0.8; 9.7 x 0.8; 6.15 x 0.8. Units count every line, the euro ones too.
      expect(body.totals.current).toEqual({ income: '31.976', units: 10304, streams: 10300 });
      expect(body.totals.previous.income).toBe('7.76');
      expect(body.totals.year_ago.income).toBe('4.92');
      // (31.976 - 7.76) / 7.76 = 3.1206185567...
      expect(body.totals.change_vs_previous.income).toBe('312.061856');
      // Spotify's stream income without E2: (10.5 + 12 + 1.8 + 3.2) x 0.8 = 22 for 9100 streams.
      expect(body.per_stream[0]).toEqual({
        store: 'Spotify',
        label: 'Spotify',
        streams: 9100,
        income: '22',
        per_thousand: '2.417582',
      });

      const stores = await breakdown(`${RANGE}&dimension=store`);
      expect(stores.not_converted).toEqual([{ currency: 'EUR', income: '1.5', previous_income: '2' }]);
      // Spotify (10.5 + 12 + 1.8 + 3.2) x 0.8 = 22 of 31.976; iTunes 8.97 x 0.8; Apple Music 3.5 x 0.8.
      expect(stores.rows.map((r) => [r.label, r.income, r.previous_income])).toEqual([
        ['Spotify', '22', '5.84'], // (7 + 0.3) x 0.8
        ['iTunes', '7.176', '0'],
        ['Apple Music', '2.8', '1.92'],
      ]);
    } finally {
      await put({ reporting_currency: 'USD' });
      await rates([{ from: 'EUR', to: 'USD', rate: '1.1' }]);
    }
    expect((await performance(RANGE)).totals.current.income).toBe('41.62');
  });

  it('exports each table as CSV through the safe writer', async () => {
    const csv = async (query: string) => {
      const res = await get(label.headers, `/api/v1/analytics/performance/export?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      return {
        rows: parse(res.body, { bom: true }) as string[][],
        disposition: res.headers['content-disposition'],
      };
    };
    const stores = await csv(`${RANGE}&report=store`);
    expect(stores.disposition).toBe('attachment; filename="analytics-store-2025-04-to-2025-06.csv"');
    expect(stores.rows).toEqual([
      [
        'Rank',
        'Previous rank',
        'Store',
        'Income (USD)',
        'Units',
        'Streams',
        'Share of income (%)',
        'Previous income (USD)',
        'Change (%)',
      ],
      ['1', '1', 'Spotify', '29.15', '9100', '9100', '70.038443', '9.7', '200.515464'],
      ['2', '', 'iTunes', '8.97', '4', '0', '21.552138', '0', ''],
      ['3', '2', 'Apple Music', '3.5', '1200', '1200', '8.409419', '2.4', '45.833333'],
    ]);

    const tracks = await csv(`${RANGE}&report=track`);
    expect(tracks.rows[0]?.[3]).toBe('Recording or release ID');
    expect(tracks.rows.slice(1).map((r) => [r[2], r[3], r[4]])).toEqual([
      ['Night Drive — Nova Lane', data.recordings.nightDrive, '13.7'],
      ['Fresh Cut — Nova Lane', data.recordings.freshCut, '12'],
      ['Whole release: Night Drive EP', data.releases.nightDriveEp, '6'],
      ['Old Song — Kai Moss', data.recordings.oldSong, '4.65'],
      ['Morning Light — Nova Lane', data.recordings.morningLight, '2.97'],
      ['Unmatched', '', '1.8'],
      ['Demo Tape — Kai Moss', data.recordings.demoTape, '0.5'],
    ]);

    expect((await csv(`${RANGE}&report=series`)).rows).toEqual([
      [
        'Month',
        'Income (USD)',
        'Units',
        'Streams',
        'Month a year earlier',
        'Income a year earlier (USD)',
        'Units a year earlier',
        'Streams a year earlier',
      ],
      ['2025-04', '13.5', '4000', '4000', '2024-04', '3.5', '1000', '1000'],
      ['2025-05', '19.65', '4501', '4500', '2024-05', '2.65', '502', '500'],
      ['2025-06', '8.47', '1803', '1800', '2024-06', '0', '0', '0'],
    ]);
    expect((await csv(`${RANGE}&report=lifecycle`)).rows).toEqual([
      ['Release lifecycle', 'Income (USD)', 'Units'],
      ['New (under 3 months)', '12', '4000'],
      ['Recent (3 to 18 months)', '22.67', '4004'],
      ['Back catalogue (over 18 months)', '4.65', '1500'],
      ['Release date unknown', '2.3', '800'],
    ]);
    expect((await csv(`${RANGE}&report=per_stream&store=Apple%20Music`)).rows).toEqual([
      ['Store', 'Streams', 'Stream income (USD)', 'Income per 1,000 streams (USD)'],
      ['Apple Music', '1200', '3.5', '2.916667'],
    ]);
    const territories = await csv(`${RANGE}&report=territory`);
    expect(territories.rows.slice(1).map((r) => r.slice(2, 5))).toEqual([
      ['United Kingdom', 'GB', '22.82'],
      ['United States', 'US', '18.8'],
    ]);
  });

  it('counts each export against the plan’s monthly limit, with the catalogue’s refusal', async () => {
    const limited = await financeLabel(server, 'Limited Analytics');
    const exportCsv = (query: string) =>
      get(limited.headers, `/api/v1/analytics/performance/export?${query}`);
    const usage = async () =>
      (
        await queryRows<{ n: number }>(
          owner(),
          sql`select count(*)::int as n from export_usage
              where organization_id = ${limited.organization.id} and export_type = 'analytics_csv'`,
        )
      )[0]?.n;
    await owner().execute(sql`update subscription_plans set monthly_export_limit = 2 where name = 'Pro'`);
    try {
      expect((await exportCsv('report=series')).statusCode).toBe(200);
      // An export that fails (another label's release) is not counted.
      expect((await exportCsv(`report=series&release=${data.releases.oldSongs}`)).statusCode).toBe(404);
      expect(await usage()).toBe(1);
      expect((await exportCsv('report=store')).statusCode).toBe(200);
      const refused = await exportCsv('report=track');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toEqual({
        code: 'plan_limit_reached',
        message: ANALYTICS_MESSAGES.exportLimit(2),
      });
      expect(ANALYTICS_MESSAGES.exportLimit(2)).toBe(
        'Your plan allows 2 analytics CSV exports a month, and this month’s are used. Upgrade your plan or wait until next month.',
      );
      expect(await usage()).toBe(2);
    } finally {
      await owner().execute(sql`update subscription_plans set monthly_export_limit = -1 where name = 'Pro'`);
    }
  });

  it('refuses bad input with a message per field', async () => {
    const refused = async (url: string) => {
      const res = await get(label.headers, url);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      return res.json().error as { message: string; fields: Record<string, string> };
    };
    expect(await refused('/api/v1/analytics/performance?from=2025-06&to=2025-05')).toEqual({
      code: 'validation_failed',
      message: ANALYTICS_MESSAGES.toBeforeFrom,
      fields: { to: 'Must be the same month as from or later' },
    });
    // 31 years: 1994-07 to 2025-06.
    expect((await refused('/api/v1/analytics/performance?from=1994-07&to=2025-06')).fields).toEqual({
      from: 'The range can cover at most 30 years (360 months)',
    });
    expect((await refused('/api/v1/analytics/breakdown?dimension=genre')).fields).toEqual({
      dimension: 'One of store, territory, release, track or artist',
    });
    expect((await refused('/api/v1/analytics/breakdown')).fields.dimension).toBeDefined();
    expect((await refused('/api/v1/analytics/performance?from=2025-6')).fields).toEqual({
      from: 'A month like 2025-06',
    });
    expect((await refused('/api/v1/analytics/performance?to=2025-13')).fields).toEqual({
      to: 'A month like 2025-06',
    });
    expect((await refused('/api/v1/analytics/performance?release=abc')).fields).toEqual({
      release: 'Must be a release id',
    });
    expect((await refused('/api/v1/analytics/performance/export?report=pie')).fields.report).toBeDefined();
    // Exactly 30 years is allowed.
    expect(
      (await get(label.headers, '/api/v1/analytics/performance?from=1995-07&to=2025-06')).statusCode,
    ).toBe(200);
  });

  it('shows an empty state without an imported statement, and never counts another label’s data', async () => {
    // Another label with only an import waiting for a decision: nothing counts, "empty".
    const waiting = await financeApi(server).importFile(
      other.headers,
      analyticsStatements().pending,
      'pending.tsv',
    );
    expect(waiting.status).toBe('needs_decision');
    const body = await performance('', other.headers);
    expect(body.empty).toBe(true);
    expect(body.totals.current).toEqual({ income: '0', units: 0, streams: 0 });
    expect(body.series).toHaveLength(12);
    expect(body.range.to).toBe(new Date().toISOString().slice(0, 7));
    expect(body.lifecycle.map((b: { income: string }) => b.income)).toEqual(['0', '0', '0', '0']);
    expect(body.per_stream).toEqual([]);
    expect((await performance(RANGE, other.headers)).totals.current.income).toBe('0');
    expect((await performance('from=2025-07&to=2025-07', other.headers)).totals.current.income).toBe('0');
    const theirs = await breakdown(`${RANGE}&dimension=track`, other.headers);
    expect([theirs.empty, theirs.total_rows, theirs.rows]).toEqual([true, 0, []]);

    // Our release, asked by another label: 404, like an unknown one.
    for (const url of [
      `/api/v1/analytics/performance?release=${data.releases.nightDriveEp}`,
      `/api/v1/analytics/breakdown?dimension=store&release=${data.releases.nightDriveEp}`,
      `/api/v1/analytics/performance/export?report=series&release=${data.releases.nightDriveEp}`,
    ]) {
      const res = await get(other.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toEqual({ code: 'not_found', message: ANALYTICS_MESSAGES.releaseNotFound });
    }
    expect((await performance(RANGE)).totals.current.income).toBe('41.62');
  });

  it('is on the plans with the catalogue only', async () => {
    const starter = await adminWithLabel(server.app, 'Starter Analytics');
    for (const url of [
      '/api/v1/analytics/performance',
      '/api/v1/analytics/breakdown?dimension=store',
      '/api/v1/analytics/performance/export?report=series',
    ]) {
      const res = await get(starter.headers, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('plan_required');
    }
  });

  it('moves a line resolved in Unmatched to its recording, the rollups staying equal to the lines', async () => {
    const api = financeApi(server);
    const resolved = await api.post(label.headers, '/api/v1/finance/unmatched/resolve', {
      items: [
        {
          source: 'distrokid',
          identifier_kind: 'isrc',
          identifier: UNMATCHED_ISRC,
          recording_id: data.recordings.demoTape,
        },
      ],
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toEqual({ aliases: 1, lines: 1 });

    const byTrack = await breakdown(`${RANGE}&dimension=track`);
    expect(byTrack.total_rows).toBe(6);
    // Demo Tape: C8 0.5 + C6 1.8 = 2.3; before M3 0.3; Unmatched is gone.
    expect(table(byTrack.rows).at(-1)).toEqual([
      'Demo Tape — Kai Moss',
      '2.3',
      800,
      800,
      '5.526189',
      '0.3',
      '666.666667',
      6,
      3,
      -3,
    ]);
    expect(byTrack.rows.some((r) => r.kind === 'unmatched')).toBe(false);
    const byArtist = await breakdown(`${RANGE}&dimension=artist`);
    // Kai Moss: 5.15 + 1.8.
    expect(table(byArtist.rows)).toEqual([
      ['Nova Lane', '34.67', 8004, 8000, '83.301297', '9.4', '268.829787', 1, 1, 0],
      ['Kai Moss', '6.95', 2300, 2300, '16.698703', '2.7', '157.407407', 2, 2, 0],
    ]);
    expect((await performance(RANGE)).totals.current.income).toBe('41.62');

    // Every grain sums to exactly what the counted lines sum to.
    const org = label.organization.id;
    const sums = (from: string, key: string) =>
      server.database.withOrg(org, (tx) =>
        queryRows<{ k: string | null; net: string; quantity: string }>(
          tx,
          sql`select ${sql.raw(key)} as k, sum(x.net)::text as net, sum(x.quantity)::text as quantity
              from ${sql.raw(from)} x join royalty_imports i on i.id = x.import_id and i.status = 'imported'
              where x.organization_id = ${org} group by 1 order by 1 nulls first`,
        ),
      );
    const byRecording = "coalesce(x.recording_id::text, '') || '/' || coalesce(x.release_id::text, '')";
    expect(await sums('statement_rollups_recording', byRecording)).toEqual(
      await sums('statement_lines', byRecording),
    );
    const byPlace = "coalesce(x.store, '') || '/' || coalesce(x.territory, '') || '/' || x.currency";
    expect(await sums('statement_rollups_monthly', byPlace)).toEqual(await sums('statement_lines', byPlace));
  });
});
