import { z } from 'zod';

/**
 * The music industry's identifiers and rights fields as entered in metadata forms, label copy and
 * contracts (docs/DOMAIN.md, "Identifiers" and "Label copy"): ISRC, ISWC, UPC/EAN, IPI, writers'
 * shares, P-line and C-line, catalogue number. Each has a pure `validate*` that normalises what the
 * user typed and says what is wrong in words a form can show, and a zod schema built on it so the
 * server and the web app refuse the same values with the same message.
 */

export type CodeResult<T = string> = { ok: true; value: T } | { ok: false; message: string };

export const CATALOGUE_NUMBER_MAX = 30;

/**
 * The longest a code may be as typed, in a draft or a finished form, public or not (room for
 * separators and a leading "ISRC:", "IPI:"): every form that takes a code bounds it by these, so a
 * value one step keeps is never too long for the next (decision 0013).
 */
export const CODE_INPUT_MAX = { isrc: 30, iswc: 30, upcEan: 30, ipi: 30 } as const;
export type CodeKind = keyof typeof CODE_INPUT_MAX;

/** A code as typed: a string of at most CODE_INPUT_MAX characters, checked in full later. */
export const codeInputSchema = (kind: CodeKind) => z.string().max(CODE_INPUT_MAX[kind]);
export const RIGHTS_OWNER_MAX = 200;
export const RIGHTS_YEAR_MIN = 1900;

export const MUSIC_CODE_MESSAGES = {
  isrcEmpty: 'Enter an ISRC',
  isrcLength: 'An ISRC has 12 characters, like GB-ABC-26-00001',
  isrcCountry: 'An ISRC starts with a 2-letter country code, like GB',
  isrcRegistrant: 'The registrant code (characters 3 to 5 of an ISRC) may hold only letters and digits',
  isrcYear: 'The year in an ISRC (characters 6 and 7) must be 2 digits',
  isrcDesignation: 'An ISRC ends with 5 digits',
  isrcLetterO:
    'The year and the last 5 characters of an ISRC are digits: type zero (0) instead of the letter O',
  isrcPrefix: 'An ISRC prefix is a 2-letter country code and a 3-character registrant code, like GB-ABC',
  isrcRangeUsed: 'Every ISRC of this prefix for this year is used (00001 to 99999)',
  iswcEmpty: 'Enter an ISWC',
  iswcMissingT: 'An ISWC starts with T, like T-034.524.680-1',
  iswcFormat: 'An ISWC is T followed by 10 digits, like T-034.524.680-1',
  iswcCheckDigit: 'This ISWC is mistyped: its last digit (the check digit) does not match the others',
  upcEanEmpty: 'Enter a UPC or EAN',
  upcEanDigits: 'A UPC or EAN holds only digits',
  upcEanLength: 'A UPC has 12 digits and an EAN 13',
  upcEanCheckDigit: 'This barcode is mistyped: its last digit (the check digit) does not match the others',
  ipiEmpty: 'Enter an IPI number',
  ipiDigits: 'An IPI number holds only digits',
  ipiLength: 'An IPI number has 9 to 11 digits',
  sharesEmpty: 'Add at least one share',
  shareNotNumber: 'Enter each share as a number',
  shareNotPositive: 'Each share must be more than 0%',
  shareOver100: 'A share cannot be more than 100%',
  shareDecimals: 'Shares can have at most 2 decimal places, like 33.33',
  sharesTotal: (total: number) => `Shares must total 100%; they total ${total}%`,
  rightsYear: (max: number) => `Enter a year from ${RIGHTS_YEAR_MIN} to ${max}`,
  rightsOwnerEmpty: 'Enter the name of the rights owner',
  rightsOwnerTooLong: `The owner's name can have at most ${RIGHTS_OWNER_MAX} characters`,
  rightsOwnerSymbol: "Enter only the owner's name: the ℗ or © and the year are added for you",
  catalogueEmpty: 'Enter a catalogue number',
  catalogueTooLong: `A catalogue number has at most ${CATALOGUE_NUMBER_MAX} characters`,
  catalogueCharacters: 'A catalogue number can hold letters, digits, spaces, hyphens and dots',
} as const;

const M = MUSIC_CODE_MESSAGES;

// Spaces of any kind and the dashes that copying from PDFs and word processors produces.
const SEPARATORS = /[\s\-‐‑‒–—]/g;

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * Refines a string schema with a validator and replaces the value with the validator's normal form,
 * keeping the schema a plain string (so it also works in response schemas and in the OpenAPI output).
 */
function codeSchema(normalize: (input: string) => string, validate: (input: string) => CodeResult) {
  return z
    .string()
    .overwrite(normalize)
    .superRefine((value, ctx) => {
      const result = validate(value);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    });
}

// ---------------------------------------------------------------------------------------------------
// ISRC (ISO 3901): one per recording version. `CC XXX YY NNNNN`, no check digit.

/**
 * " us-rc1-76-07839 " -> "USRC17607839": separators out, upper case, and the "ISRC" that often
 * precedes a printed code dropped (only when it is extra: "ISRCA2600001" is itself a valid ISRC).
 */
export function normalizeIsrc(input: string): string {
  const compact = input.replace(SEPARATORS, '').toUpperCase();
  return compact.length > 12 ? compact.replace(/^ISRC:?/, '') : compact;
}

/**
 * Country code, registrant, year of reference, designation. The country part is not checked against
 * ISO 3166: the agencies also issue prefixes that are not countries (QM, QZ, ZZ...).
 */
export function validateIsrc(input: string): CodeResult {
  const value = normalizeIsrc(input);
  if (value === '') return fail(M.isrcEmpty);
  if (value.length !== 12) return fail(M.isrcLength);
  if (!/^[A-Z]{2}/.test(value)) return fail(M.isrcCountry);
  if (!/^[A-Z0-9]{3}$/.test(value.slice(2, 5))) return fail(M.isrcRegistrant);
  const digits = value.slice(5);
  if (/^[0-9O]{7}$/.test(digits) && digits.includes('O')) return fail(M.isrcLetterO);
  if (!/^\d{2}$/.test(digits.slice(0, 2))) return fail(M.isrcYear);
  if (!/^\d{5}$/.test(digits.slice(2))) return fail(M.isrcDesignation);
  return { ok: true, value };
}

/** "USRC17607839" -> "US-RC1-76-07839"; anything that is not a valid ISRC is returned normalised only. */
export function formatIsrc(input: string): string {
  const result = validateIsrc(input);
  if (!result.ok) return normalizeIsrc(input);
  const v = result.value;
  return `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5, 7)}-${v.slice(7)}`;
}

/** A label's ISRC prefix (country code + registrant code, "GB-ABC") -> "GBABC". */
export function validateIsrcPrefix(input: string): CodeResult {
  const value = input.replace(SEPARATORS, '').toUpperCase();
  return /^[A-Z]{2}[A-Z0-9]{3}$/.test(value) ? { ok: true, value } : fail(M.isrcPrefix);
}

/**
 * "Next ISRC" for a label: its prefix, the current year of reference, and the designation after the
 * highest one already used with that prefix and year (ISRCs are assigned in sequence from 00001).
 */
export function nextIsrc(prefix: string, existing: readonly string[], now: Date = new Date()): CodeResult {
  const checkedPrefix = validateIsrcPrefix(prefix);
  if (!checkedPrefix.ok) return checkedPrefix;
  const start = checkedPrefix.value + String(now.getUTCFullYear() % 100).padStart(2, '0');
  let highest = 0;
  for (const isrc of existing) {
    const checked = validateIsrc(isrc);
    if (checked.ok && checked.value.startsWith(start))
      highest = Math.max(highest, Number(checked.value.slice(7)));
  }
  if (highest >= 99999) return fail(M.isrcRangeUsed);
  return { ok: true, value: start + String(highest + 1).padStart(5, '0') };
}

export const isrcSchema = codeSchema(normalizeIsrc, validateIsrc);
export const isrcPrefixSchema = codeSchema(
  (v) => v.replace(SEPARATORS, '').toUpperCase(),
  validateIsrcPrefix,
);

// ---------------------------------------------------------------------------------------------------
// ISWC (ISO 15707): one per composition. `T-DDD.DDD.DDD-C`.

/** "t-034.524.680-1" or "ISWC T 034524680 1" -> "T0345246801". */
export function normalizeIswc(input: string): string {
  return input
    .replace(/[\s\-‐‑‒–—.]/g, '')
    .toUpperCase()
    .replace(/^ISWC:?/, '');
}

/** The check digit of an ISWC's nine digits: S = 1 + sum(i * d_i), C = (10 - S mod 10) mod 10. */
export function iswcCheckDigit(nineDigits: string): number {
  let sum = 1;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(nineDigits[i]);
  return (10 - (sum % 10)) % 10;
}

export function validateIswc(input: string): CodeResult {
  const value = normalizeIswc(input);
  if (value === '') return fail(M.iswcEmpty);
  if (!value.startsWith('T')) return fail(/^\d+$/.test(value) ? M.iswcMissingT : M.iswcFormat);
  if (!/^T\d{10}$/.test(value)) return fail(M.iswcFormat);
  if (iswcCheckDigit(value.slice(1, 10)) !== Number(value[10])) return fail(M.iswcCheckDigit);
  return { ok: true, value };
}

/** "T0345246801" -> "T-034.524.680-1"; anything that is not a valid ISWC is returned normalised only. */
export function formatIswc(input: string): string {
  const result = validateIswc(input);
  if (!result.ok) return normalizeIswc(input);
  const v = result.value;
  return `T-${v.slice(1, 4)}.${v.slice(4, 7)}.${v.slice(7, 10)}-${v[10]}`;
}

export const iswcSchema = codeSchema(normalizeIswc, validateIswc);

// ---------------------------------------------------------------------------------------------------
// UPC-A (12 digits) and EAN-13 (13 digits), GS1; DDEX calls them ICPN. The code is kept as typed
// (a UPC is not padded to 13 digits) because distributors echo it back that way in statements.

export function normalizeUpcEan(input: string): string {
  return input.replace(SEPARATORS, '');
}

/** GS1 check digit of the digits before it: weights 3, 1, 3, 1... from the right. */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const fromRight = digitsWithoutCheck.length - 1 - i;
    sum += Number(digitsWithoutCheck[i]) * (fromRight % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

export function validateUpcEan(input: string): CodeResult {
  const value = normalizeUpcEan(input);
  if (value === '') return fail(M.upcEanEmpty);
  if (!/^\d+$/.test(value)) return fail(M.upcEanDigits);
  if (value.length !== 12 && value.length !== 13) return fail(M.upcEanLength);
  if (gs1CheckDigit(value.slice(0, -1)) !== Number(value.at(-1))) return fail(M.upcEanCheckDigit);
  return { ok: true, value };
}

export const upcEanSchema = codeSchema(normalizeUpcEan, validateUpcEan);

// ---------------------------------------------------------------------------------------------------
// IPI/CAE name number: a writer's or publisher's number at their collecting society. Older CAE numbers
// have 9 digits, IPI name numbers 11, and leading zeros are often left off, hence 9 to 11. The check is
// on the format only: CISAC does not publish the IPI name number's check algorithm.

/** "IPI: 00052 210 040" -> "00052210040". */
export function normalizeIpi(input: string): string {
  return input
    .replace(/[\s\-‐‑‒–—.]/g, '')
    .toUpperCase()
    .replace(/^(IPI|CAE):?/, '');
}

export function validateIpi(input: string): CodeResult {
  const value = normalizeIpi(input);
  if (value === '') return fail(M.ipiEmpty);
  if (!/^\d+$/.test(value)) return fail(M.ipiDigits);
  if (value.length < 9 || value.length > 11) return fail(M.ipiLength);
  return { ok: true, value };
}

export const ipiSchema = codeSchema(normalizeIpi, validateIpi);

// ---------------------------------------------------------------------------------------------------
// Shares (writers, publishers, master owners) in percent. Summed in integer hundredths, so that
// 33.33 + 33.33 + 33.34 is exactly 100 and 0.1 + 0.2 does not drift.

/** A share in hundredths of a percent, or null when it has more than 2 decimals or is not finite. */
function toHundredths(share: number): number | null {
  if (!Number.isFinite(share)) return null;
  const scaled = share * 100;
  const rounded = Math.round(scaled);
  return Math.abs(scaled - rounded) < 1e-6 ? rounded : null;
}

/** The shares' total in percent, exact to the hundredth (each share rounded to 2 decimals). */
export function sharesTotal(shares: readonly number[]): number {
  return shares.reduce((sum, share) => sum + Math.round(share * 100), 0) / 100;
}

export type SharesResult =
  | { ok: true; value: number[] }
  | {
      ok: false;
      message: string;
      /** The first share at fault, for the form to mark its row; null when only the total is wrong. */
      index: number | null;
    };

/** Each share above 0 and at most 100 with at most 2 decimals, all of them totalling exactly 100. */
export function validateShares(shares: readonly number[]): SharesResult {
  if (shares.length === 0) return { ok: false, message: M.sharesEmpty, index: null };
  let total = 0;
  const value: number[] = [];
  for (const [index, share] of shares.entries()) {
    if (!Number.isFinite(share)) return { ok: false, message: M.shareNotNumber, index };
    if (share <= 0) return { ok: false, message: M.shareNotPositive, index };
    if (share > 100) return { ok: false, message: M.shareOver100, index };
    const hundredths = toHundredths(share);
    if (hundredths === null) return { ok: false, message: M.shareDecimals, index };
    total += hundredths;
    value.push(hundredths / 100);
  }
  if (total !== 10000) return { ok: false, message: M.sharesTotal(total / 100), index: null };
  return { ok: true, value };
}

/** A list of shares; a fault in one share is reported at its index, a wrong total on the list. */
export const sharesSchema = z.array(z.number({ message: M.shareNotNumber })).superRefine((shares, ctx) => {
  const result = validateShares(shares);
  if (!result.ok)
    ctx.addIssue({
      code: 'custom',
      message: result.message,
      path: result.index === null ? [] : [result.index],
    });
});

// ---------------------------------------------------------------------------------------------------
// P-line (the recording) and C-line (the composition and artwork): "℗ 2026 Owner", "© 2026 Owner".

/** The latest year a rights line may carry: next year, for releases announced in December. */
export const maxRightsYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;

/** A rights line's year and owner, the owner trimmed; the message names the first field at fault. */
export function validateRightsLine(
  year: number,
  owner: string,
  now: Date = new Date(),
):
  | { ok: true; value: { year: number; owner: string } }
  | { ok: false; message: string; field: 'year' | 'owner' } {
  const max = maxRightsYear(now);
  if (!Number.isInteger(year) || year < RIGHTS_YEAR_MIN || year > max)
    return { ok: false, message: M.rightsYear(max), field: 'year' };
  const trimmed = owner.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return { ok: false, message: M.rightsOwnerEmpty, field: 'owner' };
  if (trimmed.length > RIGHTS_OWNER_MAX) return { ok: false, message: M.rightsOwnerTooLong, field: 'owner' };
  // People paste a whole line into the owner field; the symbol and year would then appear twice.
  if (/^(℗|©|\((p|c)\))/i.test(trimmed)) return { ok: false, message: M.rightsOwnerSymbol, field: 'owner' };
  return { ok: true, value: { year, owner: trimmed } };
}

function formatRightsLine(symbol: '℗' | '©', year: number, owner: string, now: Date): CodeResult {
  const result = validateRightsLine(year, owner, now);
  if (!result.ok) return fail(result.message);
  return { ok: true, value: `${symbol} ${result.value.year} ${result.value.owner}` };
}

/** (2026, "Dome Records") -> "℗ 2026 Dome Records". */
export const formatPLine = (year: number, owner: string, now: Date = new Date()) =>
  formatRightsLine('℗', year, owner, now);

/** (2026, "Dome Publishing") -> "© 2026 Dome Publishing". */
export const formatCLine = (year: number, owner: string, now: Date = new Date()) =>
  formatRightsLine('©', year, owner, now);

/**
 * { year, owner } of a P-line or C-line, the owner trimmed. The year's upper bound is taken when a
 * value is parsed, so a long-running server moves on at New Year.
 */
export const rightsLineSchema = z
  .object({
    year: z.number({ error: () => M.rightsYear(maxRightsYear()) }),
    owner: z.string({ message: M.rightsOwnerEmpty }).overwrite((owner) => owner.trim().replace(/\s+/g, ' ')),
  })
  .superRefine((line, ctx) => {
    const result = validateRightsLine(line.year, line.owner);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message, path: [result.field] });
  });
export const pLineSchema = rightsLineSchema;
export const cLineSchema = rightsLineSchema;

// ---------------------------------------------------------------------------------------------------
// Catalogue number: the label's own release code ("DMR001"), unique per label, kept as typed apart
// from surrounding and repeated spaces.

export function normalizeCatalogueNumber(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

export function validateCatalogueNumber(input: string): CodeResult {
  const value = normalizeCatalogueNumber(input);
  if (value === '') return fail(M.catalogueEmpty);
  if (value.length > CATALOGUE_NUMBER_MAX) return fail(M.catalogueTooLong);
  if (!/^[A-Za-z0-9 .-]+$/.test(value)) return fail(M.catalogueCharacters);
  return { ok: true, value };
}

export const catalogueNumberSchema = codeSchema(normalizeCatalogueNumber, validateCatalogueNumber);
