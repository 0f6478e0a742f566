/**
 * What the catalogue's and Artists & Writers' edits accept (issue 14): the same schemas check a
 * form at entry in the browser and the request at the server. Codes are checked and normalised by
 * ./music-codes.ts (the same rules everywhere, decision 0013). Every edit names the `row_version`
 * it read; a stale one answers 409 `conflict` (CATALOGUE_MESSAGES.changedSinceRead).
 */
import { z } from 'zod';
import {
  CATALOGUE_LIMITS as L,
  PARTY_ROLES,
  PARTY_TYPES,
  PAYMENT_METHODS,
  RECORDING_ARTIST_ROLES,
  RELEASE_STATUSES,
  RELEASE_TYPES,
} from './catalogue.ts';
import { WRITER_ROLES } from './metadata-forms.ts';
import {
  catalogueNumberSchema,
  ipiSchema,
  isrcPrefixSchema,
  isrcSchema,
  iswcSchema,
  RIGHTS_OWNER_MAX,
  sharesSchema,
  upcEanSchema,
} from './music-codes.ts';

const text = (label: string, max: number = L.text) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label}: at most ${max} characters` });
const required = (label: string, message: string, max: number = L.text) =>
  text(label, max).min(1, { message });
/**
 * Empty means "not set": '' and null both clear the field; anything else must pass `schema` (and
 * takes its normal form). One nullable string in the API's description, not a union.
 */
function optionalText<T extends z.ZodType<string, string>>(schema: T) {
  return z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const checked = schema.safeParse(value);
      if (checked.success) return checked.data;
      for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}
const optionalCode = optionalText;
const optionalEmail = () => optionalText(z.email({ message: 'email: enter a valid email address' }).max(320));
const year = (label: string) =>
  z
    .number({ message: `${label}: enter a year` })
    .int({ message: `${label}: enter a year` })
    .min(1900, { message: `${label}: enter a year from 1900` })
    .max(2100, { message: `${label}: enter a year up to 2100` })
    .nullable();
const isoDate = (label: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label}: use the date format YYYY-MM-DD` })
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${label}: this date does not exist`,
      },
    )
    .nullable();
export const rowVersion = z
  .number({ message: 'row_version: the version you read is required' })
  .int()
  .min(1)
  .meta({ description: 'The row_version read; a stale one answers 409 conflict.' });

// ---------------------------------------------------------------------------------------------------
// Recordings

export const recordingArtistInput = z.object({
  party_id: z.uuid({ message: 'artist: choose a person' }),
  role: z.enum(RECORDING_ARTIST_ROLES),
});

export const masterSplitInput = z.object({
  payee_id: z.uuid({ message: 'payee: choose a payee' }),
  share: z.number({ message: 'share: enter a number' }),
});

/** The fields of a recording a member sets (create: title and display artist required). */
export const recordingFields = z.object({
  title: required('title', 'Enter a title'),
  version: text('version').nullable().optional(),
  display_artist: required('display_artist', 'Enter the display artist'),
  isrc: optionalCode(isrcSchema).optional(),
  duration_seconds: z
    .number({ message: 'duration_seconds: enter seconds' })
    .int()
    .min(1, { message: 'duration_seconds: more than 0' })
    .max(86_400, { message: 'duration_seconds: at most 24 hours' })
    .nullable()
    .optional(),
  explicit: z.boolean().optional(),
  genre: text('genre', 100).nullable().optional(),
  subgenre: text('subgenre', 100).nullable().optional(),
  language: z
    .string()
    .regex(/^([a-z]{2,3})?$/, { message: 'language: use a 2-letter language code, like en' })
    .nullable()
    .optional(),
  bpm: z
    .number()
    .int()
    .min(20, { message: 'bpm: from 20' })
    .max(400, { message: 'bpm: up to 400' })
    .nullable()
    .optional(),
  musical_key: text('musical_key', 20).nullable().optional(),
  p_line_year: year('p_line_year').optional(),
  p_line_owner: text('p_line_owner', RIGHTS_OWNER_MAX).nullable().optional(),
  recording_year: year('recording_year').optional(),
  work_id: z.uuid().nullable().optional(),
  artists: z.array(recordingArtistInput).max(L.artists).optional(),
});
export const createRecordingBody = recordingFields;
export const updateRecordingBody = recordingFields.partial().extend({ row_version: rowVersion });
export const masterSplitsBody = z.object({
  splits: z
    .array(masterSplitInput)
    .max(L.splits)
    .superRefine((rows, ctx) => {
      const checked = sharesSchema.safeParse(rows.map((r) => r.share));
      if (!checked.success)
        for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    }),
  row_version: rowVersion,
});

/** Bulk edit: the same values on many recordings (only these fields make sense in bulk). */
export const bulkRecordingsBody = z.object({
  ids: z.array(z.uuid()).min(1).max(L.bulkIds),
  set: z
    .object({
      genre: text('genre', 100).nullable(),
      subgenre: text('subgenre', 100).nullable(),
      language: recordingFields.shape.language.unwrap(),
      explicit: z.boolean(),
      p_line_year: year('p_line_year'),
      p_line_owner: text('p_line_owner', RIGHTS_OWNER_MAX).nullable(),
      recording_year: year('recording_year'),
    })
    .partial()
    .refine((set) => Object.keys(set).length > 0, { message: 'set: choose at least one field to change' }),
});

// ---------------------------------------------------------------------------------------------------
// Releases

export const releaseTrackInput = z.object({
  recording_id: z.uuid({ message: 'track: choose a recording' }),
  disc_number: z.number().int().min(1).max(L.discs).default(1),
});

export const releaseFields = z.object({
  title: required('title', 'Enter a title'),
  version: text('version').nullable().optional(),
  display_artist: required('display_artist', 'Enter the display artist'),
  release_type: z.enum(RELEASE_TYPES).optional(),
  upc: optionalCode(upcEanSchema).optional(),
  catalogue_number: optionalCode(catalogueNumberSchema).optional(),
  label_name: text('label_name', 200).nullable().optional(),
  release_date: isoDate('release_date').optional(),
  original_release_date: isoDate('original_release_date').optional(),
  p_line_year: year('p_line_year').optional(),
  p_line_owner: text('p_line_owner', RIGHTS_OWNER_MAX).nullable().optional(),
  c_line_year: year('c_line_year').optional(),
  c_line_owner: text('c_line_owner', RIGHTS_OWNER_MAX).nullable().optional(),
  genre: text('genre', 100).nullable().optional(),
  status: z.enum(RELEASE_STATUSES).optional(),
  /** In order: track numbers follow the order per disc. */
  tracks: z.array(releaseTrackInput).max(L.tracks).optional(),
});
export const createReleaseBody = releaseFields;
export const updateReleaseBody = releaseFields.partial().extend({ row_version: rowVersion });

// ---------------------------------------------------------------------------------------------------
// Works

export const workWriterInput = z.object({
  party_id: z.uuid({ message: 'writer: choose a person' }),
  role: z.enum(WRITER_ROLES),
  share: z.number({ message: 'share: enter a number' }),
  publisher_id: z.uuid().nullable().optional(),
});
const writersSchema = z
  .array(workWriterInput)
  .max(L.writers)
  .superRefine((rows, ctx) => {
    if (rows.length === 0) return;
    const checked = sharesSchema.safeParse(rows.map((r) => r.share));
    if (!checked.success)
      for (const issue of checked.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
  });
export const workFields = z.object({
  title: required('title', 'Enter a title'),
  iswc: optionalCode(iswcSchema).optional(),
  writers: writersSchema.optional(),
});
export const createWorkBody = workFields;
export const updateWorkBody = workFields.partial().extend({ row_version: rowVersion });

// ---------------------------------------------------------------------------------------------------
// Label settings and the UPC pool

export const catalogueSettingsBody = z.object({
  isrc_prefix: optionalCode(isrcPrefixSchema).optional(),
  label_name: text('label_name', 200).nullable().optional(),
  default_p_owner: text('default_p_owner', RIGHTS_OWNER_MAX).nullable().optional(),
  default_c_owner: text('default_c_owner', RIGHTS_OWNER_MAX).nullable().optional(),
  ddex_dpid: z
    .string()
    .trim()
    .regex(/^(PADPIDA[0-9A-Z]{11})?$/, {
      message: 'ddex_dpid: a DDEX party id looks like PADPIDA2014120301U',
    })
    .nullable()
    .optional(),
  row_version: rowVersion,
});

export const upcRangeBody = z.object({
  first: z
    .string()
    .trim()
    .regex(/^\d{11,12}$/, {
      message: 'first: the first code without its check digit: 11 digits (UPC) or 12 (EAN)',
    }),
  count: z
    .number()
    .int()
    .min(1, { message: 'count: at least 1' })
    .max(L.upcRange, { message: `count: at most ${L.upcRange} codes at once` }),
});

// ---------------------------------------------------------------------------------------------------
// People (parties) and payees

export const partyFields = z.object({
  name: required('name', 'Enter a name', L.name),
  aliases: z.array(text('aliases', L.name).min(1)).max(L.aliases).optional(),
  legal_name: text('legal_name', L.name).nullable().optional(),
  party_type: z.enum(PARTY_TYPES).optional(),
  roles: z.array(z.enum(PARTY_ROLES)).max(PARTY_ROLES.length).optional(),
  isni: z
    .string()
    .transform((v) => v.replace(/\s/g, '').toUpperCase())
    .pipe(
      z.string().regex(/^(\d{15}[\dX])?$/, {
        message: 'isni: an ISNI has 16 characters: 15 digits and a digit or X',
      }),
    )
    .nullable()
    .optional(),
  ipi: optionalCode(ipiSchema).optional(),
  pro: text('pro', 50).nullable().optional(),
  pro_member_number: text('pro_member_number', 50).nullable().optional(),
  country: z
    .string()
    .regex(/^([A-Z]{2})?$/, { message: 'country: use the 2-letter country code, like GB' })
    .nullable()
    .optional(),
  email: optionalEmail().optional(),
  notes: text('notes', L.notes).nullable().optional(),
  payee_id: z.uuid().nullable().optional(),
});
export const createPartyBody = partyFields;
export const updatePartyBody = partyFields.partial().extend({ row_version: rowVersion });
export const mergePartiesBody = z.object({
  /** The duplicate: its links move to the party of the path, then it is deleted. */
  duplicate_id: z.uuid(),
});

export const payeeFields = z.object({
  name: required('name', 'Enter a name', L.name),
  email: optionalEmail().optional(),
  currency: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(
      z.string().regex(/^[A-Z]{3}$/, { message: 'Enter a currency as its 3-letter code, like EUR or USD' }),
    )
    .optional(),
  tax_id: text('tax_id', 50).nullable().optional(),
  payment_method: z.enum(PAYMENT_METHODS).nullable().optional(),
  /** Write-only: answers show it masked (its last 4 characters). */
  payment_details: text('payment_details', 500).nullable().optional(),
  /** In minor units of the currency (cents). */
  minimum_payout_minor: z.number().int().min(0).max(100_000_000).optional(),
});
export const createPayeeBody = payeeFields;
export const updatePayeeBody = payeeFields.partial().extend({ row_version: rowVersion });
