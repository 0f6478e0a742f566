import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  catalogueNumberSchema,
  cLineSchema,
  formatCLine,
  formatIsrc,
  formatIswc,
  formatPLine,
  gs1CheckDigit,
  ipiSchema,
  isrcPrefixSchema,
  isrcSchema,
  iswcCheckDigit,
  iswcSchema,
  MUSIC_CODE_MESSAGES as M,
  maxRightsYear,
  nextIsrc,
  normalizeIsrc,
  normalizeIswc,
  pLineSchema,
  sharesSchema,
  sharesTotal,
  upcEanSchema,
  validateCatalogueNumber,
  validateIpi,
  validateIsrc,
  validateIsrcPrefix,
  validateIswc,
  validateRightsLine,
  validateShares,
  validateUpcEan,
} from './music-codes.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

const issues = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string; path: PropertyKey[] }> };
}) => result.error?.issues.map((issue) => ({ message: issue.message, path: issue.path })) ?? [];

describe('ISRC', () => {
  it.each([
    // Published examples: Wikipedia's ISRC article (two) and the US ISRC agency's guide (usisrc.org).
    ['US-RC1-76-07839', 'USRC17607839'],
    ['GBEMI0300013', 'GBEMI0300013'],
    ['ISRC US-S1Z-09-00001', 'USS1Z0900001'],
    // A prefix that is no ISO country (issued by the US agency since 2010): not refused.
    ['QM-ABC-26-00001', 'QMABC2600001'],
    // A designation of 00000 follows the syntax rules.
    ['GB-A1B-11-00000', 'GBA1B1100000'],
  ])('accepts %s as %s', (input, value) => {
    expect(validateIsrc(input)).toEqual({ ok: true, value });
  });

  it('normalises spaces, hyphens, other dashes, lower case and the printed "ISRC" before the code', () => {
    expect(normalizeIsrc(' us-rc1-76-07839 ')).toBe('USRC17607839');
    expect(normalizeIsrc('US RC1 76 07839')).toBe('USRC17607839');
    expect(normalizeIsrc('us\u2013rc1\u201376\u201307839')).toBe('USRC17607839');
    expect(normalizeIsrc('US\u00a0RC1\u00a076\u00a007839')).toBe('USRC17607839');
    expect(normalizeIsrc('isrc: usrc17607839')).toBe('USRC17607839');
    expect(normalizeIsrc('ISRC US-RC1-76-07839')).toBe('USRC17607839');
  });

  it('keeps a code that itself starts with ISRC (Iceland, registrant RCA)', () => {
    expect(validateIsrc('IS-RCA-26-00001')).toEqual({ ok: true, value: 'ISRCA2600001' });
    expect(validateIsrc('ISRC IS-RCA-26-00001')).toEqual({ ok: true, value: 'ISRCA2600001' });
  });

  it.each([
    ['', M.isrcEmpty],
    ['  - ', M.isrcEmpty],
    ['US-RC1-76-0783', M.isrcLength],
    ['US-RC1-76-078390', M.isrcLength],
    ['USRC1760783', M.isrcLength],
    ['1S-RC1-76-07839', M.isrcCountry],
    ['U1-RC1-76-07839', M.isrcCountry],
    ['US-R_1-76-07839', M.isrcRegistrant],
    ['US-RC1-7A-07839', M.isrcYear],
    ['US-RC1-76-0783X', M.isrcDesignation],
    ['US-RC1-76-O7839', M.isrcLetterO],
    ['US-RC1-7O-07839', M.isrcLetterO],
  ])('refuses %j: %s', (input, message) => {
    expect(validateIsrc(input)).toEqual({ ok: false, message });
  });

  it('formats as CC-XXX-YY-NNNNN, and leaves an invalid code normalised only', () => {
    expect(formatIsrc('usrc17607839')).toBe('US-RC1-76-07839');
    expect(formatIsrc('GB EMI 03 00013')).toBe('GB-EMI-03-00013');
    expect(formatIsrc('us-rc1-76')).toBe('USRC176');
  });

  it('schema outputs the normal form and refuses with the validator message', () => {
    expect(isrcSchema.parse(' us-rc1-76-07839 ')).toBe('USRC17607839');
    expect(issues(isrcSchema.safeParse('US-RC1-76'))).toEqual([{ message: M.isrcLength, path: [] }]);
    expect(isrcSchema.safeParse(12).success).toBe(false);
  });

  describe('prefix and next ISRC', () => {
    it('validates a label prefix', () => {
      expect(validateIsrcPrefix('gb-abc')).toEqual({ ok: true, value: 'GBABC' });
      expect(validateIsrcPrefix('GB-AB')).toEqual({ ok: false, message: M.isrcPrefix });
      expect(validateIsrcPrefix('G1-ABC')).toEqual({ ok: false, message: M.isrcPrefix });
      expect(isrcPrefixSchema.parse('qm a1b')).toBe('QMA1B');
    });

    it('starts at 00001 in the current year', () => {
      expect(nextIsrc('GB-ABC', [], NOW)).toEqual({ ok: true, value: 'GBABC2600001' });
    });

    it('continues after the highest designation of the same prefix and year, ignoring others', () => {
      const existing = [
        'GB-ABC-26-00007',
        'gbabc2600003',
        'GB-ABC-25-00950',
        'GB-XYZ-26-04000',
        'not an isrc',
      ];
      expect(nextIsrc('GB-ABC', existing, NOW)).toEqual({ ok: true, value: 'GBABC2600008' });
    });

    it('uses the two-digit year of reference, padded', () => {
      expect(nextIsrc('GBABC', [], new Date('2009-01-01T00:00:00Z'))).toEqual({
        ok: true,
        value: 'GBABC0900001',
      });
    });

    it('says so when the year is used up, and refuses a bad prefix', () => {
      expect(nextIsrc('GBABC', ['GBABC2699999'], NOW)).toEqual({ ok: false, message: M.isrcRangeUsed });
      expect(nextIsrc('GB', [], NOW)).toEqual({ ok: false, message: M.isrcPrefix });
    });
  });
});

describe('ISWC', () => {
  it.each([
    // The commonly cited example (Wikipedia, DOMAIN.md) and two ISWCs quoted in MusicBrainz tooling docs.
    ['T-034.524.680-1', 'T0345246801'],
    ['T-910.940.292-8', 'T9109402928'],
    ['T-061.239.697-0', 'T0612396970'],
    ['T0345246801', 'T0345246801'],
    ['t-034.524.680-1', 'T0345246801'],
    ['T 034 524 680 1', 'T0345246801'],
    ['T-034524680-1', 'T0345246801'],
    ['ISWC T-034.524.680-1', 'T0345246801'],
  ])('accepts %s as %s', (input, value) => {
    expect(validateIswc(input)).toEqual({ ok: true, value });
  });

  it('computes the check digit as 1 + sum(i * digit), complemented mod 10', () => {
    // 1 + 0*1 + 3*2 + 4*3 + 5*4 + 2*5 + 4*6 + 6*7 + 8*8 + 0*9 = 179 -> 1
    expect(iswcCheckDigit('034524680')).toBe(1);
    // 1 + 3 + 8 + 15 + 8 + 20 + 36 + 56 + 0 + 0 = 147 -> 3
    expect(iswcCheckDigit('345246800')).toBe(3);
    // Sum 1 -> 9; a sum ending in 0 -> 0
    expect(iswcCheckDigit('000000000')).toBe(9);
    expect(iswcCheckDigit('900000000')).toBe(0);
  });

  it.each([
    ['', M.iswcEmpty],
    // Wrong check digits: one off from a published code, and T-345.246.800-1 (its check digit is 3).
    ['T-034.524.680-2', M.iswcCheckDigit],
    ['T-345.246.800-1', M.iswcCheckDigit],
    // Two swapped digits (weights differ, so the sum changes).
    ['T-304.524.680-1', M.iswcCheckDigit],
    ['034.524.680-1', M.iswcMissingT],
    ['0345246801', M.iswcMissingT],
    ['X-034.524.680-1', M.iswcFormat],
    ['T-034.524.680', M.iswcFormat],
    ['T-034.524.680-12', M.iswcFormat],
    ['T-034.524.68A-1', M.iswcFormat],
  ])('refuses %j: %s', (input, message) => {
    expect(validateIswc(input)).toEqual({ ok: false, message });
  });

  it('normalises and formats as T-DDD.DDD.DDD-C', () => {
    expect(normalizeIswc(' t-034.524.680-1 ')).toBe('T0345246801');
    expect(formatIswc('T0345246801')).toBe('T-034.524.680-1');
    expect(formatIswc('t 910 940 292 8')).toBe('T-910.940.292-8');
    expect(formatIswc('T-034.524.680-2')).toBe('T0345246802');
  });

  it('schema outputs the normal form and refuses with the validator message', () => {
    expect(iswcSchema.parse('T-034.524.680-1')).toBe('T0345246801');
    expect(issues(iswcSchema.safeParse('T-345.246.800-1'))).toEqual([
      { message: M.iswcCheckDigit, path: [] },
    ]);
  });
});

describe('UPC-A and EAN-13', () => {
  it.each([
    // Published barcodes: a UPC-A (Wikipedia's example), DOMAIN.md's UPC, an EAN-13 (Wikipedia's), an ISBN-13.
    ['036000291452', '036000291452'],
    ['036000241457', '036000241457'],
    ['4006381333931', '4006381333931'],
    ['9780306406157', '9780306406157'],
    ['978-0-306-40615-7', '9780306406157'],
    [' 4 006381 333931 ', '4006381333931'],
    ['0 36000 29145 2', '036000291452'],
  ])('accepts %s as %s', (input, value) => {
    expect(validateUpcEan(input)).toEqual({ ok: true, value });
  });

  it('computes the GS1 check digit with weights 3, 1 from the right', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2);
    expect(gs1CheckDigit('03600024145')).toBe(7);
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('978030640615')).toBe(7);
    expect(gs1CheckDigit('00000000000')).toBe(0);
  });

  it.each([
    ['', M.upcEanEmpty],
    ['036000291453', M.upcEanCheckDigit],
    ['036000291450', M.upcEanCheckDigit],
    ['4006381333932', M.upcEanCheckDigit],
    ['9780306406158', M.upcEanCheckDigit],
    // Two neighbouring digits swapped: 036000921452.
    ['036000921452', M.upcEanCheckDigit],
    ['03600029145', M.upcEanLength],
    ['40063813339310', M.upcEanLength],
    ['96385074', M.upcEanLength],
    ['03600029145X', M.upcEanDigits],
    ['ISBN 9780306406157', M.upcEanDigits],
  ])('refuses %j: %s', (input, message) => {
    expect(validateUpcEan(input)).toEqual({ ok: false, message });
  });

  it('schema outputs the digits and refuses with the validator message', () => {
    expect(upcEanSchema.parse('4 006381 333931')).toBe('4006381333931');
    expect(issues(upcEanSchema.safeParse('4006381333932'))).toEqual([
      { message: M.upcEanCheckDigit, path: [] },
    ]);
  });
});

describe('IPI name number (format only)', () => {
  it.each([
    ['00052210040', '00052210040'],
    ['52210040 1', '522100401'],
    ['IPI: 00052 210 040', '00052210040'],
    ['cae 522.100.401', '522100401'],
    ['1234567890', '1234567890'],
  ])('accepts %j as %s', (input, value) => {
    expect(validateIpi(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', M.ipiEmpty],
    ['12345678', M.ipiLength],
    ['123456789012', M.ipiLength],
    ['I-000000229-7', M.ipiDigits],
    ['1234567890A', M.ipiDigits],
  ])('refuses %j: %s', (input, message) => {
    expect(validateIpi(input)).toEqual({ ok: false, message });
  });

  it('schema outputs the digits', () => {
    expect(ipiSchema.parse(' 00052 210 040 ')).toBe('00052210040');
    expect(issues(ipiSchema.safeParse('123'))).toEqual([{ message: M.ipiLength, path: [] }]);
  });
});

describe('shares', () => {
  it('totals in hundredths, without floating-point drift', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sharesTotal([0.1, 0.2])).toBe(0.3);
    expect(sharesTotal([33.33, 33.33, 33.34])).toBe(100);
    expect(sharesTotal([])).toBe(0);
  });

  it.each([
    [[100]],
    [[50, 50]],
    [[33.33, 33.33, 33.34]],
    [[0.1, 0.2, 99.7]],
    [[12.5, 12.5, 25, 50]],
    [[0.01, 99.99]],
    [[33.34, 33.33, 33.33]],
  ])('accepts %j', (shares) => {
    expect(validateShares(shares)).toEqual({ ok: true, value: shares });
  });

  it('says what the shares total when they do not total 100', () => {
    expect(validateShares([50, 49.5])).toEqual({
      ok: false,
      message: 'Shares must total 100%; they total 99.5%',
      index: null,
    });
    expect(validateShares([33.33, 33.33, 33.33])).toEqual({
      ok: false,
      message: 'Shares must total 100%; they total 99.99%',
      index: null,
    });
    expect(validateShares([60, 50])).toEqual({ ok: false, message: M.sharesTotal(110), index: null });
    expect(M.sharesTotal(110)).toBe('Shares must total 100%; they total 110%');
  });

  it.each([
    [[], M.sharesEmpty, null],
    [[100, 0], M.shareNotPositive, 1],
    [[110, -10], M.shareOver100, 0],
    [[50, -50, 100], M.shareNotPositive, 1],
    [[100.01], M.shareOver100, 0],
    [[33.333, 66.667], M.shareDecimals, 0],
    [[50, 49.999, 0.001], M.shareDecimals, 1],
    [[50, Number.NaN], M.shareNotNumber, 1],
    [[Number.POSITIVE_INFINITY], M.shareNotNumber, 0],
  ])('refuses %j: %s (at %s)', (shares, message, index) => {
    expect(validateShares(shares)).toEqual({ ok: false, message, index });
  });

  it('schema reports a share at its index and a wrong total on the list', () => {
    expect(sharesSchema.parse([33.33, 33.33, 33.34])).toEqual([33.33, 33.33, 33.34]);
    expect(issues(sharesSchema.safeParse([50, 0, 50]))).toEqual([{ message: M.shareNotPositive, path: [1] }]);
    expect(issues(sharesSchema.safeParse([50, 49.5]))).toEqual([
      { message: 'Shares must total 100%; they total 99.5%', path: [] },
    ]);
    expect(issues(sharesSchema.safeParse([50, '50']))).toEqual([{ message: M.shareNotNumber, path: [1] }]);
  });
});

describe('P-line and C-line', () => {
  it('formats with the sound recording and copyright symbols', () => {
    expect(formatPLine(2026, 'Dome Records', NOW)).toEqual({ ok: true, value: '℗ 2026 Dome Records' });
    expect(formatCLine(2026, 'Dome Publishing', NOW)).toEqual({ ok: true, value: '© 2026 Dome Publishing' });
    expect(formatPLine(1977, '  Sound   Lab  Ltd ', NOW)).toEqual({
      ok: true,
      value: '℗ 1977 Sound Lab Ltd',
    });
  });

  it('accepts years from 1900 to next year', () => {
    expect(maxRightsYear(NOW)).toBe(2027);
    expect(formatPLine(1900, 'Owner', NOW).ok).toBe(true);
    expect(formatPLine(2027, 'Owner', NOW).ok).toBe(true);
    expect(formatPLine(1899, 'Owner', NOW)).toEqual({ ok: false, message: 'Enter a year from 1900 to 2027' });
    expect(formatCLine(2028, 'Owner', NOW)).toEqual({ ok: false, message: 'Enter a year from 1900 to 2027' });
    expect(formatCLine(2026.5, 'Owner', NOW)).toEqual({ ok: false, message: M.rightsYear(2027) });
    expect(formatCLine(Number.NaN, 'Owner', NOW)).toEqual({ ok: false, message: M.rightsYear(2027) });
  });

  it('needs an owner name, without the symbol or year pasted in', () => {
    expect(formatPLine(2026, '   ', NOW)).toEqual({ ok: false, message: M.rightsOwnerEmpty });
    expect(formatPLine(2026, 'x'.repeat(201), NOW)).toEqual({ ok: false, message: M.rightsOwnerTooLong });
    expect(formatPLine(2026, 'x'.repeat(200), NOW).ok).toBe(true);
    expect(formatPLine(2026, '℗ 2026 Dome Records', NOW)).toEqual({
      ok: false,
      message: M.rightsOwnerSymbol,
    });
    expect(formatCLine(2026, '(c) 2026 Dome', NOW)).toEqual({ ok: false, message: M.rightsOwnerSymbol });
    expect(formatCLine(2026, '© Dome', NOW)).toEqual({ ok: false, message: M.rightsOwnerSymbol });
    // A name that merely contains a letter in brackets elsewhere is fine.
    expect(formatCLine(2026, 'Dome (C) Music', NOW)).toEqual({ ok: true, value: '© 2026 Dome (C) Music' });
  });

  it('names the field at fault for forms', () => {
    expect(validateRightsLine(1800, 'Dome', NOW)).toMatchObject({ ok: false, field: 'year' });
    expect(validateRightsLine(2026, '', NOW)).toMatchObject({ ok: false, field: 'owner' });
  });

  it('schemas trim the owner and report at the field', () => {
    const year = new Date().getUTCFullYear();
    expect(pLineSchema.parse({ year, owner: '  Dome  Records ' })).toEqual({ year, owner: 'Dome Records' });
    expect(issues(cLineSchema.safeParse({ year, owner: ' ' }))).toEqual([
      { message: M.rightsOwnerEmpty, path: ['owner'] },
    ]);
    expect(issues(cLineSchema.safeParse({ year: 1850, owner: 'Dome' }))).toEqual([
      { message: M.rightsYear(year + 1), path: ['year'] },
    ]);
    expect(issues(pLineSchema.safeParse({ year: '2026', owner: 'Dome' }))).toEqual([
      { message: M.rightsYear(year + 1), path: ['year'] },
    ]);
  });
});

describe('catalogue number', () => {
  it.each([
    ['DMR001', 'DMR001'],
    ['  dmr-001  ', 'dmr-001'],
    ['CAT 12.3', 'CAT 12.3'],
    ['CAT   12', 'CAT 12'],
    ['A', 'A'],
    ['X'.repeat(30), 'X'.repeat(30)],
  ])('accepts %j as %j', (input, value) => {
    expect(validateCatalogueNumber(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['', M.catalogueEmpty],
    ['   ', M.catalogueEmpty],
    ['X'.repeat(31), M.catalogueTooLong],
    ['DMR/001', M.catalogueCharacters],
    ['DMR_001', M.catalogueCharacters],
    ['DMR#1', M.catalogueCharacters],
    ['DMRÉ01', M.catalogueCharacters],
  ])('refuses %j: %s', (input, message) => {
    expect(validateCatalogueNumber(input)).toEqual({ ok: false, message });
  });

  it('schema trims and refuses with the validator message', () => {
    expect(catalogueNumberSchema.parse(' DMR001 ')).toBe('DMR001');
    expect(issues(catalogueNumberSchema.safeParse('DMR/001'))).toEqual([
      { message: M.catalogueCharacters, path: [] },
    ]);
  });
});

describe('schemas in request and response bodies', () => {
  it('compose into an object and stay representable as JSON Schema (for the OpenAPI document)', () => {
    const body = z.object({
      isrc: isrcSchema,
      iswc: iswcSchema.optional(),
      upc: upcEanSchema,
      ipi: ipiSchema,
      shares: sharesSchema,
      p_line: pLineSchema,
      catalogue_number: catalogueNumberSchema,
    });
    const year = new Date().getUTCFullYear();
    expect(
      body.parse({
        isrc: 'us-rc1-76-07839',
        upc: '0 36000 29145 2',
        ipi: '00052210040',
        shares: [50, 50],
        p_line: { year, owner: ' Dome ' },
        catalogue_number: 'DMR001',
      }),
    ).toEqual({
      isrc: 'USRC17607839',
      upc: '036000291452',
      ipi: '00052210040',
      shares: [50, 50],
      p_line: { year, owner: 'Dome' },
      catalogue_number: 'DMR001',
    });
    expect(() => z.toJSONSchema(body, { io: 'input' })).not.toThrow();
    expect(() => z.toJSONSchema(body, { io: 'output' })).not.toThrow();
  });
});
