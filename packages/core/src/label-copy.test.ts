import { describe, expect, it } from 'vitest';
import { CSV_BOM } from './csv.ts';
import {
  cLineText,
  emptyLabelCopy,
  formatDuration,
  type LabelCopyData,
  labelCopyCsv,
  labelCopyDataSchema,
  labelCopyIssues,
  parseCountryList,
  parseDuration,
  pLineText,
} from './label-copy.ts';
import { validateUpcEan } from './music-codes.ts';

const NOW = new Date('2026-05-01T00:00:00Z');

function complete(): LabelCopyData {
  return labelCopyDataSchema.parse({
    release_title: 'Night Drive',
    primary_artist: 'Nova Lane',
    label: 'Dome Records',
    catalogue_number: 'DMR 001',
    upc: '036000291452',
    release_date: '2026-06-05',
    original_release_date: '2026-06-05',
    genre: 'Synth-pop',
    worldwide: true,
    p_line: { year: 2026, owner: 'Dome Records' },
    c_line: { year: 2026, owner: 'Dome Publishing' },
    credits: { producer: 'Sam Reed', performers: [{ name: 'Nova Lane', role: 'Vocals' }] },
    tracks: [
      {
        title: 'Night Drive',
        artists: 'Nova Lane',
        isrc: 'gb-abc-26-00001',
        duration_seconds: 205,
        explicit: false,
      },
    ],
    writers: [
      { name: 'Nova Lane', role: 'composer_lyricist', pro: 'PRS', ipi: '00052210040', share: 60 },
      { name: 'Sam Reed', role: 'composer', pro: 'ASCAP', ipi: '', share: 40 },
    ],
  });
}

const fields = (data: LabelCopyData, check: 'submit' | 'final') =>
  labelCopyIssues(data, check, NOW).map((i) => i.field);

describe('UPC/EAN in a label copy', () => {
  it('accepts published valid UPC-A and EAN-13 codes and refuses a wrong check digit', () => {
    // 036000291452: GS1's own UPC-A example; 4006381333931: the EAN-13 example (Stabilo pen).
    expect(validateUpcEan('036000291452')).toEqual({ ok: true, value: '036000291452' });
    expect(validateUpcEan('4006381333931')).toEqual({ ok: true, value: '4006381333931' });
    expect(validateUpcEan('036000291453').ok).toBe(false);
    expect(validateUpcEan('4006381333932').ok).toBe(false);
    expect(validateUpcEan('03600029145').ok).toBe(false);
  });

  it('names the UPC/EAN field when the check digit is wrong, and stores a valid one without spaces', () => {
    const data = { ...complete(), upc: '036000291453' };
    expect(labelCopyIssues(data, 'final', NOW)).toContainEqual({
      field: 'upc',
      label: 'UPC/EAN',
      message: 'This barcode is mistyped: its last digit (the check digit) does not match the others',
    });
    expect(labelCopyDataSchema.parse({ upc: '0 36000 29145 2' }).upc).toBe('036000291452');
  });
});

describe('label copy schema and completeness', () => {
  it('a complete label copy has no issues, for submit or final', () => {
    expect(labelCopyIssues(complete(), 'final', NOW)).toEqual([]);
    expect(labelCopyIssues(complete(), 'submit', NOW)).toEqual([]);
  });

  it('final requires every field a distributor needs, each named; submit only the artist’s part', () => {
    const data = emptyLabelCopy();
    expect(fields(data, 'final')).toEqual([
      'release_title',
      'primary_artist',
      'label',
      'catalogue_number',
      'upc',
      'release_date',
      'genre',
      'p_line',
      'c_line',
      'credits.producer',
      'tracks',
    ]);
    expect(fields(data, 'submit')).toEqual(['release_title', 'primary_artist', 'tracks']);
    const noIsrc = complete();
    noIsrc.tracks[0] = { ...noIsrc.tracks[0]!, isrc: '', duration_seconds: null };
    expect(fields(noIsrc, 'final')).toEqual(['tracks.0.isrc', 'tracks.0.duration_seconds']);
    expect(fields(noIsrc, 'submit')).toEqual([]);
  });

  it('checks codes, territories, rights lines and shares whenever they are filled in', () => {
    const data = complete();
    data.tracks[0]!.isrc = 'GB-ABC-26-0001';
    data.worldwide = false;
    data.territories = ['GB', 'XX'];
    data.p_line = { year: 1800, owner: 'Dome Records' };
    data.c_line = { year: 2026, owner: '© 2026 Dome' };
    data.writers[1]!.share = 30;
    const issues = labelCopyIssues(data, 'submit', NOW);
    expect(issues.map((i) => [i.field, i.message])).toEqual([
      ['territories', 'Not ISO country codes: XX (use 2 letters, like GB or DE)'],
      ['p_line.year', 'Enter a year from 1900 to 2027'],
      ['c_line.owner', "Enter only the owner's name: the ℗ or © and the year are added for you"],
      ['tracks.0.isrc', 'An ISRC has 12 characters, like GB-ABC-26-00001'],
      ['writers', 'Shares must total 100%; they total 90%'],
    ]);
  });

  it('refuses malformed input at the boundary, naming the field', () => {
    const bad = labelCopyDataSchema.safeParse({ release_date: '05/06/2026' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Release date: use the date format YYYY-MM-DD');
    expect(labelCopyDataSchema.safeParse({ release_date: '2026-02-30' }).success).toBe(false);
    expect(labelCopyDataSchema.safeParse({ tracks: 'many' }).success).toBe(false);
    expect(labelCopyDataSchema.parse({ release_title: '  Night   Drive ' }).release_title).toBe(
      'Night Drive',
    );
  });

  it('parses country lists and durations as typed', () => {
    expect(parseCountryList('gb, de fr;US gb')).toEqual(['GB', 'DE', 'FR', 'US']);
    expect(parseDuration('3:25')).toBe(205);
    expect(parseDuration('1:02:03')).toBe(3723);
    expect(parseDuration('205')).toBe(205);
    expect(parseDuration('3:75')).toBeNull();
    expect(formatDuration(205)).toBe('3:25');
    expect(formatDuration(3723)).toBe('1:02:03');
  });
});

describe('P-line and C-line', () => {
  it('shows the symbol, year and owner', () => {
    expect(pLineText({ year: 2026, owner: 'Dome Records' })).toBe('℗ 2026 Dome Records');
    expect(cLineText({ year: 2026, owner: 'Dome Publishing' })).toBe('© 2026 Dome Publishing');
    expect(pLineText({ year: null, owner: '' })).toBe('');
  });
});

describe('CSV', () => {
  it('starts with a BOM, has the header and one row per track with the release columns repeated', () => {
    const data = complete();
    data.release_title = 'Beyoncé, "Live"';
    data.tracks.push({
      title: 'Night Drive',
      version: 'Radio Edit',
      artists: 'Nova Lane',
      isrc: 'GBABC2600002',
      duration_seconds: 180,
      explicit: true,
    });
    const csv = labelCopyCsv(data);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toHaveLength(4); // header, 2 tracks, the empty string after the last CRLF
    expect(lines[0]).toMatch(/^Release title,Release version,Primary artist,/);
    expect(lines[1]).toMatch(/^"Beyoncé, ""Live""",,Nova Lane,Dome Records,DMR 001,036000291452,/);
    expect(lines[1]).toContain('℗ 2026 Dome Records,© 2026 Dome Publishing');
    expect(lines[1]).toMatch(/,1,Night Drive,,Nova Lane,GB-ABC-26-00001,3:25,Clean$/);
    expect(lines[2]).toMatch(/^"Beyoncé, ""Live""",/);
    expect(lines[2]).toMatch(/,2,Night Drive,Radio Edit,Nova Lane,GB-ABC-26-00002,3:00,Explicit$/);
  });
});
