import { describe, expect, it } from 'vitest';
import {
  AVATAR_MAX_BYTES,
  avatarFileError,
  describeUserAgent,
  PROFILE_MESSAGES as M,
  profileNameSchema,
  UNKNOWN_DEVICE,
} from './profile.ts';

describe('describeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
      'Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
      'Chrome on iPad',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36',
      'Chrome on Linux',
    ],
  ])('%s', (ua, expected) => {
    expect(describeUserAgent(ua)).toBe(expected);
  });

  it('names what it knows and falls back for the rest', () => {
    expect(describeUserAgent(null)).toBe(UNKNOWN_DEVICE);
    expect(describeUserAgent('')).toBe(UNKNOWN_DEVICE);
    expect(describeUserAgent('curl/8.5.0')).toBe(UNKNOWN_DEVICE);
    expect(describeUserAgent('SomeBot (Windows)')).toBe('Windows');
  });
});

describe('profileNameSchema', () => {
  it('trims and requires a name of at most 100 characters', () => {
    expect(profileNameSchema.parse('  Ada  ')).toBe('Ada');
    expect(profileNameSchema.safeParse('   ').error?.issues[0]?.message).toBe(M.nameEmpty);
    expect(profileNameSchema.safeParse('x'.repeat(101)).error?.issues[0]?.message).toBe(M.nameTooLong);
    expect(profileNameSchema.safeParse('x'.repeat(100)).success).toBe(true);
  });
});

describe('avatarFileError', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp']) {
      expect(avatarFileError({ type, size: 1000 })).toBeNull();
    }
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(avatarFileError({ type: 'image/gif', size: 10 })).toBe(M.avatarType);
    expect(avatarFileError({ type: 'image/svg+xml', size: 10 })).toBe(M.avatarType);
    expect(avatarFileError({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(M.avatarTooLarge);
  });
});
