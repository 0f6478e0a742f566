import { describe, expect, it } from 'vitest';
import { presenceContextFor } from './activity';

const SONG = '5b0e6f3e-1c1a-4c55-9a53-0c3f1f2b9a10';

describe('presenceContextFor', () => {
  it('names what the member is doing', () => {
    expect(presenceContextFor('/review-dashboard')).toEqual({
      activity: 'On the Review Dashboard',
      viewing: null,
    });
    expect(presenceContextFor(`/review/${SONG}`).activity).toBe('Reviewing a song');
    expect(presenceContextFor('/').activity).toBe('On the Label Hub');
    expect(presenceContextFor('/nowhere').activity).toBeNull();
  });

  it('reports the signed song page being viewed, the overview tab by default', () => {
    expect(presenceContextFor(`/signed-songs/${SONG}/marketing`)).toEqual({
      activity: 'Viewing a signed song',
      viewing: { song_id: SONG, page: 'marketing' },
    });
    expect(presenceContextFor(`/signed-songs/${SONG}`).viewing).toEqual({ song_id: SONG, page: 'overview' });
    expect(presenceContextFor(`/signed-songs/${SONG}/metadata`).viewing).toEqual({
      song_id: SONG,
      page: 'metadata',
    });
  });

  it('reports no viewing for the metadata list, an unknown tab or a song id that is not one', () => {
    expect(presenceContextFor('/signed-songs/metadata')).toEqual({
      activity: 'On Signed Songs',
      viewing: null,
    });
    expect(presenceContextFor(`/signed-songs/${SONG}/nope`).viewing).toBeNull();
    expect(presenceContextFor('/signed-songs/song-1/marketing').viewing).toBeNull();
  });
});
