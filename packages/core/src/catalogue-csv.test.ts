import { describe, expect, it } from 'vitest';
import {
  CSV_FIELDS,
  CSV_MESSAGES,
  cleanCsvCell,
  csvRowKeys,
  formatCsvDuration,
  mergeCsvMapping,
  normalizeCsvHeader,
  readCsvRow,
  suggestCsvMapping,
  uniqueCsvHeaders,
  validateCsvMapping,
} from './catalogue-csv.ts';
import { csvField } from './csv.ts';
import { MUSIC_CODE_MESSAGES } from './music-codes.ts';

describe('CSV headers and the column mapping', () => {
  it('compares headers without case, accents, spaces or punctuation', () => {
    expect(normalizeCsvHeader(' Cat. No. ')).toBe('catno');
    expect(normalizeCsvHeader('Catalog #')).toBe('catalognumber');
    expect(normalizeCsvHeader('℗ Year')).toBe('pyear');
    expect(normalizeCsvHeader('Tïtle')).toBe('title');
  });

  it.each([
    ['ISRC', 'isrc'],
    ['Isrc', 'isrc'],
    ['isrc code', 'isrc'],
    ['Track Title', 'title'],
    ['Artist', 'display_artist'],
    ['Display artist', 'display_artist'],
    ['Length', 'duration_seconds'],
  ])('suggests the recordings field for the header %j', (header, key) => {
    expect(suggestCsvMapping('recordings', ['Something else', header])).toEqual({ [key]: header });
  });

  it.each([
    ['UPC', 'upc'],
    ['EAN', 'upc'],
    ['Barcode', 'upc'],
    ['Catalog Number', 'catalogue_number'],
    ['Cat. No.', 'catalogue_number'],
    ['Catalogue number', 'catalogue_number'],
    ['Album', 'title'],
    ['Street Date', 'release_date'],
  ])('suggests the releases field for the header %j', (header, key) => {
    expect(suggestCsvMapping('releases', [header])).toEqual({ [key]: header });
  });

  it('gives a column to one field only, the first that claims it, and maps an export back to itself', () => {
    expect(suggestCsvMapping('recordings', ['Title', 'Song', 'Artist'])).toEqual({
      title: 'Title',
      display_artist: 'Artist',
    });
    const exported = CSV_FIELDS.releases.map((f) => f.label);
    const mapping = suggestCsvMapping('releases', exported);
    expect(Object.keys(mapping)).toEqual(CSV_FIELDS.releases.map((f) => f.key));
  });

  it('never maps the failed rows file’s Reason column', () => {
    for (const kind of ['recordings', 'releases', 'works'] as const)
      expect(Object.values(suggestCsvMapping(kind, ['Reason']))).toEqual([]);
  });

  it('names empty and repeated headers by their position', () => {
    expect(uniqueCsvHeaders(['Title', '', 'Artist', 'artist ', '  Genre\n'])).toEqual([
      'Title',
      'Column 2',
      'Artist',
      'artist (column 4)',
      'Genre',
    ]);
  });

  it('applies a saved mapping where the file has its columns, and suggests the rest', () => {
    const headers = ['Name of song', 'Performer', 'ISRC', 'Extra'];
    const saved = { title: 'Name of song', display_artist: 'Who', genre: 'Extra' };
    expect(mergeCsvMapping('recordings', headers, saved)).toEqual({
      mapping: { title: 'Name of song', genre: 'Extra', display_artist: 'Performer', isrc: 'ISRC' },
      fromSaved: true,
    });
    expect(mergeCsvMapping('recordings', ['Title'], null)).toEqual({
      mapping: { title: 'Title' },
      fromSaved: false,
    });
  });

  it('says what a mapping lacks: required fields, unknown columns, one column for two fields', () => {
    expect(validateCsvMapping('recordings', ['A', 'B'], { title: 'A', version: 'A', isrc: 'C' })).toEqual({
      'mapping.version': CSV_MESSAGES.mappingColumnTwice('A'),
      'mapping.isrc': CSV_MESSAGES.mappingUnknownColumn('C'),
      'mapping.display_artist': 'Choose the column that holds the Display artist',
    });
    expect(validateCsvMapping('works', ['Title'], { title: 'Title' })).toEqual({});
  });
});

describe('a CSV row read with the catalogue’s rules', () => {
  it('reads a valid recording, normalising its codes and numbers', () => {
    const { values, problems } = readCsvRow('recordings', {
      title: '  Night   Drive ',
      display_artist: 'Nova Lane',
      isrc: 'gb-abc-26-00001',
      duration_seconds: '3:25',
      explicit: 'Yes',
      language: 'EN',
      bpm: '120',
      recording_year: '2024',
      version: '',
    });
    expect(problems).toEqual([]);
    expect(values).toEqual({
      title: 'Night Drive',
      display_artist: 'Nova Lane',
      isrc: 'GBABC2600001',
      duration_seconds: 205,
      explicit: true,
      language: 'en',
      bpm: 120,
      recording_year: 2024,
      version: null,
    });
  });

  it('names each field at fault with core’s own messages', () => {
    const { problems } = readCsvRow('recordings', {
      title: '',
      display_artist: 'X',
      isrc: 'GB-ABC-26',
      duration_seconds: 'long',
      explicit: 'maybe',
      bpm: '900',
      recording_year: '20',
    });
    expect(problems).toEqual([
      { field: 'title', message: 'Enter a title' },
      { field: 'isrc', message: MUSIC_CODE_MESSAGES.isrcLength },
      { field: 'duration_seconds', message: 'use minutes and seconds like 3:25, or seconds like 205' },
      { field: 'explicit', message: 'use yes or no' },
      { field: 'bpm', message: 'from 20 to 400' },
      { field: 'recording_year', message: 'enter a year from 1900 to 2100' },
    ]);
  });

  it('checks release codes, dates and choices', () => {
    expect(
      readCsvRow('releases', {
        title: 'Album',
        display_artist: 'A',
        upc: '0 12345 67890 5',
        catalogue_number: ' dmr  001 ',
        release_date: '2024/3/5',
        release_type: 'ep',
        status: 'Released',
      }),
    ).toEqual({
      values: {
        title: 'Album',
        display_artist: 'A',
        upc: '012345678905',
        catalogue_number: 'dmr 001',
        release_date: '2024-03-05',
        release_type: 'ep',
        status: 'released',
      },
      problems: [],
    });
    expect(
      readCsvRow('releases', {
        title: 'A',
        display_artist: 'B',
        upc: '8.40095E+11',
        catalogue_number: 'DMR/001',
        release_date: '2024-02-30',
        release_type: 'mixtape',
      }).problems,
    ).toEqual([
      { field: 'upc', message: CSV_MESSAGES.upcAsNumber },
      { field: 'catalogue_number', message: MUSIC_CODE_MESSAGES.catalogueCharacters },
      { field: 'release_date', message: 'this date does not exist' },
      { field: 'release_type', message: 'one of Single, EP, Album, Compilation' },
    ]);
    expect(readCsvRow('releases', { title: 'A', display_artist: 'B', upc: '012345678901' }).problems).toEqual(
      [{ field: 'upc', message: MUSIC_CODE_MESSAGES.upcEanCheckDigit }],
    );
  });

  it('checks an ISWC’s check digit and an ID’s shape', () => {
    expect(readCsvRow('works', { title: 'Song', iswc: 'T-034.524.680-1' }).values.iswc).toBe('T0345246801');
    expect(readCsvRow('works', { title: 'Song', iswc: 'T-034.524.680-2', id: '42' }).problems).toEqual([
      { field: 'iswc', message: MUSIC_CODE_MESSAGES.iswcCheckDigit },
      { field: 'id', message: CSV_MESSAGES.idInvalid },
    ]);
  });

  it('refuses control characters, and makes a multi-line cell one line', () => {
    expect(readCsvRow('works', { title: 'Bad\u0001title' }).problems).toEqual([
      { field: 'title', message: 'contains a control character (U+0001), which is not allowed' },
    ]);
    expect(readCsvRow('works', { title: 'Line one\r\nline two' }).values.title).toBe('Line one line two');
  });

  it('takes off the mark the app’s CSV writer puts before a formula, so an export imports back unchanged', () => {
    for (const title of ['=HYPERLINK("x")', '-Intro', '@home', '+1']) {
      const written = csvField(title).replace(/^"|"$/g, '').replace(/""/g, '"');
      expect(cleanCsvCell(written)).toBe(title);
    }
    expect(cleanCsvCell("'Tis the season")).toBe("'Tis the season");
  });

  it('keys a row by its codes, a catalogue number without case', () => {
    expect(csvRowKeys('releases', { id: null, upc: '012345678905', catalogue_number: 'dmr 001' })).toEqual([
      'upc:012345678905',
      'catalogue_number:DMR 001',
    ]);
    expect(csvRowKeys('recordings', { title: 'x' })).toEqual([]);
  });

  it('writes a duration the import reads back', () => {
    expect(formatCsvDuration(205)).toBe('3:25');
    expect(formatCsvDuration(3723)).toBe('1:02:03');
    expect(formatCsvDuration(null)).toBeNull();
    expect(
      readCsvRow('recordings', { title: 'a', display_artist: 'b', duration_seconds: '1:02:03' }).values,
    ).toMatchObject({ duration_seconds: 3723 });
  });
});

describe('the export limit message', () => {
  it('counts one export in the singular and more in the plural', () => {
    expect(CSV_MESSAGES.exportLimit(1)).toBe(
      'Your plan allows 1 catalogue CSV export a month, and this month’s export is used. Upgrade your plan or wait until next month.',
    );
    expect(CSV_MESSAGES.exportLimit(10)).toBe(
      'Your plan allows 10 catalogue CSV exports a month, and this month’s are used. Upgrade your plan or wait until next month.',
    );
  });
});
