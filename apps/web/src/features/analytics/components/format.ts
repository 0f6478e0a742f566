/** How the analytics screens show amounts, percentages, months, counts and rank movements. */
import { formatMonthSpan } from '@music-review/core/analytics-income';
import { compareDecimals, formatMinor, isCurrency, roundToMinor } from '@music-review/core/money';

const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An exact decimal amount in `currency`, rounded half to even to the currency's minor unit:
 * ("1234.5678", "USD") -> "USD 1,234.57". The decimal string never becomes a float (Finance's rule).
 * A code the currency list does not know, or a malformed amount, shows as sent rather than hidden.
 */
export function formatAmount(decimal: string, currency: string): string {
  if (!isCurrency(currency) || !DECIMAL.test(decimal)) return `${currency} ${decimal}`;
  try {
    return formatMinor(roundToMinor(decimal, currency), currency);
  } catch {
    return `${currency} ${decimal}`;
  }
}

/** Several currencies' amounts on one line: "EUR 12.00 · GBP 3.50"; `none` when there are none. */
export const formatAmounts = (
  amounts: readonly { currency: string; amount?: string; net?: string; income?: string }[],
  none = '—',
) =>
  amounts.length === 0
    ? none
    : amounts.map((a) => formatAmount(a.amount ?? a.net ?? a.income ?? '0', a.currency)).join(' · ');

/**
 * A decimal as a number for a chart's geometry only (a bar's length, a point's height): what is
 * written on screen always comes from the exact string.
 */
export const plotted = (decimal: string | null): number => {
  const n = Number(decimal ?? 0);
  return Number.isFinite(n) ? n : 0;
};

const counts = new Intl.NumberFormat('en-US');
/** 12345 -> "12,345". */
export const formatCount = (n: number) => counts.format(n);

/** 1 -> "1 line", 3 -> "3 lines". */
export const countLabel = (n: number, one: string, many: string) =>
  `${formatCount(n)} ${n === 1 ? one : many}`;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
/** An axis tick: 12500 -> "12.5K". */
export const formatCompact = (n: number) => compact.format(n);

const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });

/** A percentage the API answers as a decimal string ("12.345678") -> "12.3%"; '—' for null. */
export function formatPercent(percent: string | null): string {
  if (percent === null || !DECIMAL.test(percent)) return '—';
  return `${share.format(percent as `${number}`)}%`;
}

/** A change in percent -> "+12.3%" / "-4%" / "0%"; null (nothing before to compare with) -> "New". */
export function formatChange(percent: string | null): string {
  if (percent === null || !DECIMAL.test(percent)) return 'New';
  return `${signed.format(percent as `${number}`)}%`;
}

/** Whether a change is up, down or flat (for its colour and icon). */
export function changeDirection(percent: string | null): 'up' | 'down' | 'flat' | 'new' {
  if (percent === null || !DECIMAL.test(percent)) return 'new';
  if (/^-/.test(percent) && !/^-0(\.0*)?$/.test(percent)) return 'down';
  return /^0(\.0*)?$/.test(percent) ? 'flat' : 'up';
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2025-03" (or "2025-03-01") -> "Mar 2025": a calendar month, never shifted by the time zone. */
export function formatMonth(month: string): string {
  const match = /^(\d{4})-(\d{2})/.exec(month);
  const name = match ? MONTH_NAMES[Number(match[2]) - 1] : undefined;
  return match && name ? `${name} ${match[1]}` : month;
}

/** "Mar 2025" without the year when the axis is short: "Mar". */
export const formatMonthShort = (month: string) => formatMonth(month).replace(/ \d{4}$/, '');

/** A range of months as people say it: "Jan–Dec 2025", "Nov 2024–Jan 2025", "Mar 2025". */
export function formatMonths(from: string, to: string): string {
  if (!/^\d{4}-\d{2}/.test(from) || !/^\d{4}-\d{2}/.test(to)) return `${from} – ${to}`;
  return formatMonthSpan(from.slice(0, 7), to.slice(0, 7));
}

const dayFormat = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "2025-03-07" or an ISO time -> "Mar 7, 2025" (the UTC day, as the API counts days). */
export function formatDay(value: string | null): string {
  if (!value) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

/** Hours with one decimal -> "5.5 h", "3.2 days" past two days; '—' without any. */
export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  if (hours >= 48) return `${share.format(hours / 24)} days`;
  return `${share.format(hours)} h`;
}

/** A mean score (two decimals) -> "7.25"; '—' without scores. */
export const formatScore = (score: number | null) =>
  score === null ? '—' : new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(score);

/**
 * A row's movement since the previous range, in words: "Up 2", "Down 1", "Same", "New" (no rank
 * before). The sign of `movement` is places moved up.
 */
export function movementOf(row: { movement: number | null; previous_rank: number | null }): {
  direction: 'up' | 'down' | 'same' | 'new';
  text: string;
} {
  if (row.movement === null || row.previous_rank === null) return { direction: 'new', text: 'New' };
  if (row.movement > 0) return { direction: 'up', text: `Up ${formatCount(row.movement)}` };
  if (row.movement < 0) return { direction: 'down', text: `Down ${formatCount(-row.movement)}` };
  return { direction: 'same', text: 'Same' };
}

/** The row with the largest exact decimal (for a chart's summary); the first among equals; undefined when none. */
export function largestBy<T>(rows: readonly T[], amount: (row: T) => string): T | undefined {
  let best: T | undefined;
  for (const row of rows)
    if (best === undefined || compareDecimals(amount(row), amount(best)) > 0) best = row;
  return best;
}
