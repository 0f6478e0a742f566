import { describe, expect, it } from 'vitest';
import {
  describeMetadataErrors,
  emptyMetadataDraft,
  isrcPreview,
  liveSharesTotal,
  METADATA_MESSAGES,
  type MetadataFormDraft,
  metadataDraftSchema,
  toFullDraft,
  validateMetadataSubmission,
} from './metadata-forms.ts';
import { MUSIC_CODE_MESSAGES } from './music-codes.ts';

const valid = (): MetadataFormDraft => ({
  ...emptyMetadataDraft({ title: 'Summer Static', artist: 'Nova Lane' }),
  version: 'Radio Edit',
  featured_artists: ['  Kit   Frost ', ''],
  writers: [
    { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '00052 210 040', share: '60' },
    { name: 'Sam Ortiz', role: 'composer', pro: 'ASCAP', ipi: '', share: 40 },
  ],
  publishers: [],
  isrc: 'gb-abc-26-00001',
  iswc: 'T-034.524.680-1',
  genre: 'Synth-pop',
  language: 'EN',
  explicit: true,
  bpm: '118',
  key: 'A minor',
  lyrics: 'Static on the radio',
});

describe('validateMetadataSubmission', () => {
  it('accepts a complete form and normalises codes, names, shares and numbers', () => {
    const result = validateMetadataSubmission(valid());
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        title: 'Summer Static',
        primary_artists: ['Nova Lane'],
        featured_artists: ['Kit Frost'],
        isrc: 'GBABC2600001',
        iswc: 'T0345246801',
        language: 'en',
        bpm: 118,
        explicit: true,
        writers: [
          { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 60 },
          { name: 'Sam Ortiz', role: 'composer', pro: 'ASCAP', ipi: '', share: 40 },
        ],
      }),
    });
  });

  it('names each field at fault with its path', () => {
    const result = validateMetadataSubmission({
      ...valid(),
      title: '   ',
      primary_artists: [' '],
      isrc: 'GB-ABC-26-0001',
      iswc: 'T-034.524.680-2',
      writers: [
        { name: '', role: 'composer', pro: '', ipi: '12ab', share: 50 },
        { name: 'B', role: 'drummer', pro: '', ipi: '', share: 'sixty' },
      ],
      publishers: [{ name: 'Dome Publishing', pro: '', ipi: '', share: 90 }],
      genre: '',
      language: 'english',
      bpm: 5,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      title: METADATA_MESSAGES.titleEmpty,
      primary_artists: METADATA_MESSAGES.primaryArtistsEmpty,
      'writers.0.name': METADATA_MESSAGES.writerNameEmpty,
      'writers.0.ipi': MUSIC_CODE_MESSAGES.ipiDigits,
      'writers.1.share': MUSIC_CODE_MESSAGES.shareNotNumber,
      'writers.1.role': METADATA_MESSAGES.writerRole,
      publishers: MUSIC_CODE_MESSAGES.sharesTotal(90),
      isrc: MUSIC_CODE_MESSAGES.isrcLength,
      iswc: MUSIC_CODE_MESSAGES.iswcCheckDigit,
      genre: METADATA_MESSAGES.genreEmpty,
      language: METADATA_MESSAGES.language,
      bpm: METADATA_MESSAGES.bpm,
    });
    expect(describeMetadataErrors(result.errors)).toMatch(
      /^title: Enter the track title; primary_artists: .*; isrc: /,
    );
  });

  it('requires writers whose shares total exactly 100, to the hundredth', () => {
    const writers = (shares: Array<number | string>) =>
      shares.map((share, i) => ({ name: `W${i}`, role: 'composer', pro: '', ipi: '', share }));
    const errors = (shares: Array<number | string>) => {
      const result = validateMetadataSubmission({ ...valid(), writers: writers(shares) });
      return result.ok ? null : result.errors;
    };
    expect(errors([33.33, 33.33, 33.34])).toBeNull();
    expect(errors([60, 30])).toEqual({ writers: MUSIC_CODE_MESSAGES.sharesTotal(90) });
    expect(errors([100, 0])).toEqual({ 'writers.1.share': MUSIC_CODE_MESSAGES.shareNotPositive });
    expect(errors(['50.555', 49.445])).toEqual({ 'writers.0.share': MUSIC_CODE_MESSAGES.shareDecimals });
    expect(errors([])).toEqual({ writers: METADATA_MESSAGES.writersEmpty });
  });

  it('drops rows left blank, allows an unregistered ISWC, and requires an ISRC', () => {
    const result = validateMetadataSubmission({
      ...valid(),
      iswc: '',
      publishers: [{ name: '', pro: '', ipi: '', share: null }],
      isrc: '',
    });
    expect(result).toEqual({ ok: false, errors: { isrc: MUSIC_CODE_MESSAGES.isrcEmpty } });
  });
});

describe('drafts', () => {
  it('accepts partial and in-progress values as typed', () => {
    const draft = { title: 'Summ', isrc: 'GB-AB', writers: [{ name: 'No', share: '6' }], bpm: '1' };
    const parsed = metadataDraftSchema.parse(draft);
    expect(parsed).toEqual({
      title: 'Summ',
      isrc: 'GB-AB',
      writers: [{ name: 'No', role: 'composer', pro: '', ipi: '', share: '6' }],
      bpm: '1',
    });
    expect(metadataDraftSchema.parse({})).toEqual({});
  });

  it('refuses what is not form data at all', () => {
    expect(metadataDraftSchema.safeParse({ explicit: 'yes' }).success).toBe(false);
    expect(metadataDraftSchema.safeParse({ writers: 'Nova' }).success).toBe(false);
  });

  it('fills in what a stored draft lacks', () => {
    expect(toFullDraft({ genre: 'House' }, { title: 'T', artist: 'A' })).toEqual({
      ...emptyMetadataDraft({ title: 'T', artist: 'A' }),
      genre: 'House',
    });
  });
});

describe('live helpers', () => {
  it('totals the share boxes as typed', () => {
    expect(liveSharesTotal(['60', 40])).toBe(100);
    expect(liveSharesTotal(['33.33', '33.33', '', 'x'])).toBe(66.66);
  });

  it('previews the ISRC as formatted once valid', () => {
    expect(isrcPreview('')).toBeNull();
    expect(isrcPreview('us-rc1-76-07839')).toEqual({ ok: true, formatted: 'US-RC1-76-07839' });
    expect(isrcPreview('USRC1760783')).toEqual({ ok: false, message: MUSIC_CODE_MESSAGES.isrcLength });
  });
});
