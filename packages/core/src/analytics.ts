/**
 * Catalogue analytics (issue 17; decision 0030): what the imported statement lines earned, where
 * and when. Texts, limits and the pure rules shared by the server and the web app: month ranges
 * and their comparisons, release lifecycle buckets, the exchange rate a sale month uses, and the
 * rounding of the figures an answer shows. Contracts: ./contracts/analytics.ts; money: ./money.ts.
 *
 * Figures stay exact until they are answered: sums and conversions are exact decimals, and each
 * figure is rounded once, half to even, to at most six decimals (`displayDecimal`). The web rounds
 * them again for display, to the currency's minor unit.
 */
import {
  canonicalDecimal,
  compareDecimals,
  fromScaled,
  multiplyDecimals,
  pow10,
  subtractDecimals,
  sumDecimals,
  toScaled,
} from './money.ts';
import { territoryByAlpha2 } from './territories.ts';

/** The texts the issue names (users, screen readers and tests rely on them). */
export const ANALYTICS_TEXTS = {
  heading: 'Analytics',
  emptyTitle: 'No statements imported yet',
  emptyBody:
    'Analytics reads the statements your distributors send. Import a statement in Finance to see what earns, where and when.',
  importStatement: 'Import statement',
  exportCsv: 'Export CSV',
  unmatched: 'Unmatched',
  noRelease: 'Not on a release',
  noStore: 'No store given',
  noTerritory: 'No country given',
  wholeRelease: (title: string) => `Whole release: ${title}`,
  unknownTerritory: (code: string) => `Unknown (${code})`,
} as const;

export const ANALYTICS_LIMITS = {
  /** The range a request without dates covers, ending at the label's latest sale month. */
  defaultMonths: 12,
  /** The longest range a request may ask for. */
  maxYears: 30,
  maxMonths: 30 * 12,
  breakdownDefault: 50,
  breakdownMax: 500,
  /** Decimals an answered figure keeps (half to even); the web rounds again for display. */
  answerDecimals: 6,
} as const;

export const ANALYTICS_MESSAGES = {
  month: (field: string) => `${field}: a month like 2025-06`,
  toBeforeFrom: 'to: must be the same month as from or later',
  rangeTooLong: `from: the range can cover at most ${ANALYTICS_LIMITS.maxYears} years (${ANALYTICS_LIMITS.maxMonths} months)`,
  dimension: 'dimension: one of store, territory, release, track or artist',
  report: 'report: one of series, store, territory, release, track, artist, per_stream or lifecycle',
  releaseNotFound: 'Release not found',
  exportLimit: (limit: number) =>
    `Your plan allows ${limit} analytics CSV ${limit === 1 ? 'export' : 'exports'} a month, and this month’s ${limit === 1 ? 'export is' : 'are'} used. Upgrade your plan or wait until next month.`,
} as const;

/** The plan's monthly export counter analytics CSV files count against (check_export_limit). */
export const ANALYTICS_EXPORT_TYPE = 'analytics_csv';

/** What a breakdown ranks by income. */
export const BREAKDOWN_DIMENSIONS = ['store', 'territory', 'release', 'track', 'artist'] as const;
export type BreakdownDimension = (typeof BREAKDOWN_DIMENSIONS)[number];
export const BREAKDOWN_DIMENSION_LABELS: Record<BreakdownDimension, string> = {
  store: 'Store',
  territory: 'Territory',
  release: 'Release',
  track: 'Track',
  artist: 'Artist',
};

/**
 * What a breakdown row stands for: a store, territory, release, track or artist (`item`); the lines
 * that matched nothing (`unmatched`, key null); in the track breakdown, the lines sold as a whole
 * release (`release_only`, keyed by the release); in the release breakdown, recordings on no
 * release (`no_release`, key null); a line without store or country (`not_given`, key null).
 */
export const BREAKDOWN_ROW_KINDS = ['item', 'unmatched', 'release_only', 'no_release', 'not_given'] as const;
export type BreakdownRowKind = (typeof BREAKDOWN_ROW_KINDS)[number];

/** The tables "Export CSV" writes: the monthly series, each breakdown, revenue per stream, lifecycle. */
export const ANALYTICS_REPORTS = ['series', ...BREAKDOWN_DIMENSIONS, 'per_stream', 'lifecycle'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

// ---------------------------------------------------------------------------------------------------
// Months and ranges ("YYYY-MM", both ends included)

export const MONTH_PATTERN = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;

export interface MonthRange {
  from: string;
  to: string;
}

/** Months since year 0: "2025-06" -> 2025 * 12 + 5. */
export function monthIndex(month: string): number {
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function monthOfIndex(index: number): string {
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const addMonths = (month: string, count: number) => monthOfIndex(monthIndex(month) + count);

/** How many months a range covers, both ends included. */
export const monthCount = (range: MonthRange) => monthIndex(range.to) - monthIndex(range.from) + 1;

/** Every month of a range, in order. */
export function monthsOf(range: MonthRange): string[] {
  const months: string[] = [];
  for (let i = monthIndex(range.from); i <= monthIndex(range.to); i++) months.push(monthOfIndex(i));
  return months;
}

/**
 * The range a request covers. Without dates: the twelve months ending at the label's latest sale
 * month (this month when it has none). With one end only: twelve months from it or up to it.
 */
export function resolveRange(
  asked: { from?: string | undefined; to?: string | undefined },
  latestMonth: string | null,
  thisMonth: string,
): MonthRange {
  const span = ANALYTICS_LIMITS.defaultMonths - 1;
  if (asked.from && asked.to) return { from: asked.from, to: asked.to };
  if (asked.from) return { from: asked.from, to: addMonths(asked.from, span) };
  const to = asked.to ?? latestMonth ?? thisMonth;
  return { from: addMonths(to, -span), to };
}

/** The range of the same length just before: 2025-04..06 -> 2025-01..03. */
export function previousRange(range: MonthRange): MonthRange {
  const length = monthCount(range);
  return { from: addMonths(range.from, -length), to: addMonths(range.to, -length) };
}

/** The same months a year earlier: 2025-04..06 -> 2024-04..06. */
export function yearEarlier(range: MonthRange): MonthRange {
  return { from: addMonths(range.from, -12), to: addMonths(range.to, -12) };
}

// ---------------------------------------------------------------------------------------------------
// Release lifecycle

/**
 * A sale's age is the number of whole calendar months from its release's month to the sale month
 * (a release of 15 March 2025 is 0 months old in March, 3 in June). New: under 3 months (sales
 * before the release date, pre-orders, count as new); recent: 3 to 18 months; back catalogue:
 * over 18 months; unknown: no release date, or a line that matched nothing.
 */
export const LIFECYCLE_BUCKETS = ['new', 'recent', 'back_catalogue', 'unknown'] as const;
export type LifecycleBucket = (typeof LIFECYCLE_BUCKETS)[number];
export const LIFECYCLE_RULES = { newUnderMonths: 3, recentUpToMonths: 18 } as const;
export const LIFECYCLE_LABELS: Record<LifecycleBucket, string> = {
  new: 'New (under 3 months)',
  recent: 'Recent (3 to 18 months)',
  back_catalogue: 'Back catalogue (over 18 months)',
  unknown: 'Release date unknown',
};

/** The bucket of a sale in `saleMonth` ("YYYY-MM") of a release dated `releaseDate` ("YYYY-MM-DD"). */
export function lifecycleBucket(releaseDate: string | null, saleMonth: string): LifecycleBucket {
  if (!releaseDate) return 'unknown';
  const age = monthIndex(saleMonth) - monthIndex(releaseDate.slice(0, 7));
  if (age < LIFECYCLE_RULES.newUnderMonths) return 'new';
  return age <= LIFECYCLE_RULES.recentUpToMonths ? 'recent' : 'back_catalogue';
}

// ---------------------------------------------------------------------------------------------------
// Answered figures

/** An exact decimal as answered: half to even at six decimals, canonical ("12.5", never "12.500000"). */
export function displayDecimal(decimal: string): string {
  return fromScaled(toScaled(decimal, ANALYTICS_LIMITS.answerDecimals), ANALYTICS_LIMITS.answerDecimals);
}

const decimalsOf = (decimal: string) => {
  const text = canonicalDecimal(decimal);
  const point = text.indexOf('.');
  return point < 0 ? 0 : text.length - point - 1;
};

/** n / d for a positive d, half to even: the rounding of ./money.ts in integer form. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  let q = n / d;
  const r = n - q * d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d || (twice === d && q % 2n !== 0n)) q += n < 0n ? -1n : 1n;
  return q;
}

/**
 * a / b rounded once, half to even, to `decimals` (six by default); null when b is 0. Exact up to
 * that rounding: both sides are taken as integers at their common scale.
 */
export function divideDecimals(
  a: string,
  b: string,
  decimals: number = ANALYTICS_LIMITS.answerDecimals,
): string | null {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  let n = toScaled(a, scale) * pow10(decimals);
  let d = toScaled(b, scale);
  if (d === 0n) return null;
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  return fromScaled(divideHalfEven(n, d), decimals);
}

const absolute = (decimal: string) => (decimal.startsWith('-') ? decimal.slice(1) : decimal);

/**
 * The change from `base` to `current` in percent: (current - base) / |base| x 100, null when the
 * base is 0 (no income before: "new", not an infinite rise). Dividing by |base| keeps the sign
 * meaning "up" or "down" when the base is negative (a month of returns).
 */
export function changePercent(current: string, base: string): string | null {
  const b = canonicalDecimal(base);
  if (b === '0') return null;
  return divideDecimals(multiplyDecimals(subtractDecimals(current, b), '100'), absolute(b));
}

/** part / total x 100, null when the total is 0. */
export const sharePercent = (part: string, total: string) =>
  divideDecimals(multiplyDecimals(part, '100'), total);

/** Income per 1,000 streams, null without streams. */
export const perThousandStreams = (income: string, streams: string | number) =>
  divideDecimals(multiplyDecimals(income, '1000'), String(streams));

// ---------------------------------------------------------------------------------------------------
// Exchange rates

/** A royalty period's months and its exchange rates (1 from = rate to), as Finance keeps them. */
export interface PeriodRates {
  start_month: string;
  end_month: string;
  rates: ReadonlyArray<{ from: string; to: string; rate: string }>;
}

/** The rate a sale month uses and the period it comes from (null for the reporting currency itself). */
export interface RateChoice {
  rate: string;
  period: MonthRange | null;
}

const distance = (month: number, period: PeriodRates) => {
  const start = monthIndex(period.start_month);
  const end = monthIndex(period.end_month);
  return month < start ? start - month : month > end ? month - end : 0;
};

/**
 * The rate converting `from` into `to` for a sale month: the rate of the royalty period holding the
 * month; when that period has none for the pair (or no period holds the month), the rate of the
 * nearest period that has one, counted in months from the month to the period (a tie goes to the
 * earlier period). Only the pair as entered counts, never the inverse of the opposite pair (a
 * division is not exact), as the period run does. Null when no period has the pair: that
 * currency's income is reported apart, not converted.
 */
export function pickRate(
  periods: readonly PeriodRates[],
  from: string,
  to: string,
  month: string,
): RateChoice | null {
  if (from === to) return { rate: '1', period: null };
  const at = monthIndex(month);
  let best: { rate: string; period: PeriodRates; distance: number } | null = null;
  for (const period of periods) {
    const pair = period.rates.find((r) => r.from === from && r.to === to);
    if (!pair) continue;
    const d = distance(at, period);
    if (
      !best ||
      d < best.distance ||
      (d === best.distance && monthIndex(period.start_month) < monthIndex(best.period.start_month))
    )
      best = { rate: pair.rate, period, distance: d };
  }
  return best
    ? {
        rate: canonicalDecimal(best.rate),
        period: { from: best.period.start_month, to: best.period.end_month },
      }
    : null;
}

/** A rate an answer used: the pair, the rate, its period, and the sale months it converted. */
export interface RateUsed {
  from: string;
  to: string;
  rate: string;
  period_start: string;
  period_end: string;
  months: string[];
}

/** Sums per sale month and currency, as the server reads them from a rollup. */
export interface MonthCurrencySum {
  month: string;
  currency: string;
  net: string;
}

/**
 * Converts sums per month and currency into the reporting currency, exactly (amount x rate, no
 * rounding). Answers the converted total, what could not be converted per currency (in that
 * currency), and the rates used with the months each converted (pairs in the reporting currency
 * need none and are not listed).
 */
export function convertSums(
  rows: readonly MonthCurrencySum[],
  reporting: string,
  periods: readonly PeriodRates[],
): { income: string; notConverted: Map<string, string>; ratesUsed: RateUsed[] } {
  const converted: string[] = [];
  const notConverted = new Map<string, string[]>();
  const used = new Map<string, RateUsed>();
  for (const row of rows) {
    const choice = pickRate(periods, row.currency, reporting, row.month);
    if (!choice) {
      notConverted.set(row.currency, [...(notConverted.get(row.currency) ?? []), row.net]);
      continue;
    }
    converted.push(multiplyDecimals(row.net, choice.rate));
    if (choice.period) {
      const key = `${row.currency}|${choice.period.from}`;
      const entry = used.get(key) ?? {
        from: row.currency,
        to: reporting,
        rate: choice.rate,
        period_start: choice.period.from,
        period_end: choice.period.to,
        months: [],
      };
      if (!entry.months.includes(row.month)) entry.months.push(row.month);
      used.set(key, entry);
    }
  }
  return {
    income: sumDecimals(converted),
    notConverted: new Map([...notConverted].map(([currency, nets]) => [currency, sumDecimals(nets)])),
    ratesUsed: sortRatesUsed([...used.values()]),
  };
}

/** Rates used in a stable order (currency, then period), each one's months in order. */
export function sortRatesUsed(rates: RateUsed[]): RateUsed[] {
  for (const r of rates) r.months.sort();
  return rates.sort((a, b) =>
    a.from === b.from ? a.period_start.localeCompare(b.period_start) : a.from.localeCompare(b.from),
  );
}

/** Merges the rates used of several answers (their months united). */
export function mergeRatesUsed(...lists: ReadonlyArray<readonly RateUsed[]>): RateUsed[] {
  const merged = new Map<string, RateUsed>();
  for (const list of lists)
    for (const r of list) {
      const key = `${r.from}|${r.to}|${r.period_start}`;
      const entry = merged.get(key);
      if (!entry) merged.set(key, { ...r, months: [...r.months] });
      else for (const m of r.months) if (!entry.months.includes(m)) entry.months.push(m);
    }
  return sortRatesUsed([...merged.values()]);
}

// ---------------------------------------------------------------------------------------------------
// Labels

/** A territory key as shown: its English name; a code we do not know "Unknown (XX)"; none "No country given". */
export function territoryLabel(code: string | null): string {
  if (code === null) return ANALYTICS_TEXTS.noTerritory;
  return territoryByAlpha2(code)?.name ?? ANALYTICS_TEXTS.unknownTerritory(code);
}

/** Compares two exact decimals for sorting rows by income, largest first. */
export const byIncomeDesc = (a: { income: string }, b: { income: string }) =>
  compareDecimals(b.income, a.income);
