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
