/**
 * A payee's minimum payout: typed in the currency's major units ("50", "49.99", "1 000,50"), sent
 * and stored as an integer number of minor units (cents). The conversion works on the typed digits,
 * never through a floating-point number, so 0.29 is 29 cents and not 28.999….
 */

/** The most the API accepts (catalogue-schemas: minimum_payout_minor). */
export const MAX_PAYOUT_MINOR = 100_000_000;

/** Digits after the decimal point of a currency: 2 for EUR, 0 for JPY, 3 for BHD (2 when unknown). */
export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2
    );
  } catch {
    return 2;
  }
}

export type MinorResult = { ok: true; minor: number } | { ok: false; message: string };

/**
 * "12.5" with 2 digits -> 1250. Accepts one '.' or ',' as the decimal mark and spaces between
 * digit groups; refuses anything else, more decimals than the currency has, and amounts past the
 * maximum. An empty text is 0 (no minimum).
 */
export function majorToMinor(text: string, digits: number): MinorResult {
  const typed = text.replace(/[\s\u00a0\u202f]/g, '');
  if (typed === '') return { ok: true, minor: 0 };
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(typed);
  if (!match) return { ok: false, message: 'Enter an amount, like 50 or 49.99' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    return {
      ok: false,
      message: digits === 0 ? 'This currency has no decimals' : `Enter at most ${digits} decimals`,
    };
  }
  const minor = BigInt(whole + fraction.padEnd(digits, '0'));
  if (minor > BigInt(MAX_PAYOUT_MINOR)) {
    return { ok: false, message: `Enter at most ${minorToMajor(MAX_PAYOUT_MINOR, digits)}` };
  }
  return { ok: true, minor: Number(minor) };
}

/** 1250 with 2 digits -> "12.50": the exact decimal text of an amount (a form's starting value). */
export function minorToMajor(minor: number, digits: number): string {
  const text = String(Math.trunc(Math.abs(minor))).padStart(digits + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (digits === 0) return sign + text;
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** 1250 in EUR -> "€12.50" in the reader's locale. */
export function formatMinor(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const amount = minorToMajor(minor, digits);
  try {
    // A decimal string is formatted exactly (Intl.NumberFormat v3), with no detour through a float.
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(
      amount as Intl.StringNumericLiteral,
    );
  } catch {
    return `${amount} ${currency}`;
  }
}
