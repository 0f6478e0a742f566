/** How the finance screens show amounts, months, days and counts. */
import { formatMinor, isCurrency, roundToMinor } from '@music-review/core/money';
import type { MoneyDto } from '../finance-types';

/**
 * An exact amount rounded to its currency's minor unit (half to even, the accounting rule):
 * "1234.5678" USD -> "USD 1,234.57". The decimal string is never turned into a float. A code the
 * currency list does not know (a statement's typo) shows as sent rather than hiding the amount.
 */
export function formatMoney({ currency, net }: MoneyDto): string {
  if (!isCurrency(currency)) return `${currency} ${net}`;
  try {
    return formatMinor(roundToMinor(net, currency), currency);
  } catch {
    return `${currency} ${net}`;
  }
}

/** Several currencies' amounts on one line: "USD 1,234.57 · EUR 80.00"; `none` when there are none. */
export const formatAmounts = (amounts: readonly MoneyDto[], none = '—') =>
  amounts.length === 0 ? none : amounts.map(formatMoney).join(' · ');

const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "2025-03" or "2025-03-01" -> "Mar 2025" (a calendar month, not shifted by the time zone). */
export function formatMonth(value: string | null): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1));
  return Number.isNaN(date.getTime()) ? value : monthFormat.format(date);
}

/** "Jan 2025 – Mar 2025", one month alone when both ends are the same, '—' before any line. */
export function formatMonths(first: string | null, last: string | null): string {
  const from = formatMonth(first);
  const to = formatMonth(last);
  if (!from && !to) return '—';
  if (!from || !to || from === to) return from || to;
  return `${from} – ${to}`;
}

/** "2025-Q3" -> "Q3 2025". */
export function formatQuarter(quarter: string): string {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match ? `Q${match[2]} ${match[1]}` : quarter;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** 1 -> "1 line", 3 -> "3 lines". */
export const countLabel = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** A whole-number share as a percentage, rounded down so that 99.6 % never shows as "100%". */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(100, Math.floor((part / whole) * 100));
}

/** 1536 -> "1.5 KB"; bytes in 1024s, one decimal above a kilobyte. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
