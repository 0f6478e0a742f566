import { describe, expect, it } from 'vitest';
import { prefillDetails } from './track-file';

describe('prefillDetails', () => {
  it('prefers the tags field by field, then the file name', () => {
    expect(prefillDetails('Band - Song.wav', {})).toEqual({ title: 'Song', artist: 'Band' });
    expect(prefillDetails('Band - Song.wav', { title: 'Tagged' })).toEqual({
      title: 'Tagged',
      artist: 'Band',
    });
    expect(prefillDetails('song.wav', { artist: 'Tagged Artist' })).toEqual({
      title: 'song',
      artist: 'Tagged Artist',
    });
  });
});
