/**
 * Exact money for royalty accounting (issue 16): amounts travel as decimal strings and are counted
 * as bigint units, never as floating point, so that a million statement lines of 0.0003 add up to
 * exactly 300 and a statement's parts sum to its total to the cent.
 *
 * - A canonical decimal string: an optional "-", digits without leading zeros, and a fractional part
 *   only when it is not zero, without trailing zeros ("1.5", "-0.0003", "12"; never "-0", "1.50" or
 *   "1e-5"). Two equal amounts have the same text, so they compare and group as strings.
 * - The one rounding rule (decision 0028): half to even ("banker's rounding") to the currency's minor
 *   unit, ISO 4217's exponent (USD 2, JPY 0, KWD 3). Half-even has no drift up or down over many
 *   roundings, which half-up has on millions of fractions of a cent.
 */

/**
 * ISO 4217 active currency codes and their minor-unit exponent (the digits after the point), from
 * the ISO 4217 list one. Left out on purpose: precious metals, the SDR and the testing codes (XAU,
 * XAG, XPD, XPT, XDR, XSU, XUA, XBA-XBD, XTS, XXX), which have no minor unit and no royalty is paid
 * in. Kept while they are still reported: codes being withdrawn (ANG, CUC, SLL, ZWL) beside their
 * successors (XCG, SLE, ZWG).
 */
const CODES_BY_EXPONENT: ReadonlyArray<readonly [number, string]> = [
  [0, 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF'],
  [
    2,
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP ' +
      'BYN BZD CAD CDF CHE CHF CHW CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR ' +
      'FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ILS INR IRR JMD KES KGS KHR KPW ' +
      'KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR MZN ' +
      'NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD ' +
      'SHP SLE SLL SOS SRD SSP STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU ' +
      'UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL',
  ],
  [3, 'BHD IQD JOD KWD LYD OMR TND'],
  [4, 'CLF UYW'],
];

export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    CODES_BY_EXPONENT.flatMap(([exponent, codes]) => codes.split(' ').map((code) => [code, exponent])),
  ),
);

/** An ISO 4217 code of this list, exactly as written (upper case: "usd" is not a code until upper-cased). */
export function isCurrency(code: string): boolean {
  return Object.hasOwn(CURRENCY_EXPONENTS, code);
}

/** The minor-unit exponent of a currency; throws on a code that is not in the list (a programming error). */
export function currencyExponent(currency: string): number {
  const exponent = CURRENCY_EXPONENTS[currency];
  if (exponent === undefined) throw new Error(`Not an ISO 4217 currency code: ${currency}`);
  return exponent;
}

// ---------------------------------------------------------------------------------------------------
// Decimal text <-> (digits, scale)

// Optional sign, digits with an optional point (".5" and "5." too), optional exponent ("3.5E-05",
// which Excel writes for small amounts in CSV files).
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;
const POW10: bigint[] = [];

/** 10^n as a bigint, cached for the small n that every call uses. */
export function pow10(n: number): bigint {
  if (n < 64) {
    let value = POW10[n];
    if (value === undefined) {
      value = 10n ** BigInt(n);
      POW10[n] = value;
    }
    return value;
  }
  return 10n ** BigInt(n);
}

/** A decimal as an integer of units and the number of digits after the point: "-1.25" -> { units: -125n, scale: 2 }. */
interface Scaled {
  units: bigint;
  scale: number;
}

function parseDecimal(text: string): Scaled {
  const match = DECIMAL.exec(text);
  const intPart = match?.[2] ?? '';
  const fracPart = match?.[3] ?? '';
  if (!match || (intPart === '' && fracPart === '')) throw new Error(`Not a decimal number: "${text}"`);
  let digits = intPart + fracPart;
  let scale = fracPart.length - (match[4] === undefined ? 0 : Number(match[4]));
  if (!Number.isSafeInteger(scale) || Math.abs(scale) > 1000)
    throw new Error(`Not a decimal number in range: "${text}"`);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  const units = BigInt(digits);
  return { units: match[1] === '-' ? -units : units, scale };
}

/** Units at `scale` as canonical text: fromUnits(-125n, 2) === "-1.25", fromUnits(1500n, 3) === "1.5". */
function fromUnits(units: bigint, scale: number): string {
  const negative = units < 0n;
  let digits = (negative ? -units : units).toString();
  if (scale > 0) {
    if (digits.length <= scale) digits = '0'.repeat(scale - digits.length + 1) + digits;
    const point = digits.length - scale;
    let end = digits.length;
    while (end > point && digits.charCodeAt(end - 1) === 48) end--;
    digits = end === point ? digits.slice(0, point) : `${digits.slice(0, point)}.${digits.slice(point, end)}`;
  }
  if (digits === '0') return '0';
  return negative ? `-${digits}` : digits;
}

/** Half-to-even division of n by a positive d: the rounding of decision 0028 in integer form. */
function divideHalfEven(n: bigint, d: bigint): bigint {
  let q = n / d; // truncates toward zero
  const r = n - q * d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice > d || (twice === d && q % 2n !== 0n)) q += n < 0n ? -1n : 1n;
  return q;
}

/** Floor division (toward minus infinity) of n by a positive d. */
function divideFloor(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d < 0n ? q - 1n : q;
}

/**
 * The canonical text of a decimal: "0012.500" -> "12.5", "-0.00" -> "0", ".5" -> "0.5",
 * "3.5E-05" -> "0.000035", "+7" -> "7". Throws on anything that is not a plain decimal (no grouping
 * separators, currency signs or decimal commas: statement cells are cleaned first, ./royalty-sources.ts).
 */
export function canonicalDecimal(text: string): string {
  const { units, scale } = parseDecimal(text);
  return fromUnits(units, scale);
}

/**
 * A decimal as a count of 10^-scale units: toScaled("1.25", 2) === 125n, toScaled("1.25", 4) === 12500n.
 * With more decimals than the scale it rounds half to even: toScaled("0.125", 2) === 12n,
 * toScaled("0.135", 2) === 14n, toScaled("-0.125", 2) === -12n.
 */
export function toScaled(decimal: string, scale: number): bigint {
  const parsed = parseDecimal(decimal);
  if (parsed.scale <= scale) return parsed.units * pow10(scale - parsed.scale);
  return divideHalfEven(parsed.units, pow10(parsed.scale - scale));
}

/** Units of 10^-scale back to canonical text: fromScaled(-5n, 2) === "-0.05", fromScaled(1200n, 2) === "12". */
export function fromScaled(units: bigint, scale: number): string {
  return fromUnits(units, scale);
}

/**
 * The one rounding rule (decision 0028): half to even, to the currency's minor unit. Returns minor
 * units: roundToMinor("0.125", "USD") === 12n, roundToMinor("2.5", "JPY") === 2n.
 */
export function roundToMinor(decimal: string, currency: string): bigint {
  return toScaled(decimal, currencyExponent(currency));
}

/**
 * Exact parts rounded to minor units so that they sum exactly to roundToMinor(sum of parts): each part
 * is first rounded down (toward minus infinity), then the minor units left over go one each to the
 * parts with the largest remainders, ties to the earlier part. Works with negative parts (a return
 * among sales). allocateToMinor(["0.333", "0.333", "0.334"], "USD") -> [33n, 33n, 34n].
 */
export function allocateToMinor(parts: readonly string[], currency: string): bigint[] {
  const exponent = currencyExponent(currency);
  const parsed = parts.map(parseDecimal);
  const scale = Math.max(exponent, ...parsed.map((p) => p.scale));
  const divisor = pow10(scale - exponent);
  let total = 0n;
  let floorsTotal = 0n;
  const floors: bigint[] = [];
  const remainders: bigint[] = [];
  for (const part of parsed) {
    const units = part.units * pow10(scale - part.scale);
    const floor = divideFloor(units, divisor);
    total += units;
    floorsTotal += floor;
    floors.push(floor);
    remainders.push(units - floor * divisor);
  }
  // At most one unit per part with a remainder (the remainders sum to less than their count).
  let leftover = divideHalfEven(total, divisor) - floorsTotal;
  if (leftover > 0n) {
    const order = floors.map((_, index) => index);
    order.sort((a, b) => {
      const ra = remainders[a]!;
      const rb = remainders[b]!;
      return ra === rb ? a - b : ra > rb ? -1 : 1;
    });
    for (const index of order) {
      if (leftover === 0n) break;
      floors[index] = floors[index]! + 1n;
      leftover--;
    }
  }
  return floors;
}

/**
 * Minor units for people. Without a locale: "USD 1,234.56", "USD -0.05", "JPY 1,235", "KWD 1.234"
 * (the code, a space, comma thousands, the currency's decimals): one plain text for CSV files, PDFs
 * and e-mails whatever the reader's language. With a locale: Intl's currency format for it
 * ("1.234,56 €" in de-DE), given the exact decimal as text so that no float ever holds the amount.
 */
export function formatMinor(minor: bigint, currency: string, locale?: string): string {
  const exponent = currencyExponent(currency);
  if (locale !== undefined) {
    const decimal = fromUnits(minor, exponent) as `${number}`;
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: exponent,
      maximumFractionDigits: exponent,
    }).format(decimal);
  }
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exponent + 1, '0');
  const whole = digits.slice(0, digits.length - exponent).replace(/\B(?=(\d{3})+$)/g, ',');
  const fraction = exponent > 0 ? `.${digits.slice(digits.length - exponent)}` : '';
  return `${currency} ${negative ? '-' : ''}${whole}${fraction}`;
}

/** a + b, exact: addDecimals("0.1", "0.2") === "0.3". */
export function addDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return fromUnits(x.units * pow10(scale - x.scale) + y.units * pow10(scale - y.scale), scale);
}

/** a - b, exact. */
export function subtractDecimals(a: string, b: string): string {
  const y = parseDecimal(b);
  return addDecimals(a, fromUnits(-y.units, y.scale));
}

/** a × b, exact (every digit kept): multiplyDecimals("0.5", "0.0003") === "0.00015". */
export function multiplyDecimals(a: string, b: string): string {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  return fromUnits(x.units * y.units, x.scale + y.scale);
}

/** The exact sum of many decimals (one pass, one common scale). */
export function sumDecimals(values: Iterable<string>): string {
  let units = 0n;
  let scale = 0;
  for (const value of values) {
    const parsed = parseDecimal(value);
    if (parsed.scale > scale) {
      units *= pow10(parsed.scale - scale);
      scale = parsed.scale;
    }
    units += parsed.units * pow10(scale - parsed.scale);
  }
  return fromUnits(units, scale);
}

/** -1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  const left = x.units * pow10(scale - x.scale);
  const right = y.units * pow10(scale - y.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}
