// Database-independent: storage key rules only (the PostgreSQL pass skips it; vitest.config.ts).
import { describe, expect, it } from 'vitest';
import { buildKey, parseKey, sanitizeFilename } from './keys.ts';
import { parseRange } from './range.ts';

const ORG = '0b6e2f4c-1d2a-4c3b-9e8f-123456789abc';

describe('storage keys', () => {
  it('builds {organizationId}/{type}/{id}/{filename} and reads it back', () => {
    const key = buildKey(ORG, 'audio', 'song-1', 'Mix v2.wav');
    expect(key).toBe(`${ORG}/audio/song-1/Mix_v2.wav`);
    expect(parseKey(key)).toEqual({
      organizationId: ORG,
      type: 'audio',
      id: 'song-1',
      filename: 'Mix_v2.wav',
    });
  });

  it.each([
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\boot.ini', 'boot.ini'],
    ['.hidden.wav', 'hidden.wav'],
    ['Beyoncé – Halo.mp3', 'Beyonce_Halo.mp3'],
    ['a...b.wav', 'a.b.wav'],
    ['song.', 'song'],
    [`${'x'.repeat(300)}.flac`, `${'x'.repeat(195)}.flac`],
  ])('sanitises the file name %s to %s', (input, expected) => {
    expect(sanitizeFilename(input)).toBe(expected);
  });

  it.each(['..', '/', '', '###', '.'])('refuses a file name with nothing usable: %j', (name) => {
    expect(sanitizeFilename(name)).toBeNull();
    expect(() => buildKey(ORG, 'audio', 'x', name)).toThrow();
  });

  it('refuses a bad organization, type or id instead of rewriting them', () => {
    expect(() => buildKey('Alice Records', 'audio', 'x', 'a.wav')).toThrow(/organization/);
    expect(() => buildKey(ORG, 'video', 'x', 'a.wav')).toThrow(/type/);
    for (const id of ['..', '../x', 'a/b', '.x', 'a b', 'a..b', 'x'.repeat(129)]) {
      expect(() => buildKey(ORG, 'audio', id, 'a.wav'), id).toThrow(/id/);
    }
  });

  it.each([
    `${ORG}/audio/x`,
    `${ORG}/audio/x/y/z.wav`,
    `${ORG}/audio/../a.wav`,
    `${ORG}/audio/x/..`,
    `${ORG}/video/x/a.wav`,
    `${ORG.toUpperCase()}/audio/x/a.wav`,
    `/${ORG}/audio/x/a.wav`,
    `${ORG}/audio/x/a b.wav`,
    `${ORG}/audio/x/%2e%2e`,
  ])('parseKey refuses %s', (key) => {
    expect(parseKey(key)).toBeNull();
  });
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', 1000, { kind: 'range', start: 0, end: 99 }],
    ['bytes=100-', 1000, { kind: 'range', start: 100, end: 999 }],
    ['bytes=-50', 1000, { kind: 'range', start: 950, end: 999 }],
    ['bytes=-5000', 1000, { kind: 'range', start: 0, end: 999 }],
    ['bytes=990-5000', 1000, { kind: 'range', start: 990, end: 999 }],
    ['bytes=1000-', 1000, { kind: 'unsatisfiable' }],
    ['bytes=1000-1001', 1000, { kind: 'unsatisfiable' }],
    ['bytes=-0', 1000, { kind: 'unsatisfiable' }],
    ['bytes=5-1', 1000, { kind: 'none' }],
    ['bytes=0-1,3-4', 1000, { kind: 'none' }],
    ['bytes=-', 1000, { kind: 'none' }],
    ['lines=0-1', 1000, { kind: 'none' }],
    [undefined, 1000, { kind: 'none' }],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});
