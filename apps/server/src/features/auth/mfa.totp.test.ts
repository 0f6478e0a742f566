// Database-independent: TOTP codes only (the PostgreSQL pass skips it; vitest.config.ts).
import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotpStep,
  newTotpSecret,
  qrCodeDataUrl,
  totpCode,
  totpUri,
} from './mfa.totp.ts';

// RFC 6238 appendix B (SHA-1): the key is the ASCII string "12345678901234567890".
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: Array<[seconds: number, code8: string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it('matches the RFC test vectors, in 8 and in 6 digits', () => {
    const key = base32Decode(RFC_SECRET);
    for (const [seconds, code8] of RFC_VECTORS) {
      expect(hotp(key, Math.floor(seconds / 30), 8)).toBe(code8);
      expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code8.slice(-6));
    }
  });

  it('base32 round-trips, ignoring case, spaces and padding', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255, 7, 9]);
    const text = base32Encode(bytes);
    expect(text).toMatch(/^[A-Z2-7]+$/);
    expect(base32Decode(text)).toEqual(bytes);
    expect(base32Decode(`${text.toLowerCase().replace(/(.{4})/g, '$1 ')}===`)).toEqual(bytes);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(() => base32Decode('ABC1')).toThrow(/invalid base32/);
  });

  it('makes 160-bit secrets', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('accepts the codes of one step either side of now and names the step', () => {
    const now = 1_700_000_000_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now), now)).toBe(step);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now - 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, totpCode(RFC_SECRET, now + 60_000), now)).toBeNull();
    expect(matchTotpStep(RFC_SECRET, '12345', now)).toBeNull();
  });

  it('writes the otpauth URI apps read, and a QR code image of it', () => {
    const uri = totpUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Music Review', account: 'ada@label.test' });
    expect(uri).toBe(
      'otpauth://totp/Music%20Review:ada%40label.test?secret=JBSWY3DPEHPK3PXP&issuer=Music+Review&algorithm=SHA1&digits=6&period=30',
    );
    const qr = qrCodeDataUrl(uri);
    expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(qr.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]*viewBox/);
    expect(svg).toContain('<path');
  });
});
