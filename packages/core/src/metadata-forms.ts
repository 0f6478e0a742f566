import { z } from 'zod';
import {
  codeInputSchema,
  normalizeIsrc,
  sharesTotal,
  validateIpi,
  validateIsrc,
  validateIswc,
  validateShares,
} from './music-codes.ts';

/**
 * Metadata forms (spec sections 2-4; issue 6): the artist fills a track's metadata through
 * /metadata/{token}; the label reviews, edits and confirms it. Statuses: draft (sent, being
 * filled; drafts save as the artist types), submitted (the artist sent it), confirmed (the label
 * confirmed it: the spec's metadata_form_confirmed).
 *
 * The data shape below is shared: the label copy generator and the signed-songs overview read it.
 */

export const METADATA_FORM_STATUSES = ['draft', 'submitted', 'confirmed'] as const;
export type MetadataFormStatus = (typeof METADATA_FORM_STATUSES)[number];

export const WRITER_ROLES = ['composer', 'lyricist', 'composer_lyricist', 'arranger'] as const;
export type WriterRole = (typeof WRITER_ROLES)[number];

export interface MetadataWriter {
  name: string;
  role: WriterRole;
  /** Performing rights organisation (ASCAP, BMI, PRS, GEMA, SACEM...). */
  pro: string;
  /** IPI name number (9 to 11 digits), or '' when unknown. */
  ipi: string;
  /** Percent, two decimals; the writers' shares total 100. */
  share: number;
}

export interface MetadataPublisher {
  name: string;
  pro: string;
  ipi: string;
  /** Percent; the publishers' shares total 100 when any publisher is named. */
  share: number;
}

/** metadata_forms.data: what the artist fills in. Drafts may hold any subset. */
export interface MetadataFormData {
  title: string;
  /** Version or mix name: "Radio Edit", "Extended Mix"; '' for the original. */
  version: string;
  primary_artists: string[];
  featured_artists: string[];
  remixers: string[];
  writers: MetadataWriter[];
  publishers: MetadataPublisher[];
  /** Stored normalised: 12 characters, no hyphens (format with formatIsrc). */
  isrc: string;
  /** Stored normalised: T + 10 digits (format with formatIswc); '' when not registered yet. */
  iswc: string;
  genre: string;
  /** ISO 639-1 code of the lyrics' language, or 'zxx' for instrumental. */
  language: string;
  explicit: boolean;
  bpm: number | null;
  /** Musical key, e.g. "A minor", "F# major". */
  key: string;
  lyrics: string;
}

// ---------------------------------------------------------------------------------------------------
// Limits and texts

export const METADATA_LIMITS = {
  text: 200,
  names: 30,
  rows: 30,
  pro: 60,
  key: 30,
  genre: 80,
  lyrics: 20_000,
  bpmMin: 20,
  bpmMax: 400,
} as const;

/** Labels a form shows for each writer role. */
export const WRITER_ROLE_LABELS: Record<WriterRole, string> = {
  composer: 'Composer',
  lyricist: 'Lyricist',
  composer_lyricist: 'Composer & lyricist',
  arranger: 'Arranger',
};

export const METADATA_STATUS_LABELS: Record<MetadataFormStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  confirmed: 'Confirmed',
};

/** Languages offered first (ISO 639-1), and 'zxx' for a track without lyrics. */
export const METADATA_LANGUAGES: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'it', name: 'Italian' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'nl', name: 'Dutch' },
  { code: 'sv', name: 'Swedish' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh', name: 'Chinese' },
  { code: 'hi', name: 'Hindi' },
  { code: 'ar', name: 'Arabic' },
  { code: 'yo', name: 'Yoruba' },
  { code: 'zxx', name: 'No lyrics (instrumental)' },
];

export const METADATA_MESSAGES = {
  titleEmpty: 'Enter the track title',
  textTooLong: `Use at most ${METADATA_LIMITS.text} characters`,
  primaryArtistsEmpty: 'Add at least one primary artist',
  writersEmpty: 'Add at least one writer',
  writerNameEmpty: "Enter the writer's name",
  writerRole: 'Choose a role: composer, lyricist, composer & lyricist or arranger',
  publisherNameEmpty: "Enter the publisher's name",
  genreEmpty: 'Enter the genre',
  language: 'Choose the language of the lyrics (a 2-letter code like en, or zxx for instrumental)',
  bpm: `Enter the BPM as a number from ${METADATA_LIMITS.bpmMin} to ${METADATA_LIMITS.bpmMax}`,
  lyricsTooLong: `Lyrics can have at most ${METADATA_LIMITS.lyrics.toLocaleString('en')} characters`,
  tooMany: `Add at most ${METADATA_LIMITS.rows} entries`,
  notSigned: 'Metadata forms are for signed songs: sign the song first',
  formNotFound: 'Metadata form not found',
  songNotFound: 'Song not found',
  submittedLocked:
    'This form has been submitted, so it can no longer be changed here. Ask the label if you need to change anything.',
  notSubmittedYet: 'The artist has not submitted this form yet',
  alreadyConfirmed: 'This form is already confirmed',
  notReopenable: 'Only a submitted or confirmed form can be reopened',
} as const;

const MM = METADATA_MESSAGES;

// ---------------------------------------------------------------------------------------------------
// Drafts: what the artist has typed so far, kept as typed (codes not normalised, shares and BPM as
// the text in the box when they are not numbers yet), so that autosave never loses a keystroke.

// Never longer than the finished form's own limit: what a draft keeps, the next step accepts.
const draftText = (max: number) => z.string().max(max);
// A number, the text in its box, or null: null sits on the number so that OpenAPI 3.0 gets a type
// beside its `nullable` (a nullable union has none).
const draftNumber = z.union([z.number().nullable(), z.string().max(40)]);

export const metadataWriterDraftSchema = z.object({
  name: draftText(METADATA_LIMITS.text).default(''),
  role: z.string().max(40).default('composer'),
  pro: draftText(METADATA_LIMITS.pro).default(''),
  ipi: codeInputSchema('ipi').default(''),
  share: draftNumber.default(null),
});

export const metadataPublisherDraftSchema = metadataWriterDraftSchema.omit({ role: true });

/** PUT .../draft: every field optional, values kept as typed (lengths bounded by the form's limits). */
export const metadataDraftSchema = z
  .object({
    title: draftText(METADATA_LIMITS.text),
    version: draftText(METADATA_LIMITS.text),
    primary_artists: z.array(draftText(METADATA_LIMITS.text)).max(METADATA_LIMITS.names),
    featured_artists: z.array(draftText(METADATA_LIMITS.text)).max(METADATA_LIMITS.names),
    remixers: z.array(draftText(METADATA_LIMITS.text)).max(METADATA_LIMITS.names),
    writers: z.array(metadataWriterDraftSchema).max(METADATA_LIMITS.rows),
    publishers: z.array(metadataPublisherDraftSchema).max(METADATA_LIMITS.rows),
    isrc: codeInputSchema('isrc'),
    iswc: codeInputSchema('iswc'),
    genre: draftText(METADATA_LIMITS.genre),
    language: draftText(20),
    explicit: z.boolean(),
    bpm: draftNumber,
    key: draftText(METADATA_LIMITS.key),
    lyrics: z.string().max(METADATA_LIMITS.lyrics),
  })
  .partial();

export type MetadataFormDraft = z.infer<typeof metadataDraftSchema>;
export type MetadataWriterDraft = z.infer<typeof metadataWriterDraftSchema>;
export type MetadataPublisherDraft = z.infer<typeof metadataPublisherDraftSchema>;

/** A complete draft with every field present (what a form edits). */
export type FullMetadataDraft = Required<MetadataFormDraft>;

export function emptyMetadataDraft(prefill: { title?: string; artist?: string } = {}): FullMetadataDraft {
  return {
    title: prefill.title ?? '',
    version: '',
    primary_artists: prefill.artist ? [prefill.artist] : [],
    featured_artists: [],
    remixers: [],
    writers: [],
    publishers: [],
    isrc: '',
    iswc: '',
    genre: '',
    language: '',
    explicit: false,
    bpm: null,
    key: '',
    lyrics: '',
  };
}

/**
 * A stored form's data (a draft or a submitted form) as a complete draft for a form to edit;
 * anything unreadable in it falls back to the empty value rather than breaking the page.
 */
export function toFullDraft(
  data: unknown,
  prefill: { title?: string; artist?: string } = {},
): FullMetadataDraft {
  const empty = emptyMetadataDraft(prefill);
  const parsed = metadataDraftSchema.safeParse(data ?? {});
  if (!parsed.success) return empty;
  const full = { ...empty };
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value !== undefined) (full as Record<string, unknown>)[key] = value;
  }
  return full;
}

// ---------------------------------------------------------------------------------------------------
// Submission: everything checked, codes normalised, shares as numbers.

/** A number typed in a box ("60", "33.5", " 128 ") as a number; null when blank; NaN when not a number. */
export function parseNumberInput(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const trimmed = value.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$|^-?\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const cleanText = (value: string | undefined) => (value ?? '').trim().replace(/\s+/g, ' ');
const cleanNames = (values: readonly string[] | undefined) => (values ?? []).map(cleanText).filter(Boolean);

export type MetadataFieldErrors = Record<string, string>;

export type MetadataValidation =
  | { ok: true; value: MetadataFormData }
  | { ok: false; errors: MetadataFieldErrors };

/**
 * The submit rules, shared by the artist's form, the label's edit and the server. Errors are keyed by
 * the field's path ("isrc", "writers.1.share", "writers" for the share total), one message each.
 */
export function validateMetadataSubmission(input: MetadataFormDraft): MetadataValidation {
  const errors: MetadataFieldErrors = {};
  const fail = (path: string, message: string) => {
    if (!(path in errors)) errors[path] = message;
  };
  const bounded = (path: string, value: string, max: number) => {
    if (value.length > max)
      fail(path, max === METADATA_LIMITS.text ? MM.textTooLong : `Use at most ${max} characters`);
    return value;
  };

  const title = bounded('title', cleanText(input.title), METADATA_LIMITS.text);
  if (!title) fail('title', MM.titleEmpty);
  const version = bounded('version', cleanText(input.version), METADATA_LIMITS.text);

  const nameList = (path: string, values: readonly string[] | undefined) => {
    const names = cleanNames(values);
    for (const [index, name] of names.entries()) bounded(`${path}.${index}`, name, METADATA_LIMITS.text);
    if (names.length > METADATA_LIMITS.names) fail(path, MM.tooMany);
    return names;
  };
  const primary_artists = nameList('primary_artists', input.primary_artists);
  if (primary_artists.length === 0) fail('primary_artists', MM.primaryArtistsEmpty);
  const featured_artists = nameList('featured_artists', input.featured_artists);
  const remixers = nameList('remixers', input.remixers);

  // Rows left completely empty (an added row never filled) are dropped rather than refused.
  const isBlankRow = (row: { name?: string; pro?: string; ipi?: string; share?: number | string | null }) =>
    !cleanText(row.name) &&
    !cleanText(row.pro) &&
    !cleanText(row.ipi) &&
    parseNumberInput(row.share) === null;

  const parties = <R extends MetadataWriterDraft | MetadataPublisherDraft>(
    path: 'writers' | 'publishers',
    rows: readonly R[],
    nameMessage: string,
  ) => {
    const kept = rows.filter((row) => !isBlankRow(row));
    if (kept.length > METADATA_LIMITS.rows) fail(path, MM.tooMany);
    const checked = kept.map((row, index) => {
      const at = `${path}.${index}`;
      const name = bounded(`${at}.name`, cleanText(row.name), METADATA_LIMITS.text);
      if (!name) fail(`${at}.name`, nameMessage);
      const pro = bounded(`${at}.pro`, cleanText(row.pro), METADATA_LIMITS.pro);
      let ipi = '';
      if (cleanText(row.ipi)) {
        const result = validateIpi(row.ipi ?? '');
        if (result.ok) ipi = result.value;
        else fail(`${at}.ipi`, result.message);
      }
      const share = parseNumberInput(row.share);
      return { name, pro, ipi, share: share ?? Number.NaN, row };
    });
    if (checked.length > 0) {
      const shares = validateShares(checked.map((row) => row.share));
      if (!shares.ok) fail(shares.index === null ? path : `${path}.${shares.index}.share`, shares.message);
    }
    return checked;
  };

  const writerRows = parties('writers', input.writers ?? [], MM.writerNameEmpty);
  if (writerRows.length === 0) fail('writers', MM.writersEmpty);
  const writers: MetadataWriter[] = writerRows.map((row, index) => {
    const role = (row.row as MetadataWriterDraft).role;
    if (!(WRITER_ROLES as readonly string[]).includes(role)) fail(`writers.${index}.role`, MM.writerRole);
    return { name: row.name, role: role as WriterRole, pro: row.pro, ipi: row.ipi, share: row.share };
  });
  const publishers: MetadataPublisher[] = parties(
    'publishers',
    input.publishers ?? [],
    MM.publisherNameEmpty,
  ).map((row) => ({ name: row.name, pro: row.pro, ipi: row.ipi, share: row.share }));

  let isrc = '';
  const isrcResult = validateIsrc(input.isrc ?? '');
  if (isrcResult.ok) isrc = isrcResult.value;
  else fail('isrc', isrcResult.message);

  let iswc = '';
  if (cleanText(input.iswc)) {
    const result = validateIswc(input.iswc ?? '');
    if (result.ok) iswc = result.value;
    else fail('iswc', result.message);
  }

  const genre = bounded('genre', cleanText(input.genre), METADATA_LIMITS.genre);
  if (!genre) fail('genre', MM.genreEmpty);
  const language = cleanText(input.language).toLowerCase();
  if (!/^([a-z]{2}|zxx)$/.test(language)) fail('language', MM.language);

  const bpm = parseNumberInput(input.bpm);
  if (bpm !== null && (!Number.isFinite(bpm) || bpm < METADATA_LIMITS.bpmMin || bpm > METADATA_LIMITS.bpmMax))
    fail('bpm', MM.bpm);
  const key = bounded('key', cleanText(input.key), METADATA_LIMITS.key);
  const lyrics = (input.lyrics ?? '').trim();
  if (lyrics.length > METADATA_LIMITS.lyrics) fail('lyrics', MM.lyricsTooLong);

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      title,
      version,
      primary_artists,
      featured_artists,
      remixers,
      writers,
      publishers,
      isrc,
      iswc,
      genre,
      language,
      explicit: input.explicit === true,
      bpm: bpm === null ? null : Math.round(bpm * 100) / 100,
      key,
      lyrics,
    },
  };
}

/** The order fields appear in on the form, for "the first problem" messages. */
const FIELD_ORDER = [
  'title',
  'version',
  'primary_artists',
  'featured_artists',
  'remixers',
  'writers',
  'publishers',
  'isrc',
  'iswc',
  'genre',
  'language',
  'explicit',
  'bpm',
  'key',
  'lyrics',
];

/** The errors' paths in the form's order. */
export function orderedErrorPaths(errors: MetadataFieldErrors): string[] {
  const rank = (path: string) => {
    const index = FIELD_ORDER.indexOf(path.split('.')[0] ?? '');
    return index === -1 ? FIELD_ORDER.length : index;
  };
  return Object.keys(errors).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b, 'en', { numeric: true }));
}

/** One line naming every field at fault: "isrc: An ISRC has 12 characters...; writers: Shares must total 100%...". */
export function describeMetadataErrors(errors: MetadataFieldErrors): string {
  return orderedErrorPaths(errors)
    .map((path) => `${path}: ${errors[path]}`)
    .join('; ');
}

/** The live total of a list of share boxes (blank and not-a-number boxes count as 0). */
export function liveSharesTotal(shares: ReadonlyArray<number | string | null>): number {
  return sharesTotal(
    shares.map((share) => {
      const value = parseNumberInput(share);
      return value !== null && Number.isFinite(value) ? value : 0;
    }),
  );
}

/** What the ISRC box shows beside it as the artist types: the formatted code once it is valid. */
export function isrcPreview(
  input: string,
): { ok: true; formatted: string } | { ok: false; message: string } | null {
  if (normalizeIsrc(input) === '') return null;
  const result = validateIsrc(input);
  if (!result.ok) return { ok: false, message: result.message };
  const v = result.value;
  return { ok: true, formatted: `${v.slice(0, 2)}-${v.slice(2, 5)}-${v.slice(5, 7)}-${v.slice(7)}` };
}

// ---------------------------------------------------------------------------------------------------
// API shapes

/** Label edits (PUT /api/v1/metadata-forms/{id}) and the artist's submission take the draft shape. */
export const metadataFormBody = z.object({ data: metadataDraftSchema });
export type MetadataFormBody = z.infer<typeof metadataFormBody>;

export const METADATA_LINK_DAYS = 30;
export const METADATA_FORM_PATH = '/metadata/';

export type MetadataLinkState = 'active' | 'expired' | 'used' | 'revoked';

// The answers of /api/v1/metadata-forms* and of the artist's pages: inferred from their endpoint
// contracts.
export type {
  CreatedMetadataFormDto,
  IssuedMetadataLinkDto,
  MetadataDraftSavedDto,
  MetadataFormDto,
  MetadataFormSummaryDto,
  MetadataLinkDto,
  MetadataLinkEmailedDto,
  MetadataLinkPostedDto,
  PublicMetadataFormDto,
  SharedMetadataLinkDto,
} from './contracts/metadata-forms.ts';

export const metadataFormListQuery = z.object({
  status: z
    .enum(METADATA_FORM_STATUSES, { message: 'status: must be draft, submitted or confirmed' })
    .optional(),
  q: z.string().trim().max(200, { message: 'q: at most 200 characters' }).optional(),
});
export type MetadataFormListQuery = z.infer<typeof metadataFormListQuery>;

export const shareMetadataEmailBody = z.object({
  email: z.email({ message: 'email: enter a valid email address' }).max(320),
  /** The link the label holds; without it a new link is issued (the older ones withdrawn). */
  token: z.string().max(100).optional(),
  note: z.string().trim().max(2000, { message: 'note: at most 2000 characters' }).optional(),
});
export const shareMetadataChatBody = z.object({
  token: z.string().max(100).optional(),
  message: z.string().trim().max(2000, { message: 'message: at most 2000 characters' }).optional(),
});
