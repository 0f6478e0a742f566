import { describe, expect, it } from 'vitest';
import { isMfaPending, MFA_MESSAGES, maskPhone, normalizePhone } from './mfa.ts';
import { enrollFactorBody, mfaCodeSchema } from './mfa-schemas.ts';

describe('MFA rules', () => {
  it('asks for the code step only for aal1 with a verified factor (spec section 4)', () => {
    expect(isMfaPending('aal1', [{ status: 'verified' }])).toBe(true);
    expect(isMfaPending('aal1', [{ status: 'unverified' }, { status: 'verified' }])).toBe(true);
    expect(isMfaPending('aal2', [{ status: 'verified' }])).toBe(false);
    expect(isMfaPending('aal1', [{ status: 'unverified' }])).toBe(false);
    expect(isMfaPending('aal1', [])).toBe(false);
  });

  it('reads phone numbers in international form', () => {
    expect(normalizePhone('+44 20 7946-0958')).toBe('+442079460958');
    expect(normalizePhone('(+1) 415.555.0100')).toBe('+14155550100');
    expect(normalizePhone('+1 (415) 555-0100')).toBe('+14155550100');
    expect(normalizePhone('0044 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('020 7946 0958')).toBe(null);
    expect(normalizePhone('+0 123 456 789')).toBe(null);
    expect(normalizePhone('+1234')).toBe(null);
    expect(maskPhone('+442079460958')).toBe('•••• 0958');
  });

  it('takes six digits, spaces allowed, with one clear message otherwise', () => {
    expect(mfaCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '']) {
      const result = mfaCodeSchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MFA_MESSAGES.codeFormat);
    }
  });

  it('needs a valid phone number for a phone factor only', () => {
    expect(enrollFactorBody.safeParse({ factor_type: 'totp' }).success).toBe(true);
    const missing = enrollFactorBody.safeParse({ factor_type: 'phone' });
    expect(missing.error?.issues[0]?.message).toBe(MFA_MESSAGES.phoneMissing);
    const bad = enrollFactorBody.safeParse({ factor_type: 'phone', phone: '12' });
    expect(bad.error?.issues[0]?.message).toBe(MFA_MESSAGES.phoneInvalid);
    expect(enrollFactorBody.safeParse({ factor_type: 'phone', phone: '+44 20 7946 0958' }).success).toBe(
      true,
    );
  });
});
