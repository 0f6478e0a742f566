import { describe, expect, it } from 'vitest';
import { INVALID_PRESIGN_RESPONSE, parseSignedUrlResponse, shouldRefreshSignedUrl } from './signed-url';

describe('signed URLs', () => {
  it('accepts success with a url and reads expiresAt', () => {
    expect(
      parseSignedUrlResponse({
        success: true,
        url: 'https://x/a.mp3',
        expiresAt: '2025-01-01T01:00:00.000Z',
      }),
    ).toEqual({ url: 'https://x/a.mp3', expiresAt: Date.parse('2025-01-01T01:00:00.000Z') });
  });

  it.each([
    [{ success: false, url: 'https://x/a.mp3' }],
    [{ success: true }],
    [{ success: true, url: '' }],
    [null],
  ])('refuses %j with the spec message', (body) => {
    expect(() => parseSignedUrlResponse(body)).toThrow(INVALID_PRESIGN_RESPONSE);
  });

  it('refreshes only when fewer than 5 minutes remain', () => {
    const now = 1_000_000;
    expect(shouldRefreshSignedUrl(now + 5 * 60_000, now)).toBe(false);
    expect(shouldRefreshSignedUrl(now + 5 * 60_000 - 1, now)).toBe(true);
    expect(shouldRefreshSignedUrl(now - 1, now)).toBe(true);
    expect(shouldRefreshSignedUrl(Number.NaN, now)).toBe(false);
  });
});
