import { z } from 'zod';
import type { LabelCopyData, LabelCopyIssue, RightsLineValue } from './contracts/label-copy.ts';
import { toCsv } from './csv.ts';
import { METADATA_LIMITS, type MetadataWriter } from './metadata-forms.ts';
import {
  CODE_INPUT_MAX,
  formatIsrc,
  maxRightsYear,
  RIGHTS_YEAR_MIN,
  validateCatalogueNumber,
  validateIpi,
  validateIsrc,
  validateRightsLine,
  validateShares,
  validateUpcEan,
} from './music-codes.ts';

/**
 * Label copy (issue 6, docs/DOMAIN.md "Label copy"): the release's sheet of record that goes to
 * distributors and partners: release title, UPC/EAN, catalogue number, label, dates, territories,
 * P-line and C-line, credits, and the track list with ISRCs. One per signed song (a single-song
 * release: the track list is the song). The label drafts it, the artist fills or corrects it through
 * /label-copy-form/{token}, and the label marks it final.
 *
 * Drafts may hold anything (they autosave as people type); `labelCopyIssues` says, field by field,
 * what still stops an artist from submitting or the label from marking it final.
 */

export const LABEL_COPY_STATUSES = ['draft', 'submitted', 'final'] as const;
export type LabelCopyStatus = (typeof LABEL_COPY_STATUSES)[number];

export const LABEL_COPY_STATUS_LABELS: Record<LabelCopyStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted by artist',
  final: 'Final',
};

export const WRITER_ROLE_LABELS: Record<MetadataWriter['role'], string> = {
  composer: 'Composer',
  lyricist: 'Lyricist',
  composer_lyricist: 'Composer & lyricist',
  arranger: 'Arranger',
};

// ---------------------------------------------------------------------------------------------------
// Territories: "Worldwide" or a list of ISO 3166-1 alpha-2 country codes.

/** Every officially assigned ISO 3166-1 alpha-2 code (249), plus XK (Kosovo), which stores accept. */
export const ISO_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS ' +
  'BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE ' +
  'EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM ' +
  'HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC ' +
  'LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA ' +
  'NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO ' +
  'TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
).split(' ');
const COUNTRY_SET = new Set(ISO_COUNTRY_CODES);

export const isCountryCode = (code: string) => COUNTRY_SET.has(code);

/** "gb, de fr;US" -> ["GB", "DE", "FR", "US"] (typed lists are split on commas, semicolons, spaces). */
export function parseCountryList(input: string): string[] {
  const codes = input
    .toUpperCase()
    .split(/[\s,;]+/)
    .filter(Boolean);
  return [...new Set(codes)];
}

// ---------------------------------------------------------------------------------------------------
// Durations: stored in seconds, typed and shown as m:ss (or h:mm:ss).

/** "3:25" -> 205, "1:02:03" -> 3723, "205" -> 205; null when it is not a duration. */
export function parseDuration(input: string): number | null {
  const value = input.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+):)?(\d{1,3}):([0-5]\d)$/.exec(value);
  if (!match) return null;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** 205 -> "3:25", 3723 -> "1:02:03"; '' for null. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

// ---------------------------------------------------------------------------------------------------
// The data (label_copies.data).

// The data's types are those of its answers, inferred from the contract's schemas.
export type {
  LabelCopyCredits,
  LabelCopyData,
  LabelCopyPerformer,
  LabelCopyTrack,
  RightsLineValue,
} from './contracts/label-copy.ts';

export const LABEL_COPY_LIMITS = {
  text: 200,
  list: 50,
  tracks: 100,
} as const;

/**
 * Text as typed, tidied: spaces collapsed and trimmed on each line, but line breaks kept (a
 * producer credit or a list may take several lines; exports keep them, see ./csv.ts).
 */
const text = (max: number = LABEL_COPY_LIMITS.text) =>
  z
    .string()
    .max(max)
    .transform((v) =>
      v
        .replace(/\r\n?/g, '\n')
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .join('\n')
        .replace(/^\n+|\n+$/g, '')
        .replace(/\n{3,}/g, '\n\n'),
    );
/** Codes (ISRC, UPC, IPI, catalogue number, society) are one line: every run of space is one space. */
const code = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => v.replace(/\s+/g, ' ').trim());
// Codes are stored normalised when valid, and as typed otherwise (a draft may hold half a code).
/** "2026-02-30" parses in JavaScript (as March 2nd): a real date reads back as itself. */
const isRealDate = (v: string) => {
  const time = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === v;
};
const isoDate = (label: string) =>
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, { message: `${label}: use the date format YYYY-MM-DD` })
    .refine((v) => v === '' || isRealDate(v), {
      message: `${label}: this date does not exist`,
    });
const yearValue = z.number().int().min(0).max(9999).nullable();

const rightsLineInput = z.object({ year: yearValue.default(null), owner: text().default('') });

const writerInput = z.object({
  name: text().default(''),
  role: z.enum(['composer', 'lyricist', 'composer_lyricist', 'arranger']).catch('composer_lyricist'),
  pro: code(METADATA_LIMITS.pro).default(''),
  ipi: code(CODE_INPUT_MAX.ipi).default(''),
  share: z.number().min(0).max(100),
});
const publisherInput = writerInput.omit({ role: true });

const trackInput = z.object({
  title: text().default(''),
  version: text().default(''),
  artists: text(400).default(''),
  isrc: code(CODE_INPUT_MAX.isrc)
    .default('')
    .transform((v) => {
      const checked = validateIsrc(v);
      return checked.ok ? checked.value : v;
    }),
  duration_seconds: z.number().int().min(0).max(86_400).nullable().default(null),
  explicit: z.boolean().default(false),
});

/**
 * What a draft save accepts (PUT from the label, autosave from the artist's form): every field
 * optional and bounded, unknown keys dropped. Completeness is judged by `labelCopyIssues`.
 */
export const labelCopyDataSchema = z.object({
  release_title: text().default(''),
  release_version: text().default(''),
  primary_artist: text(400).default(''),
  label: text().default(''),
  catalogue_number: code(60).default(''),
  upc: code(CODE_INPUT_MAX.upcEan)
    .default('')
    .transform((v) => {
      const checked = validateUpcEan(v);
      return checked.ok ? checked.value : v;
    }),
  release_date: isoDate('Release date').default(''),
  original_release_date: isoDate('Original release date').default(''),
  genre: text(100).default(''),
  worldwide: z.boolean().default(true),
  territories: z
    .array(z.string().max(10))
    .max(260)
    .default([])
    .transform((codes) => [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))]),
  p_line: rightsLineInput.default({ year: null, owner: '' }),
  c_line: rightsLineInput.default({ year: null, owner: '' }),
  credits: z
    .object({
      producer: text(400).default(''),
      engineer: text(400).default(''),
      mixer: text(400).default(''),
      mastering_engineer: text(400).default(''),
      performers: z
        .array(z.object({ name: text().default(''), role: text(100).default('') }))
        .max(LABEL_COPY_LIMITS.list)
        .default([]),
    })
    .default({ producer: '', engineer: '', mixer: '', mastering_engineer: '', performers: [] }),
  tracks: z.array(trackInput).max(LABEL_COPY_LIMITS.tracks).default([]),
  writers: z.array(writerInput).max(LABEL_COPY_LIMITS.list).default([]),
  publishers: z.array(publisherInput).max(LABEL_COPY_LIMITS.list).default([]),
});

/** An empty label copy (every field present). */
export function emptyLabelCopy(): LabelCopyData {
  return labelCopyDataSchema.parse({});
}

/** Reads stored data leniently: whatever is missing or malformed comes back empty. */
export function readLabelCopyData(value: unknown): LabelCopyData {
  const parsed = labelCopyDataSchema.safeParse(value ?? {});
  return parsed.success ? parsed.data : emptyLabelCopy();
}

// ---------------------------------------------------------------------------------------------------
// Completeness and validity, field by field.

export type { LabelCopyIssue } from './contracts/label-copy.ts';

/** Submit: what an artist must give. Final: everything a distributor needs. */
export type LabelCopyCheck = 'submit' | 'final';

export const LABEL_COPY_FIELD_LABELS = {
  release_title: 'Release title',
  primary_artist: 'Primary artist',
  label: 'Label',
  catalogue_number: 'Catalogue number',
  upc: 'UPC/EAN',
  release_date: 'Release date',
  original_release_date: 'Original release date',
  genre: 'Genre',
  territories: 'Territories',
  p_line: 'P-line',
  c_line: 'C-line',
  producer: 'Producer',
  tracks: 'Tracks',
} as const;

/**
 * Every problem of a label copy for `check`, in form order. Codes and rights lines are checked
 * whenever they are filled in; 'final' also requires every field a distributor needs.
 */
export function labelCopyIssues(
  data: LabelCopyData,
  check: LabelCopyCheck,
  now: Date = new Date(),
): LabelCopyIssue[] {
  const issues: LabelCopyIssue[] = [];
  const isFinal = check === 'final';
  const add = (field: string, label: string, message: string) => issues.push({ field, label, message });
  const required = (field: keyof typeof LABEL_COPY_FIELD_LABELS, value: string, message: string) => {
    if (value.trim() === '') add(field, LABEL_COPY_FIELD_LABELS[field], message);
  };

  required('release_title', data.release_title, 'Enter the release title');
  required('primary_artist', data.primary_artist, 'Enter the primary artist');
  if (isFinal) required('label', data.label, 'Enter the label name');

  if (data.catalogue_number || isFinal) {
    const result = validateCatalogueNumber(data.catalogue_number);
    if (!result.ok) add('catalogue_number', 'Catalogue number', result.message);
  }
  if (data.upc || isFinal) {
    const result = validateUpcEan(data.upc);
    if (!result.ok) add('upc', 'UPC/EAN', result.message);
  }
  if (isFinal) required('release_date', data.release_date, 'Enter the release date');
  if (data.release_date && data.original_release_date && data.original_release_date > data.release_date) {
    add(
      'original_release_date',
      'Original release date',
      'The original release date cannot be after the release date',
    );
  }
  if (isFinal) required('genre', data.genre, 'Enter the genre');

  if (!data.worldwide) {
    if (data.territories.length === 0) add('territories', 'Territories', 'Choose Worldwide or add countries');
    const unknown = data.territories.filter((code) => !isCountryCode(code));
    if (unknown.length > 0)
      add(
        'territories',
        'Territories',
        `Not ISO country codes: ${unknown.join(', ')} (use 2 letters, like GB or DE)`,
      );
  }

  for (const [key, label] of [
    ['p_line', 'P-line'],
    ['c_line', 'C-line'],
  ] as const) {
    const line = data[key];
    if (line.year === null && line.owner === '') {
      if (isFinal) add(key, label, `Enter the ${label}'s year and owner`);
      continue;
    }
    const result = validateRightsLine(line.year ?? Number.NaN, line.owner, now);
    if (!result.ok) add(`${key}.${result.field}`, `${label} ${result.field}`, result.message);
  }

  if (isFinal && data.credits.producer === '') add('credits.producer', 'Producer', 'Enter the producer');
  data.credits.performers.forEach((performer, i) => {
    if (performer.name === '' && performer.role !== '')
      add(`credits.performers.${i}.name`, `Performer ${i + 1}`, 'Enter the performer’s name');
  });

  if (data.tracks.length === 0) add('tracks', 'Tracks', 'Add at least one track');
  data.tracks.forEach((track, i) => {
    const n = `Track ${i + 1}`;
    if (track.title === '') add(`tracks.${i}.title`, `${n} title`, 'Enter the track title');
    if (track.artists === '') add(`tracks.${i}.artists`, `${n} artists`, 'Enter the track’s artists');
    if (track.isrc || isFinal) {
      const result = validateIsrc(track.isrc);
      if (!result.ok) add(`tracks.${i}.isrc`, `${n} ISRC`, result.message);
    }
    if (isFinal && !track.duration_seconds)
      add(`tracks.${i}.duration_seconds`, `${n} duration`, 'Enter the duration, like 3:25');
  });
  const isrcs = data.tracks.map((t) => t.isrc).filter(Boolean);
  if (new Set(isrcs).size !== isrcs.length)
    add('tracks', 'Tracks', 'Each track needs its own ISRC: two tracks have the same one');

  data.writers.forEach((writer, i) => {
    if (writer.name === '') add(`writers.${i}.name`, `Writer ${i + 1}`, 'Enter the writer’s name');
    if (writer.ipi) {
      const result = validateIpi(writer.ipi);
      if (!result.ok) add(`writers.${i}.ipi`, `Writer ${i + 1} IPI`, result.message);
    }
  });
  if (data.writers.length > 0) {
    const result = validateShares(data.writers.map((w) => w.share));
    if (!result.ok)
      add(
        result.index === null ? 'writers' : `writers.${result.index}.share`,
        result.index === null ? 'Writers’ shares' : `Writer ${result.index + 1} share`,
        result.message,
      );
  }
  data.publishers.forEach((publisher, i) => {
    if (publisher.name === '')
      add(`publishers.${i}.name`, `Publisher ${i + 1}`, 'Enter the publisher’s name');
    if (publisher.ipi) {
      const result = validateIpi(publisher.ipi);
      if (!result.ok) add(`publishers.${i}.ipi`, `Publisher ${i + 1} IPI`, result.message);
    }
  });
  if (data.publishers.length > 0) {
    const result = validateShares(data.publishers.map((p) => p.share));
    if (!result.ok)
      add(
        result.index === null ? 'publishers' : `publishers.${result.index}.share`,
        result.index === null ? 'Publishers’ shares' : `Publisher ${result.index + 1} share`,
        result.message,
      );
  }
  return issues;
}

/** "UPC/EAN: This barcode is mistyped..." lines for an error message, the first few of them. */
export function describeIssues(issues: readonly LabelCopyIssue[], max = 3): string {
  const shown = issues.slice(0, max).map((i) => `${i.label}: ${i.message}`);
  const more = issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
}

// ---------------------------------------------------------------------------------------------------
// Display.

/** "℗ 2026 Dome Records" (or "" when incomplete, or the raw parts when invalid). */
export function rightsLineText(symbol: '℗' | '©', line: RightsLineValue): string {
  if (line.year === null && line.owner === '') return '';
  return [symbol, line.year ?? '', line.owner].filter((part) => part !== '').join(' ');
}

export const pLineText = (line: RightsLineValue) => rightsLineText('℗', line);
export const cLineText = (line: RightsLineValue) => rightsLineText('©', line);

export function territoriesText(data: Pick<LabelCopyData, 'worldwide' | 'territories'>): string {
  return data.worldwide ? 'Worldwide' : data.territories.join(', ');
}

export const releaseYearBounds = (now: Date = new Date()) => ({
  min: RIGHTS_YEAR_MIN,
  max: maxRightsYear(now),
});

// ---------------------------------------------------------------------------------------------------
// CSV (written by the shared writer, ./csv.ts): one row per track, the release's columns repeated on each.

export const LABEL_COPY_CSV_HEADER = [
  'Release title',
  'Release version',
  'Primary artist',
  'Label',
  'Catalogue number',
  'UPC/EAN',
  'Release date',
  'Original release date',
  'Genre',
  'Territories',
  'P-line',
  'C-line',
  'Producer',
  'Engineer',
  'Mixer',
  'Mastering engineer',
  'Performers',
  'Writers',
  'Publishers',
  'Track number',
  'Track title',
  'Track version',
  'Track artists',
  'ISRC',
  'Duration',
  'Explicit',
] as const;

const sharesText = (people: ReadonlyArray<{ name: string; share: number; pro: string; ipi: string }>) =>
  people
    .map((p) => [p.name, `${p.share}%`, p.pro, p.ipi ? `IPI ${p.ipi}` : ''].filter(Boolean).join(' '))
    .join('; ');

/** The CSV file's text, BOM first: a header and one row per track. */
export function labelCopyCsv(data: LabelCopyData): string {
  const release = [
    data.release_title,
    data.release_version,
    data.primary_artist,
    data.label,
    data.catalogue_number,
    data.upc,
    data.release_date,
    data.original_release_date,
    data.genre,
    territoriesText(data),
    pLineText(data.p_line),
    cLineText(data.c_line),
    data.credits.producer,
    data.credits.engineer,
    data.credits.mixer,
    data.credits.mastering_engineer,
    data.credits.performers.map((p) => (p.role ? `${p.name} (${p.role})` : p.name)).join('; '),
    sharesText(data.writers),
    sharesText(data.publishers),
  ];
  const rows = data.tracks.map((track, i) => [
    ...release,
    i + 1,
    track.title,
    track.version,
    track.artists,
    track.isrc ? formatIsrc(track.isrc) : '',
    formatDuration(track.duration_seconds),
    track.explicit ? 'Explicit' : 'Clean',
  ]);
  return toCsv([[...LABEL_COPY_CSV_HEADER], ...rows], { bom: true });
}

/** A file name for downloads: "Label copy - Night Drive.pdf" with unsafe characters dropped. */
export function labelCopyFileName(title: string, extension: 'pdf' | 'csv'): string {
  const safe = title
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .slice(0, 80);
  return `Label copy - ${safe || 'Untitled'}.${extension}`;
}

// ---------------------------------------------------------------------------------------------------
// API shapes.

// The answers' types, inferred from the contract's schemas (packages/core/src/contracts/label-copy.ts).
export type {
  CreatedLabelCopyLinkDto,
  LabelCopyDocument,
  LabelCopyDocumentContract,
  LabelCopyDto,
  LabelCopyGeneratorStateDto,
  LabelCopyLinkDto,
  PublicLabelCopyFormDto,
  PublicLabelCopyGeneratorDto,
  PublicLabelCopyShareDto,
  SongLabelCopyDto,
} from './contracts/label-copy.ts';

export const LABEL_COPY_LINK_PURPOSES = [
  'label_copy_form',
  'label_copy_share',
  'label_copy_generator',
] as const;
export type LabelCopyLinkPurpose = (typeof LABEL_COPY_LINK_PURPOSES)[number];

export const LABEL_COPY_LINK_LABELS: Record<LabelCopyLinkPurpose, { title: string; description: string }> = {
  label_copy_form: {
    title: 'Artist form',
    description: 'The artist fills in or corrects the credits and details, then submits. Works once.',
  },
  label_copy_share: {
    title: 'Read-only share',
    description: 'A printable copy for distributors and partners, with PDF and CSV downloads.',
  },
  label_copy_generator: {
    title: 'Generator view',
    description: 'The generated label copy document, with PDF and CSV downloads.',
  },
};

/** How long each kind of link works (days). */
export const LABEL_COPY_LINK_DAYS: Record<LabelCopyLinkPurpose, number> = {
  label_copy_form: 30,
  label_copy_share: 90,
  label_copy_generator: 90,
};

export const LABEL_COPY_MESSAGES = {
  notFound: 'Label copy not found',
  songNotFound: 'Song not found',
  notSigned: 'Label copy is for signed songs. Sign this song first.',
  exists: 'This song already has a label copy',
  isFinal: 'This label copy is final. Reopen it to make changes.',
  formFinal: 'The label has already finalised this label copy, so it can no longer be changed here.',
  notReadyToSubmit: (issues: readonly LabelCopyIssue[]) =>
    `Please complete the label copy before submitting: ${describeIssues(issues)}`,
  notReadyToFinal: (issues: readonly LabelCopyIssue[]) =>
    `Complete these fields before marking as final: ${describeIssues(issues)}`,
  generatorTrialUsed:
    'Your Starter plan’s one free use of the label copy generator has been used. Upgrade your plan to generate more label copies.',
  generatorNotInPlan:
    'The label copy generator is not part of your plan. Upgrade your plan to generate label copies.',
  notGenerated: 'The label has not generated this label copy yet. Ask them to generate it first.',
  exportLimit: (format: string, limit: number) =>
    `Your plan allows ${limit} label copy ${format} exports a month, and this month’s are used. Upgrade your plan or wait until next month.`,
} as const;

export const LABEL_COPY_EXPORT_FORMATS = ['pdf', 'csv'] as const;
export type LabelCopyExportFormat = (typeof LABEL_COPY_EXPORT_FORMATS)[number];
/** export_usage.export_type per format (check_export_limit counts each type). */
export const LABEL_COPY_EXPORT_TYPES: Record<LabelCopyExportFormat, string> = {
  pdf: 'label_copy_pdf',
  csv: 'label_copy_csv',
};
