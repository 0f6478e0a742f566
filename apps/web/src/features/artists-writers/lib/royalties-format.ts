/**
 * How a payee's royalty account reads: amounts exact (text -> bigint, never a float) and the balance
 * in the words the Finance tab uses ("Owed", "Unrecouped", "Nothing owed").
 */
import { formatMinor, isCurrency, roundToMinor } from '@music-review/core/money';

/** Minor units sent as text ("1250" USD) -> "USD 12.50"; an amount or currency not understood shows as sent. */
export function minorText(minor: string | bigint, currency: string): string {
  const units = typeof minor === 'bigint' ? minor : /^-?\d+$/.test(minor) ? BigInt(minor) : null;
  if (units === null || !isCurrency(currency)) return `${currency} ${String(minor)} (minor units)`;
  return formatMinor(units, currency);
}

/** A balance in words: "Unrecouped USD 1,250.00", "Owed USD 12.40" or "Nothing owed". */
export function balanceWords(balanceMinor: string, currency: string): string {
  const units = /^-?\d+$/.test(balanceMinor) ? BigInt(balanceMinor) : 0n;
  if (units < 0n) return `Unrecouped ${minorText(-units, currency)}`;
  if (units > 0n) return `Owed ${minorText(units, currency)}`;
  return 'Nothing owed';
}

/** A payment's exact decimal amount ("12.4" USD) -> "USD 12.40"; shown as sent when it cannot be read. */
export function decimalText(amount: string, currency: string): string {
  if (!isCurrency(currency)) return `${currency} ${amount}`;
  try {
    return formatMinor(roundToMinor(amount, currency), currency);
  } catch {
    return `${currency} ${amount}`;
  }
}

const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "2025-04-02" -> "Apr 2, 2025": a calendar day, not shifted by the reader's time zone. */
export function dayText(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}
