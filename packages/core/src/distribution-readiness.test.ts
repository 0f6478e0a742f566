import { describe, expect, it } from 'vitest';
import { creditsFeatureInTitle, daysUntil, pipelineStatus } from './distribution.ts';
import {
  checkReadiness,
  type FileState,
  type ReadinessInput,
  type ReadinessTrack,
} from './distribution-readiness.ts';

const artwork: FileState = {
  state: 'inspected',
  info: { kind: 'image', format: 'png', width: 3000, height: 3000, colour: 'rgb' },
};
const master = (
  over: Partial<{ channels: number; bitDepth: number; sampleRate: number }> = {},
  silence = [0.2, 0.3],
) =>
  ({
    state: 'inspected',
    info: {
      kind: 'audio',
      format: 'wav',
      bitDepth: over.bitDepth ?? 24,
      sampleRate: over.sampleRate ?? 48_000,
      channels: over.channels ?? 2,
      encoding: 'pcm',
    },
    audio: { durationSeconds: 200, leadingSilenceSeconds: silence[0]!, trailingSilenceSeconds: silence[1]! },
  }) satisfies FileState;

const track = (over: Partial<ReadinessTrack> = {}): ReadinessTrack => ({
  disc: 1,
  number: 1,
  recordingId: 'rec-1',
  title: 'Paper Moons',
  version: null,
  isrc: 'GBE2X2600001',
  language: 'en',
  genre: 'Electronic',
  pLine: { year: 2026, owner: 'Label' },
  workId: 'work-1',
  writerShareBp: 10_000,
  masterShareBp: 10_000,
  master: master(),
  ...over,
});

const ready = (over: Partial<ReadinessInput> = {}): ReadinessInput => ({
  release: {
    id: 'rel-1',
    title: 'Paper Moons',
    version: null,
    upc: '5012345678900',
    labelName: 'Label',
    releaseDate: '2026-12-31',
    pLine: { year: 2026, owner: 'Label' },
    cLine: { year: 2026, owner: 'Label' },
    genre: 'Electronic',
  },
  artwork,
  tracks: [track()],
  dpid: 'PADPIDA2026112601Q',
  today: '2026-11-26',
  ...over,
});
const codes = (input: ReadinessInput) => {
  const r = checkReadiness(input);
  return {
    errors: r.errors.map((p) => p.code),
    warnings: r.warnings.map((p) => p.code),
    checking: r.checking,
  };
};
const release = (over: Partial<ReadinessInput['release']>) =>
  ready({ release: { ...ready().release, ...over } });

describe('readiness of a release for delivery', () => {
  it('passes a complete release: nothing blocking, nothing to warn about', () => {
    expect(codes(ready())).toEqual({ errors: [], warnings: [], checking: 0 });
  });

  it.each([
    ['dpid_missing', ready({ dpid: null })],
    ['upc_missing', release({ upc: null })],
    ['upc_invalid', release({ upc: '5012345678901' })],
    ['label_name_missing', release({ labelName: null })],
    ['genre_missing', release({ genre: null })],
    ['p_line_missing', release({ pLine: { year: 2026, owner: null } })],
    ['c_line_missing', release({ cLine: { year: null, owner: 'Label' } })],
    ['title_feat', release({ title: 'Paper Moons (feat. Ana)' })],
    ['release_date_missing', release({ releaseDate: null })],
    ['artwork_missing', ready({ artwork: { state: 'missing' } })],
    [
      'artwork_refused',
      ready({
        artwork: {
          state: 'inspected',
          info: { kind: 'image', format: 'jpeg', width: 3000, height: 3000, colour: 'cmyk' },
        },
      }),
    ],
    [
      'artwork_refused',
      ready({
        artwork: {
          state: 'inspected',
          info: { kind: 'image', format: 'png', width: 3000, height: 2999, colour: 'rgb' },
        },
      }),
    ],
    ['no_tracks', ready({ tracks: [] })],
    ['isrc_missing', ready({ tracks: [track({ isrc: null })] })],
    ['isrc_invalid', ready({ tracks: [track({ isrc: 'GB-E2X-26-1' })] })],
    ['isrc_twice', ready({ tracks: [track(), track({ number: 2, recordingId: 'rec-2' })] })],
    ['language_missing', ready({ tracks: [track({ language: null })] })],
    ['track_p_line_missing', ready({ tracks: [track({ pLine: { year: null, owner: null } })] })],
    ['track_title_feat', ready({ tracks: [track({ title: 'Glass ft. Ana' })] })],
    ['work_missing', ready({ tracks: [track({ workId: null })] })],
    ['writers_missing', ready({ tracks: [track({ writerShareBp: null })] })],
    ['writer_shares', ready({ tracks: [track({ writerShareBp: 9_950 })] })],
    ['master_missing', ready({ tracks: [track({ master: { state: 'missing' } })] })],
    ['master_refused', ready({ tracks: [track({ master: master({ channels: 1 }) })] })],
    ['master_refused', ready({ tracks: [track({ master: master({ bitDepth: 32 }) })] })],
    ['master_refused', ready({ tracks: [track({ master: master({ sampleRate: 22_050 }) })] })],
    ['master_refused', ready({ tracks: [track({ master: master({}, [10.5, 0]) })] })],
    ['master_refused', ready({ tracks: [track({ master: master({}, [0, 12]) })] })],
  ])('blocks with %s', (code, input) => {
    expect(codes(input).errors).toEqual([code]);
  });

  it('allows exactly 10 s of silence at either end', () => {
    expect(codes(ready({ tracks: [track({ master: master({}, [10, 10]) })] })).errors).toEqual([]);
  });

  it('says why a master is refused, in words', () => {
    const r = checkReadiness(ready({ tracks: [track({ master: master({}, [0, 12.4]) })] }));
    expect(r.errors[0]!.message).toBe(
      'Track 1 (“Paper Moons”): The master ends with 12 s of silence: at most 10 s.',
    );
    expect(r.errors[0]!.fix).toEqual({ kind: 'recording', id: 'rec-1' });
    expect(r.errors[0]!.track).toEqual({ disc: 1, number: 1, recordingId: 'rec-1', title: 'Paper Moons' });
  });

  it('links writer problems to the work and code problems to the release or settings', () => {
    const r = checkReadiness(ready({ dpid: null, tracks: [track({ writerShareBp: 5_000 })] }));
    expect(r.errors.map((p) => p.fix)).toEqual([
      { kind: 'catalogue_settings' },
      { kind: 'work', id: 'work-1' },
    ]);
    expect(r.errors[1]!.message).toBe('Track 1 (“Paper Moons”)’s writer shares total 50%, not 100%.');
  });

  it('warns of a near release date and of master splits, without blocking', () => {
    expect(codes(release({ releaseDate: '2026-12-09' })).warnings).toEqual(['release_date_soon']);
    expect(codes(release({ releaseDate: '2026-12-10' })).warnings).toEqual([]);
    const r = checkReadiness(release({ releaseDate: '2026-11-27' }));
    expect(r.warnings[0]!.message).toBe('The release date is 1 day away: stores ask for at least 14.');
    expect(codes(ready({ tracks: [track({ masterShareBp: null })] }))).toMatchObject({
      errors: [],
      warnings: ['master_split_missing'],
    });
    expect(codes(ready({ tracks: [track({ masterShareBp: 9_000 })] })).warnings).toEqual([
      'master_split_total',
    ]);
  });

  it('counts files still being read instead of judging them', () => {
    expect(
      codes(ready({ artwork: { state: 'checking' }, tracks: [track({ master: { state: 'checking' } })] })),
    ).toEqual({ errors: [], warnings: [], checking: 2 });
  });
});

describe('distribution helpers', () => {
  it('finds featured artists credited in a title', () => {
    for (const title of ['Song feat. Ana', 'Song (feat Ana)', 'Song ft. Ana', 'Song [Featuring Ana]'])
      expect(creditsFeatureInTitle(title), title).toBe(true);
    for (const title of ['Feature Film', 'Soft Touch', 'Defeat', 'Left Behind'])
      expect(creditsFeatureInTitle(title), title).toBe(false);
  });

  it('counts whole days between dates', () => {
    expect(daysUntil('2026-12-10', '2026-11-26')).toBe(14);
    expect(daysUntil('2026-11-25', '2026-11-26')).toBe(-1);
    expect(daysUntil('2027-03-29', '2027-03-27')).toBe(2);
  });

  it('sums up stores into the pipeline status the list shows', () => {
    expect(pipelineStatus([], null)).toBe('draft');
    expect(pipelineStatus([], { errors: 2 })).toBe('blocked');
    expect(pipelineStatus([], { errors: 0 })).toBe('ready');
    expect(pipelineStatus(['live', 'error'], null)).toBe('error');
    expect(pipelineStatus(['live', 'queued'], null)).toBe('in_progress');
    expect(pipelineStatus(['delivered', 'live'], null)).toBe('delivered');
    expect(pipelineStatus(['live', 'live'], null)).toBe('live');
    expect(pipelineStatus(['taken_down', 'taken_down'], null)).toBe('taken_down');
    expect(pipelineStatus(['on_hold', 'live'], null)).toBe('on_hold');
  });
});
