/**
 * Catalogue performance (issue 17, point 1; decision 0030): totals, comparisons, the monthly series,
 * release lifecycle, revenue per stream, and the ranked breakdowns, in the label's reporting
 * currency. Each answer reads a few grouped rows from the smallest rollup that can answer it
 * (performance.repo.ts), converts them exactly (currency.ts), and rounds each figure once when it is
 * answered (core analytics.ts displayDecimal).
 */
import {
  ANALYTICS_MESSAGES,
  ANALYTICS_TEXTS,
  addMonths,
  type BreakdownDimension,
  changePercent,
  convertSums,
  displayDecimal,
  LIFECYCLE_BUCKETS,
  LIFECYCLE_LABELS,
  type MonthRange,
  mergeRatesUsed,
  monthCount,
  monthsOf,
  perThousandStreams,
  previousRange,
  resolveRange,
  sharePercent,
  territoryLabel,
  yearEarlier,
} from '@music-review/core/analytics';
import type { BreakdownQuery, PerformanceQuery } from '@music-review/core/analytics-schemas';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { notFound } from '../../platform/errors.ts';
import { requireCatalogue } from '../catalogue/catalogue.access.ts';
import { analyticsCache } from './analytics-cache.ts';
import { type CurrencySetup, conversionTable, fxJoin, loadCurrencySetup } from './currency.ts';
import {
  type BreakdownRow,
  breakdown,
  type Filters,
  grainFor,
  labelState,
  lifecycleSums,
  type MonthSumRow,
  monthSums,
  releaseExists,
  resolveFilters,
  streamsByStore,
} from './performance.repo.ts';

type Figures = { income: string; units: number; streams: number };

const thisMonth = () => new Date().toISOString().slice(0, 7);
const inRange = (range: MonthRange, month: string) => month >= range.from && month <= range.to;
const count = (values: Iterable<string>) => {
  let total = 0n;
  for (const v of values) total += BigInt(v);
  return Number(total);
};

/**
 * Empty text filters are no filters. A release id in lower case, as PostgreSQL writes uuids (the
 * release's recordings are picked by comparing with the ids it answers; and the cache files both
 * cases under one key).
 */
function filtersOf(query: {
  artist?: string | undefined;
  release?: string | undefined;
  store?: string | undefined;
  territory?: string | undefined;
}): Filters {
  return {
    artist: query.artist || undefined,
    release: query.release?.toLowerCase() || undefined,
    store: query.store || undefined,
    territory: query.territory || undefined,
  };
}

/** The figures of some month sums: converted income (exact), units, streams; and what was left out. */
function figuresOf(rows: readonly MonthSumRow[], setup: CurrencySetup) {
  const converted = convertSums(rows, setup.reporting, setup.periods);
  return {
    exact: converted.income,
    figures: {
      income: displayDecimal(converted.income),
      units: count(rows.map((r) => r.units)),
      streams: count(rows.map((r) => r.streams)),
    } satisfies Figures,
    notConverted: converted.notConverted,
    ratesUsed: converted.ratesUsed,
  };
}

type Summed = ReturnType<typeof figuresOf>;

function changes(current: Summed, base: Summed) {
  return {
    income: changePercent(current.exact, base.exact),
    units: changePercent(String(current.figures.units), String(base.figures.units)),
    streams: changePercent(String(current.figures.streams), String(base.figures.streams)),
  };
}

/**
 * The ranges an answer covers and its filters resolved to ids, after the label's own checks (a
 * release of another label is 404, like an unknown one).
 */
async function prepare(
  tx: OrgTx,
  org: string,
  query: { from?: string | undefined; to?: string | undefined },
  asked: Filters,
) {
  if (asked.release && !(await releaseExists(tx, org, asked.release)))
    throw notFound(ANALYTICS_MESSAGES.releaseNotFound);
  const filters = await resolveFilters(tx, org, asked);
  const state = await labelState(tx, org);
  const setup = await loadCurrencySetup(tx, org);
  const range = resolveRange(query, state.latestMonth, thisMonth());
  return { empty: !state.hasImport, filters, setup, range, previous: previousRange(range) };
}

/** GET /api/v1/analytics/performance, read inside the caller's transaction. */
export async function readPerformance(tx: OrgTx, org: string, query: PerformanceQuery) {
  const { empty, filters, setup, range, previous } = await prepare(tx, org, query, filtersOf(query));
  const yearAgo = yearEarlier(range);
  // One read from the earlier of the two comparisons' starts to the range's end.
  const spanFrom = addMonths(range.from, -Math.max(monthCount(range), 12));
  const sums = await monthSums(tx, { org, grain: grainFor(filters), filters, from: spanFrom, to: range.to });
  const within = (r: MonthRange) => sums.filter((row) => inRange(r, row.month));
  const current = figuresOf(within(range), setup);
  const before = figuresOf(within(previous), setup);
  const lastYear = figuresOf(within(yearAgo), setup);

  const currencies = new Set([
    ...current.notConverted.keys(),
    ...before.notConverted.keys(),
    ...lastYear.notConverted.keys(),
  ]);
  const notConverted = [...currencies].sort().map((currency) => ({
    currency,
    income: displayDecimal(current.notConverted.get(currency) ?? '0'),
    previous_income: displayDecimal(before.notConverted.get(currency) ?? '0'),
    year_ago_income: displayDecimal(lastYear.notConverted.get(currency) ?? '0'),
  }));

  const byMonth = new Map<string, MonthSumRow[]>();
  for (const row of sums) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const series = monthsOf(range).map((month) => {
    const yearAgoMonth = addMonths(month, -12);
    const now = figuresOf(byMonth.get(month) ?? [], setup).figures;
    const then = figuresOf(byMonth.get(yearAgoMonth) ?? [], setup).figures;
    return {
      month,
      ...now,
      year_ago_month: yearAgoMonth,
      year_ago_income: then.income,
      year_ago_units: then.units,
      year_ago_streams: then.streams,
    };
  });

  // Lifecycle and per-stream sum many rows: the database converts them with the rates of the
  // (month, currency) pairs the range holds.
  const fx = fxJoin(conversionTable(setup, within(range)), 'g');
  const scope = { org, filters, from: range.from, to: range.to };
  const buckets = new Map(
    (await lifecycleSums(tx, { ...scope, grain: grainFor(filters, { recording: true }) }, fx)).map((b) => [
      b.bucket,
      b,
    ]),
  );
  const lifecycle = LIFECYCLE_BUCKETS.map((bucket) => ({
    bucket,
    label: LIFECYCLE_LABELS[bucket],
    income: displayDecimal(buckets.get(bucket)?.income ?? '0'),
    units: Number(buckets.get(bucket)?.units ?? 0),
  }));
  const perStream = (
    await streamsByStore(tx, { ...scope, grain: grainFor(filters, { place: true }) }, fx)
  ).map((s) => ({
    store: s.store,
    label: s.store ?? ANALYTICS_TEXTS.noStore,
    streams: Number(s.streams),
    income: displayDecimal(s.income),
    per_thousand: perThousandStreams(s.income, s.streams),
  }));

  return {
    empty,
    reporting_currency: setup.reporting,
    range: { ...range, months: monthCount(range) },
    previous_range: previous,
    year_ago_range: yearAgo,
    rates_used: mergeRatesUsed(current.ratesUsed, before.ratesUsed, lastYear.ratesUsed),
    not_converted: notConverted,
    totals: {
      current: current.figures,
      previous: before.figures,
      year_ago: lastYear.figures,
      change_vs_previous: changes(current, before),
      change_vs_year_ago: changes(current, lastYear),
    },
    series,
    lifecycle,
    per_stream: perStream,
  };
}

function labelOf(dimension: BreakdownDimension, row: BreakdownRow): string {
  if (row.kind === 'unmatched') return ANALYTICS_TEXTS.unmatched;
  if (row.kind === 'no_release') return ANALYTICS_TEXTS.noRelease;
  if (row.kind === 'release_only') return ANALYTICS_TEXTS.wholeRelease(row.title ?? '');
  if (dimension === 'store') return row.key ?? ANALYTICS_TEXTS.noStore;
  if (dimension === 'territory') return territoryLabel(row.key);
  if (dimension === 'release') return row.title ?? '';
  if (dimension === 'track') return row.artist ? `${row.title ?? ''} — ${row.artist}` : (row.title ?? '');
  return row.key ?? '';
}

/**
 * GET /api/v1/analytics/breakdown, read inside the caller's transaction: at most `limit` rows, all
 * with null (the CSV export).
 */
export async function readBreakdown(
  tx: OrgTx,
  org: string,
  query: Omit<BreakdownQuery, 'limit'>,
  limit: number | null,
) {
  const { empty, filters, setup, range, previous } = await prepare(tx, org, query, filtersOf(query));
  const sums = await monthSums(tx, {
    org,
    grain: grainFor(filters),
    filters,
    from: previous.from,
    to: range.to,
  });
  const current = figuresOf(
    sums.filter((r) => inRange(range, r.month)),
    setup,
  );
  const before = figuresOf(
    sums.filter((r) => inRange(previous, r.month)),
    setup,
  );
  const byPlace = query.dimension === 'store' || query.dimension === 'territory';
  const rows = await breakdown(
    tx,
    {
      org,
      grain: grainFor(filters, byPlace ? { place: true } : { recording: true }),
      filters,
      from: previous.from,
      to: range.to,
    },
    fxJoin(conversionTable(setup, sums), 'g'),
    query.dimension,
    range.from,
    limit,
  );
  const currencies = new Set([...current.notConverted.keys(), ...before.notConverted.keys()]);
  return {
    empty,
    reporting_currency: setup.reporting,
    dimension: query.dimension,
    range: { ...range, months: monthCount(range) },
    previous_range: previous,
    rates_used: mergeRatesUsed(current.ratesUsed, before.ratesUsed),
    not_converted: [...currencies].sort().map((currency) => ({
      currency,
      income: displayDecimal(current.notConverted.get(currency) ?? '0'),
      previous_income: displayDecimal(before.notConverted.get(currency) ?? '0'),
    })),
    total: current.figures,
    total_rows: rows[0]?.total_rows ?? 0,
    rows: rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      label: labelOf(query.dimension, row),
      income: displayDecimal(row.income),
      units: Number(row.units),
      streams: Number(row.streams),
      share: sharePercent(row.income, current.exact),
      previous_income: displayDecimal(row.previous_income),
      change: changePercent(row.income, row.previous_income),
      rank: row.rank,
      previous_rank: row.previous_rank,
      movement: row.previous_rank === null ? null : row.previous_rank - row.rank,
    })),
  };
}

/**
 * The answers, kept per label and query under the label's data version (analytics-cache.ts). A
 * range without dates ends at the label's latest sale month, or this month when it has none: such
 * an answer is also kept for the UTC day only. The plan gate comes before the cache.
 */
export function createPerformanceService(ctx: AppContext) {
  const { database } = ctx;
  const cache = analyticsCache(ctx);
  const today = (query: { from?: string | undefined; to?: string | undefined }) => !query.from && !query.to;
  return {
    performance(member: Member, query: PerformanceQuery) {
      requireCatalogue(member);
      const org = member.organizationId;
      return cache.answer(
        member,
        'performance',
        query,
        () => database.withOrg(org, (tx) => readPerformance(tx, org, query)),
        { today: today(query) },
      );
    },

    breakdown(member: Member, query: BreakdownQuery) {
      requireCatalogue(member);
      const org = member.organizationId;
      return cache.answer(
        member,
        'breakdown',
        query,
        () => database.withOrg(org, (tx) => readBreakdown(tx, org, query, query.limit)),
        { today: today(query) },
      );
    },
  };
}
