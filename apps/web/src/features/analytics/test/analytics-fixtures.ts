/** Test data for /analytics: the API's answers exactly as the contracts declare them. */
import { makeMe } from '../../../test/factories';
import { json, mockFetch, type RecordedRequest } from '../../../test/fetch-mock';
import type {
  BreakdownDto,
  BreakdownRowDto,
  CatalogueValueDto,
  DemoRevenueDto,
  FunnelDto,
  IncomeAlertDto,
  LinesPageDto,
  MissingIncomeDto,
  PerformanceDto,
} from '../analytics-types';

/** A UUID for test ids: uuid(1) = '00000000-0000-4000-8000-000000000001'. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const PERFORMANCE = 'GET /api/v1/analytics/performance';
export const BREAKDOWN = 'GET /api/v1/analytics/breakdown';
export const EXPORT = 'GET /api/v1/analytics/performance/export';
export const FUNNEL = 'GET /api/v1/analytics/funnel';
export const DEMO_REVENUE = 'GET /api/v1/analytics/demo-revenue';
export const AR_EXPORT = 'GET /api/v1/analytics/ar/export';
export const MISSING = 'GET /api/v1/analytics/missing-income';
export const LINES = 'GET /api/v1/analytics/lines';
export const VALUE = 'GET /api/v1/analytics/catalogue-value';
export const INCOME_EXPORT = 'GET /api/v1/analytics/income/export';

const RANGE = { from: '2025-01', to: '2025-03' };
const PREVIOUS = { from: '2024-10', to: '2024-12' };
const YEAR_AGO = { from: '2024-01', to: '2024-03' };

/**
 * Three months of income in USD: 400.125 + 600.5 + 250 = 1250.625, shown half to even as
 * USD 1,250.62; the previous three months earned 1000, so +25.0625 % (shown +25.1%); nothing a year
 * earlier. Some GBP income has no rate and is reported apart.
 */
export function makePerformance(overrides: Partial<PerformanceDto> = {}): PerformanceDto {
  return {
    updating: false,
    empty: false,
    reporting_currency: 'USD',
    range: { ...RANGE, months: 3 },
    previous_range: PREVIOUS,
    year_ago_range: YEAR_AGO,
    rates_used: [
      {
        from: 'EUR',
        to: 'USD',
        rate: '1.0825',
        period_start: '2025-01',
        period_end: '2025-03',
        months: ['2025-01', '2025-02', '2025-03'],
      },
    ],
    not_converted: [{ currency: 'GBP', income: '12.5', previous_income: '0', year_ago_income: '0' }],
    totals: {
      current: { income: '1250.625', units: 120_500, streams: 120_000 },
      previous: { income: '1000', units: 100_000, streams: 99_000 },
      year_ago: { income: '0', units: 0, streams: 0 },
      change_vs_previous: { income: '25.0625', units: '20.5', streams: '21.212121' },
      change_vs_year_ago: { income: null, units: null, streams: null },
    },
    series: [
      ['2025-01', '400.125', 40_000],
      ['2025-02', '600.5', 60_500],
      ['2025-03', '250', 20_000],
    ].map(([month, income, units]) => ({
      month: month as string,
      income: income as string,
      units: units as number,
      streams: (units as number) - 100,
      year_ago_month: `2024-${(month as string).slice(5)}`,
      year_ago_income: '0',
      year_ago_units: 0,
      year_ago_streams: 0,
    })),
    lifecycle: [
      { bucket: 'new', label: 'New (under 3 months)', income: '250', units: 20_000 },
      { bucket: 'recent', label: 'Recent (3 to 18 months)', income: '600.5', units: 60_500 },
      {
        bucket: 'back_catalogue',
        label: 'Back catalogue (over 18 months)',
        income: '400.125',
        units: 40_000,
      },
      { bucket: 'unknown', label: 'Release date unknown', income: '0', units: 0 },
    ],
    per_stream: [
      { store: 'Spotify', label: 'Spotify', streams: 100_000, income: '312.3456', per_thousand: '3.123456' },
      { store: 'Apple Music', label: 'Apple Music', streams: 20_000, income: '150', per_thousand: '7.5' },
    ],
    ...overrides,
  };
}

const row = (
  overrides: Partial<BreakdownRowDto> & Pick<BreakdownRowDto, 'label' | 'rank'>,
): BreakdownRowDto => ({
  key: overrides.label,
  kind: 'item',
  income: '0',
  units: 0,
  streams: 0,
  share: null,
  previous_income: '0',
  change: null,
  previous_rank: null,
  movement: null,
  ...overrides,
});

/** Each dimension's ranked rows: one up, one down, one new. */
export const BREAKDOWN_ROWS: Record<BreakdownDto['dimension'], BreakdownRowDto[]> = {
  store: [
    row({
      label: 'Spotify',
      rank: 1,
      income: '800.125',
      share: '63.977612',
      previous_income: '400',
      change: '100.03125',
      previous_rank: 2,
      movement: 1,
      units: 80_000,
      streams: 80_000,
    }),
    row({
      label: 'Apple Music',
      rank: 2,
      income: '450.5',
      share: '36.022388',
      previous_income: '600',
      change: '-24.916667',
      previous_rank: 1,
      movement: -1,
      units: 40_500,
      streams: 40_000,
    }),
  ],
  territory: [
    row({
      key: 'US',
      label: 'United States',
      rank: 1,
      income: '1000',
      share: '79.960024',
      previous_rank: 1,
      movement: 0,
    }),
    row({ key: 'XK', label: 'Unknown (XK)', rank: 2, income: '200.625', share: '16.041976' }),
    row({ key: null, kind: 'not_given', label: 'No country given', rank: 3, income: '50', share: '3.998' }),
  ],
  release: [
    row({
      key: uuid(21),
      label: 'Summer EP',
      rank: 1,
      income: '1000',
      share: '79.960024',
      previous_rank: 3,
      movement: 2,
    }),
    row({ key: null, kind: 'unmatched', label: 'Unmatched', rank: 2, income: '250.625', share: '20.039976' }),
  ],
  track: [row({ key: uuid(31), label: 'Golden Hour — Sunny', rank: 1, income: '1250.625', share: '100' })],
  artist: [
    row({ label: 'Sunny', rank: 1, income: '1000', share: '79.960024', previous_rank: 1, movement: 0 }),
    row({ label: 'The Moons', rank: 2, income: '250.625', share: '20.039976' }),
  ],
};

export function makeBreakdown(
  dimension: BreakdownDto['dimension'],
  overrides: Partial<BreakdownDto> = {},
): BreakdownDto {
  const rows = BREAKDOWN_ROWS[dimension];
  return {
    updating: false,
    empty: false,
    reporting_currency: 'USD',
    range: { ...RANGE, months: 3 },
    previous_range: PREVIOUS,
    rates_used: [],
    dimension,
    not_converted: [],
    total: { income: '1250.625', units: 120_500, streams: 120_000 },
    total_rows: rows.length,
    rows,
    ...overrides,
  };
}

/** The breakdown route: each request answered for the dimension it asks. */
export const breakdownRoute =
  (overrides: Partial<BreakdownDto> = {}) =>
  (request: RecordedRequest) => {
    const dimension = new URL(request.path, 'http://localhost').searchParams.get(
      'dimension',
    ) as BreakdownDto['dimension'];
    return json(200, makeBreakdown(dimension, overrides));
  };

export function makeFunnel(overrides: Partial<FunnelDto> = {}): FunnelDto {
  return {
    updating: false,
    range: { from: '2025-03-03', to: '2025-03-16', weeks: 2 },
    team_size: 3,
    threshold: 2,
    totals: {
      demos: 8,
      reached_threshold: 6,
      threshold_share: '75',
      decided: 5,
      signed: 2,
      passed: 3,
      signed_rate: '25',
    },
    signed_last_30_days: 4,
    weeks: [
      { week: '2025-W10', week_start: '2025-03-03', demos: 5, by_source: { team: 2, external: 3, none: 0 } },
      { week: '2025-W11', week_start: '2025-03-10', demos: 3, by_source: { team: 0, external: 2, none: 1 } },
    ],
    sources: [
      {
        kind: 'team',
        label: 'Submitted by a team member',
        demos: 2,
        reached_threshold: 2,
        signed: 1,
        passed: 1,
        signed_rate: '50',
      },
      {
        kind: 'external',
        label: 'Sent in by the artist',
        demos: 5,
        reached_threshold: 4,
        signed: 1,
        passed: 2,
        signed_rate: '20',
      },
      {
        kind: 'none',
        label: 'No submitter recorded',
        demos: 1,
        reached_threshold: 0,
        signed: 0,
        passed: 0,
        signed_rate: '0',
      },
    ],
    time_to_first_listen: { count: 7, not_yet: 1, median_hours: 5.5, p90_hours: 60 },
    time_to_decision: { count: 5, undecided: 3, untimed: 0, median_hours: 30, p90_hours: 96 },
    reviewers: [
      {
        reviewer_id: uuid(41),
        name: 'Ada Lovelace',
        is_member: true,
        reviews: 7,
        useless: 1,
        demos_reviewed: 7,
        average_overall: 7.25,
        average_musical: 7,
        average_artist: 6.5,
        signed: 2,
        signed_rate: '28.571429',
      },
      {
        reviewer_id: uuid(42),
        name: 'Former member',
        is_member: false,
        reviews: 2,
        useless: 0,
        demos_reviewed: 2,
        average_overall: 5,
        average_musical: 5,
        average_artist: 5,
        signed: 0,
        signed_rate: '0',
      },
    ],
    ...overrides,
  };
}

export function makeDemoRevenue(overrides: Partial<DemoRevenueDto> = {}): DemoRevenueDto {
  return {
    updating: false,
    reporting_currency: 'USD',
    rates_used: [],
    demos: [
      {
        song_id: uuid(51),
        title: 'Golden Hour',
        artist: 'Sunny',
        submitted_at: '2024-05-01T10:00:00.000Z',
        source_kind: 'external',
        signed_at: '2024-06-03T12:00:00.000Z',
        averages: { musical: 8.5, artist: 7, overall: 8.25, reviews: 2 },
        scores: [],
        recording: { id: uuid(31), title: 'Golden Hour', display_artist: 'Sunny', isrc: 'GBAAA2400001' },
        earnings: [
          { currency: 'USD', amount: '1234.5678' },
          { currency: 'GBP', amount: '10' },
        ],
        earned: { amount: '1234.5678', not_converted: [{ currency: 'GBP', amount: '10' }] },
        advance: { source: 'ledger', amounts: [{ currency: 'USD', amount: '2000' }] },
        recoupment: { state: 'unrecouped', remaining: [{ currency: 'USD', amount: '500' }] },
      },
    ],
    reviewers: [
      {
        reviewer_id: uuid(41),
        name: 'Ada Lovelace',
        median_score: 7,
        high_scored: 3,
        high_signed: 1,
        earnings: [{ currency: 'USD', amount: '1234.5678' }],
        earned: { amount: '1234.5678', not_converted: [] },
        demos: [{ song_id: uuid(51), title: 'Golden Hour' }],
      },
    ],
    ...overrides,
  };
}

export function makeAlert(overrides: Partial<IncomeAlertDto> = {}): IncomeAlertDto {
  return {
    id: uuid(61),
    kind: 'missing',
    dimension: 'store',
    value: 'Deezer',
    value_name: 'Deezer',
    recording: { id: uuid(31), title: 'Golden Hour', display_artist: 'Sunny', isrc: 'GBAAA2400001' },
    source: 'distrokid',
    source_name: 'DistroKid',
    import_id: uuid(71),
    import_file_name: 'april.tsv',
    current_from: '2025-04',
    current_to: '2025-04',
    previous_from: '2025-01',
    previous_to: '2025-03',
    current_months: 1,
    previous_months: 3,
    previous_net: '45.5',
    current_net: '0',
    currency: 'USD',
    description: '“Golden Hour” has no income from Deezer in DistroKid’s statement for Apr 2025',
    lines: {
      recording_id: uuid(31),
      source: 'distrokid',
      store: 'Deezer',
      from: '2025-01',
      to: '2025-04',
    },
    ...overrides,
  };
}

export const missingAnswer = (alerts: IncomeAlertDto[], overrides: Partial<MissingIncomeDto> = {}) =>
  json(200, { alerts, updating: false, total: alerts.length, has_statements: true, ...overrides });

export function makeLinesPage(overrides: Partial<LinesPageDto> = {}): LinesPageDto {
  return {
    rows: [
      {
        import_id: uuid(72),
        import_file_name: 'march.tsv',
        source: 'distrokid',
        source_name: 'DistroKid',
        line_number: 12,
        sale_month: '2025-03',
        store: 'Deezer',
        territory: 'FR',
        isrc: 'GBAAA2400001',
        upc: null,
        track_title: 'Golden Hour',
        release_title: 'Summer EP',
        artist: 'Sunny',
        sale_type: 'stream',
        quantity: 3000,
        net: '15.1234',
        currency: 'USD',
        recording_id: uuid(31),
        release_id: uuid(21),
      },
    ],
    next_cursor: null,
    total: 1,
    quantity: 3000,
    amounts: [{ currency: 'USD', net: '15.1234' }],
    ...overrides,
  };
}

export function makeCatalogueValue(overrides: Partial<CatalogueValueDto> = {}): CatalogueValueDto {
  const amounts = (net: string) => ({
    net,
    amounts: [{ currency: 'USD', net }],
    not_converted: [] as { currency: string; net: string }[],
  });
  return {
    updating: false,
    from: '2024-04',
    to: '2025-03',
    currency: 'USD',
    total: { ...amounts('3000.005'), quantity: 300_000 },
    artists: [
      { rank: 1, artist: 'Sunny', recordings: 3, quantity: 200_000, ...amounts('2000.005') },
      { rank: 2, artist: 'The Moons', recordings: 1, quantity: 100_000, ...amounts('1000') },
    ],
    artist_count: 2,
    releases: [
      {
        rank: 1,
        release_id: uuid(21),
        title: 'Summer EP',
        display_artist: 'Sunny',
        upc: '5012345678900',
        release_date: '2023-06-02',
        quantity: 250_000,
        ...amounts('2500'),
      },
      {
        rank: 2,
        release_id: null,
        title: 'Not on a release',
        display_artist: 'Various',
        upc: null,
        release_date: null,
        quantity: 50_000,
        ...amounts('500.005'),
      },
    ],
    release_count: 2,
    rates: [],
    ...overrides,
  };
}

type Routes = Parameters<typeof mockFetch>[0];

/**
 * A member's routes for /analytics on a plan that has the catalogue: realistic answers for every
 * tab unless a test routes them itself.
 */
export function serveAnalytics(routes: Routes = {}, { admin = false, hasCatalogue = true } = {}) {
  return mockFetch({
    'GET /api/v1/me': json(
      200,
      makeMe({
        reviewer: { is_admin: admin },
        organization: { ...makeMe().organization!, has_catalogue: hasCatalogue },
      }),
    ),
    [PERFORMANCE]: json(200, makePerformance()),
    [BREAKDOWN]: breakdownRoute(),
    [FUNNEL]: json(200, makeFunnel()),
    [DEMO_REVENUE]: json(200, makeDemoRevenue()),
    [MISSING]: missingAnswer([makeAlert()]),
    [LINES]: json(200, makeLinesPage()),
    [VALUE]: json(200, makeCatalogueValue()),
    ...routes,
  });
}

/** The query string of the last request to `route`. */
export function lastQuery(server: ReturnType<typeof mockFetch>, route: string) {
  const last = server.requestsTo(route).at(-1);
  if (!last) throw new Error(`No request to ${route}`);
  return new URL(last.path, 'http://localhost').searchParams;
}

/** A CSV file as the export endpoints answer it. */
export const csvFile = (name: string) =>
  new Response('\uFEFFMonth,Income (USD)\r\n', {
    status: 200,
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}"`,
    },
  });
