import { describe, expect, it } from 'vitest';
import { currencyDigits, formatMinor, MAX_PAYOUT_MINOR, majorToMinor, minorToMajor } from './money';

describe('minimum payout in minor units', () => {
  it('knows how many decimals a currency has', () => {
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('BHD')).toBe(3);
    expect(currencyDigits('nope')).toBe(2);
  });

  it.each([
    ['', 2, 0],
    ['50', 2, 5000],
    ['49.99', 2, 4999],
    // Through a float, 0.29 * 100 is 28.999999999999996 and 1.005 * 100 is 100.49999999999999.
    ['0.29', 2, 29],
    ['1.005', 3, 1005],
    ['19,9', 2, 1990],
    ['1 234,50', 2, 123450],
    ['007', 2, 700],
    ['5000', 0, 5000],
    ['1000000', 2, MAX_PAYOUT_MINOR],
  ])('reads %j with %i decimals as %i', (text, digits, minor) => {
    expect(majorToMinor(text, digits)).toEqual({ ok: true, minor });
  });

  it.each([
    ['10.005', 2, 'Enter at most 2 decimals'],
    ['50.5', 0, 'This currency has no decimals'],
    ['-5', 2, 'Enter an amount, like 50 or 49.99'],
    ['1e3', 2, 'Enter an amount, like 50 or 49.99'],
    ['1.000.000', 2, 'Enter an amount, like 50 or 49.99'],
    ['abc', 2, 'Enter an amount, like 50 or 49.99'],
    ['1000000.01', 2, 'Enter at most 1000000.00'],
  ])('refuses %j with %i decimals', (text, digits, message) => {
    expect(majorToMinor(text, digits)).toEqual({ ok: false, message });
  });

  it('writes minor units back as the exact decimal text', () => {
    expect(minorToMajor(4999, 2)).toBe('49.99');
    expect(minorToMajor(5, 2)).toBe('0.05');
    expect(minorToMajor(5000, 0)).toBe('5000');
    expect(minorToMajor(1005, 3)).toBe('1.005');
  });

  it('formats an amount in its currency', () => {
    expect(formatMinor(4999, 'EUR')).toMatch(/49[.,]99/);
    expect(formatMinor(5000, 'JPY')).toMatch(/5[,.\s]?000/);
    expect(formatMinor(5000, 'JPY')).not.toMatch(/50[.,]00/);
  });
});
