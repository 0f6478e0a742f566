/**
 * The catalogue (issue 14): recordings, releases, works, master and writer splits, the label's code
 * settings and UPC pool, "Needs attention", lineage, saved views and the audit log. Gated by the
 * plan's has_catalogue (403 plan_required). Handlers: apps/server/src/features/catalogue/.
 */
import { z } from 'zod';
import { confirmAssetBody, presignAssetBody } from '../assets.ts';
import {
  ATTENTION_KINDS,
  CATALOGUE_TABS,
  MASTER_FILE_FORMATS,
  RECORDING_ARTIST_ROLES,
  RECORDING_ORIGINS,
  RELEASE_STATUSES,
  RELEASE_TYPES,
} from '../catalogue.ts';
import {
  bulkRecordingsBody,
  catalogueSettingsBody,
  createRecordingBody,
  createReleaseBody,
  createWorkBody,
  masterSplitsBody,
  upcRangeBody,
  updateRecordingBody,
  updateReleaseBody,
  updateWorkBody,
} from '../catalogue-schemas.ts';
import { okResponse, pagingQuery, uuidOr404 } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { WRITER_ROLES } from '../metadata-forms.ts';

const PAGE_MAX = 200;
const idParams = z.object({ id: uuidOr404() });
const search = z
  .string()
  .trim()
  .max(200, { message: 'q: at most 200 characters' })
  .optional()
  .meta({ description: 'Title, artist or a code contains it (case ignored).' });
const dir = z.enum(['asc', 'desc'], { message: 'dir: asc or desc' }).default('asc');
const year = z.coerce
  .number({ message: 'year: must be a year' })
  .int({ message: 'year: must be a year' })
  .min(1900, { message: 'year: from 1900' })
  .max(2100, { message: 'year: up to 2100' })
  .optional();
const partyFilter = z.uuid({ message: 'artist: must be a person id' }).optional().meta({
  description: 'Only rows crediting this person (any role).',
});

const partyRef = z.object({ id: z.string(), name: z.string() });
const creditedArtist = partyRef.extend({ role: z.enum(RECORDING_ARTIST_ROLES) });
const audit = z.object({
  at: z.string(),
  by: z
    .string()
    .nullable()
    .meta({ description: "The member's name, null when removed or done by the system." }),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
});
const version = z.object({
  version: z.number(),
  changed_at: z.string(),
  changed_by: z.string().nullable(),
  shares: z.array(
    z.object({ id: z.string(), name: z.string(), share: z.number(), role: z.string().optional() }),
  ),
});

// ---------------------------------------------------------------------------------------------------
// Recordings

const recordingRow = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string().nullable(),
  display_artist: z.string(),
  isrc: z.string().nullable(),
  duration_seconds: z.number().nullable(),
  explicit: z.boolean(),
  genre: z.string().nullable(),
  language: z.string().nullable(),
  recording_year: z.number().nullable(),
  origin: z.enum(RECORDING_ORIGINS),
  has_work: z.boolean(),
  has_master_split: z.boolean(),
  release_count: z.number(),
  updated_at: z.string(),
  row_version: z.number(),
});

const masterFile = z
  .object({
    source: z.enum(['recording', 'song']),
    key: z.string(),
    filename: z.string(),
    url: z
      .string()
      .nullable()
      .meta({ description: 'A signed URL to listen or download (valid an hour); null when not read.' }),
    audio: z
      .object({
        format: z.enum(MASTER_FILE_FORMATS),
        bit_depth: z.number(),
        sample_rate: z.number(),
        channels: z.number(),
      })
      .nullable()
      .meta({ description: "Read from the file's header; null when it was not read or could not be." }),
  })
  .nullable()
  .meta({
    description:
      "The master distribution uses: the recording's own, else its signed song's newest master asset; null without either.",
  });

const recording = recordingRow.extend({
  subgenre: z.string().nullable(),
  bpm: z.number().nullable(),
  musical_key: z.string().nullable(),
  p_line_year: z.number().nullable(),
  p_line_owner: z.string().nullable(),
  audio_master_key: z
    .string()
    .nullable()
    .meta({ description: "The recording's own master (storage key), null when it has none." }),
  master_file: masterFile,
  song_id: z.string().nullable().meta({ description: 'The signed demo it came from (origin demo).' }),
  work: z.object({ id: z.string(), title: z.string(), iswc: z.string().nullable() }).nullable(),
  artists: z.array(creditedArtist),
  master_splits: z.array(z.object({ payee_id: z.string(), name: z.string(), share: z.number() })),
  split_history: z.array(version),
  releases: z.array(
    z.object({ id: z.string(), title: z.string(), disc_number: z.number(), track_number: z.number() }),
  ),
  audit: z.array(audit),
  created_at: z.string(),
});

const recordingsQuery = z.object({
  q: search,
  artist: partyFilter,
  year,
  origin: z.enum(RECORDING_ORIGINS, { message: `origin: one of ${RECORDING_ORIGINS.join(', ')}` }).optional(),
  missing: z
    .enum(['isrc', 'work', 'split', 'any'], { message: 'missing: isrc, work, split or any' })
    .optional()
    .meta({ description: 'Only recordings missing this (any: missing one of them).' }),
  sort: z
    .enum(['title', 'artist', 'year', 'isrc', 'updated'], {
      message: 'sort: title, artist, year, isrc or updated',
    })
    .default('title'),
  dir,
  ...pagingQuery(PAGE_MAX),
});

export type RecordingRowDto = z.infer<typeof recordingRow>;
export type RecordingDto = z.infer<typeof recording>;

export const listRecordings = endpoint({
  operationId: 'listRecordings',
  summary: "A page of the label's recordings, filtered and sorted",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/recordings',
  access: 'member',
  query: recordingsQuery,
  responses: { 200: z.object({ rows: z.array(recordingRow), total: z.number() }) },
  errors: ['plan_required'],
});

export const getRecording = endpoint({
  operationId: 'getRecording',
  summary: 'A recording with its credits, work, splits (and their history), releases and audit log',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/recordings/:id',
  access: 'member',
  params: idParams,
  responses: { 200: recording },
  errors: ['not_found', 'plan_required'],
});

export const createRecording = endpoint({
  operationId: 'createRecording',
  summary: 'Adds a recording (an ISRC already used by another recording is refused, naming it)',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/recordings',
  access: 'member',
  body: createRecordingBody,
  responses: { 201: recording },
  errors: ['conflict', 'plan_required'],
});

export const updateRecording = endpoint({
  operationId: 'updateRecording',
  summary: 'Edits a recording; a stale row_version answers 409',
  tag: 'catalogue',
  method: 'PATCH',
  path: '/api/v1/catalogue/recordings/:id',
  access: 'member',
  params: idParams,
  body: updateRecordingBody,
  responses: { 200: recording },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deleteRecording = endpoint({
  operationId: 'deleteRecording',
  summary: 'Deletes a recording that is on no release',
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/recordings/:id',
  access: 'member',
  params: idParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const setMasterSplits = endpoint({
  operationId: 'setMasterSplits',
  summary: "Replaces a recording's master split (shares total 100); the change is versioned",
  tag: 'catalogue',
  method: 'PUT',
  path: '/api/v1/catalogue/recordings/:id/splits',
  access: 'member',
  params: idParams,
  body: masterSplitsBody,
  responses: { 200: recording },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const assignIsrc = endpoint({
  operationId: 'assignIsrc',
  summary: "Gives a recording the label's next ISRC (prefix, year, running number)",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/recordings/:id/assign-isrc',
  access: 'member',
  params: idParams,
  responses: { 200: recording },
  errors: ['not_found', 'conflict', 'bad_request', 'plan_required'],
});

export const bulkUpdateRecordings = endpoint({
  operationId: 'bulkUpdateRecordings',
  summary: 'Sets the same fields on many recordings at once (each change in the audit log)',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/recordings/bulk',
  access: 'member',
  body: bulkRecordingsBody,
  responses: { 200: z.object({ updated: z.number() }) },
  errors: ['not_found', 'plan_required'],
});

const lineage = z.object({
  song: z
    .object({ id: z.string(), title: z.string(), artist: z.string(), submitted_at: z.string() })
    .nullable(),
  averages: z.object({
    musical: z.number().nullable(),
    artist: z.number().nullable(),
    overall: z.number().nullable(),
    reviews: z.number(),
  }),
  decision: z
    .object({ status: z.string(), decided_at: z.string().nullable() })
    .nullable()
    .meta({ description: 'The song status the label decided (signed), and when.' }),
  contracts: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      signers: z.array(z.object({ name: z.string(), signed_at: z.string().nullable() })),
    }),
  ),
});
export type RecordingLineageDto = z.infer<typeof lineage>;

export const getRecordingLineage = endpoint({
  operationId: 'getRecordingLineage',
  summary: 'Where a recording came from: the demo, its reviews, the decision, the contract and signatures',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/recordings/:id/lineage',
  access: 'member',
  params: idParams,
  responses: { 200: lineage },
  errors: ['not_found', 'plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Releases

const releaseRow = z.object({
  id: z.string(),
  title: z.string(),
  version: z.string().nullable(),
  display_artist: z.string(),
  release_type: z.enum(RELEASE_TYPES),
  upc: z.string().nullable(),
  catalogue_number: z.string().nullable(),
  release_date: z.string().nullable(),
  status: z.enum(RELEASE_STATUSES),
  track_count: z.number(),
  tracks_missing_codes: z.number(),
  updated_at: z.string(),
  row_version: z.number(),
});
const release = releaseRow.extend({
  label_name: z.string().nullable(),
  original_release_date: z.string().nullable(),
  p_line_year: z.number().nullable(),
  p_line_owner: z.string().nullable(),
  c_line_year: z.number().nullable(),
  c_line_owner: z.string().nullable(),
  genre: z.string().nullable(),
  artwork_key: z
    .string()
    .nullable()
    .meta({ description: "The release's own artwork (storage key), null when it has none." }),
  artwork_url: z.string().nullable().meta({
    description:
      "A signed URL (valid an hour) of the artwork distribution uses: the release's own, else its signed song's newest artwork asset.",
  }),
  artwork_source: z
    .enum(['release', 'song'])
    .nullable()
    .meta({ description: 'Whose artwork artwork_url shows; null without any.' }),
  song_id: z.string().nullable(),
  tracks: z.array(
    z.object({
      recording_id: z.string(),
      disc_number: z.number(),
      track_number: z.number(),
      title: z.string(),
      version: z.string().nullable(),
      display_artist: z.string(),
      isrc: z.string().nullable(),
      duration_seconds: z.number().nullable(),
    }),
  ),
  audit: z.array(audit),
  created_at: z.string(),
});
export type ReleaseRowDto = z.infer<typeof releaseRow>;
export type ReleaseDto = z.infer<typeof release>;

export const listReleases = endpoint({
  operationId: 'listReleases',
  summary: "A page of the label's releases, filtered and sorted",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/releases',
  access: 'member',
  query: z.object({
    q: search,
    artist: partyFilter,
    year,
    status: z.enum(RELEASE_STATUSES, { message: `status: one of ${RELEASE_STATUSES.join(', ')}` }).optional(),
    missing: z.enum(['upc', 'codes', 'any'], { message: 'missing: upc, codes or any' }).optional().meta({
      description: 'upc: no UPC/EAN; codes: a track without ISRC; any: either.',
    }),
    sort: z
      .enum(['title', 'artist', 'release_date', 'catalogue_number', 'updated'], {
        message: 'sort: title, artist, release_date, catalogue_number or updated',
      })
      .default('title'),
    dir,
    ...pagingQuery(PAGE_MAX),
  }),
  responses: { 200: z.object({ rows: z.array(releaseRow), total: z.number() }) },
  errors: ['plan_required'],
});

export const getRelease = endpoint({
  operationId: 'getRelease',
  summary: 'A release with its ordered tracks and audit log',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/releases/:id',
  access: 'member',
  params: idParams,
  responses: { 200: release },
  errors: ['not_found', 'plan_required'],
});

export const createRelease = endpoint({
  operationId: 'createRelease',
  summary: 'Creates a release from recordings in order ("New release")',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/releases',
  access: 'member',
  body: createReleaseBody,
  responses: { 201: release },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const updateRelease = endpoint({
  operationId: 'updateRelease',
  summary: 'Edits a release (and its track order); a stale row_version answers 409',
  tag: 'catalogue',
  method: 'PATCH',
  path: '/api/v1/catalogue/releases/:id',
  access: 'member',
  params: idParams,
  body: updateReleaseBody,
  responses: { 200: release },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deleteRelease = endpoint({
  operationId: 'deleteRelease',
  summary: 'Deletes a draft release (its UPC returns to the pool)',
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/releases/:id',
  access: 'member',
  params: idParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const assignUpc = endpoint({
  operationId: 'assignUpc',
  summary: "Gives a release the next free UPC/EAN of the label's pool",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/releases/:id/assign-upc',
  access: 'member',
  params: idParams,
  responses: { 200: release },
  errors: ['not_found', 'conflict', 'bad_request', 'plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Works

const workRow = z.object({
  id: z.string(),
  title: z.string(),
  iswc: z.string().nullable(),
  writers: z.string().meta({ description: "The writers' names, comma-separated." }),
  shares_total: z.number().meta({ description: 'Percent; 100 when complete.' }),
  recording_count: z.number(),
  updated_at: z.string(),
  row_version: z.number(),
});
const work = workRow.extend({
  writer_rows: z.array(
    z.object({
      party_id: z.string(),
      name: z.string(),
      role: z.enum(WRITER_ROLES),
      share: z.number(),
      ipi: z.string().nullable(),
      pro: z.string().nullable(),
      publisher: partyRef.nullable(),
    }),
  ),
  recordings: z.array(
    z.object({ id: z.string(), title: z.string(), display_artist: z.string(), isrc: z.string().nullable() }),
  ),
  split_history: z.array(version),
  audit: z.array(audit),
  created_at: z.string(),
});
export type WorkRowDto = z.infer<typeof workRow>;
export type WorkDto = z.infer<typeof work>;

export const listWorks = endpoint({
  operationId: 'listWorks',
  summary: "A page of the label's works (compositions)",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/works',
  access: 'member',
  query: z.object({
    q: search,
    artist: partyFilter.meta({ description: 'Only works this person wrote or published.' }),
    missing: z.enum(['iswc', 'shares', 'any'], { message: 'missing: iswc, shares or any' }).optional(),
    sort: z.enum(['title', 'iswc', 'updated'], { message: 'sort: title, iswc or updated' }).default('title'),
    dir,
    ...pagingQuery(PAGE_MAX),
  }),
  responses: { 200: z.object({ rows: z.array(workRow), total: z.number() }) },
  errors: ['plan_required'],
});

export const getWork = endpoint({
  operationId: 'getWork',
  summary: 'A work with its writers, shares (and their history) and recordings',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/works/:id',
  access: 'member',
  params: idParams,
  responses: { 200: work },
  errors: ['not_found', 'plan_required'],
});

export const createWork = endpoint({
  operationId: 'createWork',
  summary: 'Adds a work with its writers (shares total 100)',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/works',
  access: 'member',
  body: createWorkBody,
  responses: { 201: work },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const updateWork = endpoint({
  operationId: 'updateWork',
  summary: 'Edits a work; a writer change is versioned; a stale row_version answers 409',
  tag: 'catalogue',
  method: 'PATCH',
  path: '/api/v1/catalogue/works/:id',
  access: 'member',
  params: idParams,
  body: updateWorkBody,
  responses: { 200: work },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const deleteWork = endpoint({
  operationId: 'deleteWork',
  summary: 'Deletes a work (its recordings keep existing without it)',
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/works/:id',
  access: 'member',
  params: idParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Settings, UPC pool

const settings = z.object({
  isrc_prefix: z.string().nullable(),
  next_isrc: z
    .string()
    .nullable()
    .meta({ description: 'The ISRC "Assign ISRC" gives next, null without a prefix.' }),
  label_name: z.string().nullable(),
  default_p_owner: z.string().nullable(),
  default_c_owner: z.string().nullable(),
  ddex_dpid: z.string().nullable(),
  upc_pool: z.object({ total: z.number(), free: z.number(), next: z.string().nullable() }),
  row_version: z.number(),
});
export type CatalogueSettingsDto = z.infer<typeof settings>;

export const getCatalogueSettings = endpoint({
  operationId: 'getCatalogueSettings',
  summary: "The label's ISRC prefix, next ISRC, UPC pool, default rights owners and names",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/settings',
  access: 'member',
  responses: { 200: settings },
  errors: ['plan_required'],
});

export const updateCatalogueSettings = endpoint({
  operationId: 'updateCatalogueSettings',
  summary: "Changes the label's catalogue settings (admins)",
  tag: 'catalogue',
  method: 'PATCH',
  path: '/api/v1/catalogue/settings',
  access: 'admin',
  body: catalogueSettingsBody,
  responses: { 200: settings },
  errors: ['conflict', 'plan_required'],
});

export const addUpcRange = endpoint({
  operationId: 'addUpcRange',
  summary: 'Adds a range of UPC/EAN codes bought from GS1 to the pool (codes already there are skipped)',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/upc-pool',
  access: 'admin',
  body: upcRangeBody,
  responses: { 200: settings.extend({ added: z.number() }) },
  errors: ['plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Needs attention

const attentionItem = z.object({
  kind: z.enum(ATTENTION_KINDS),
  title: z.string().meta({ description: 'What is wrong, in words, naming the records.' }),
  links: z
    .array(
      z.object({
        kind: z.enum(['recording', 'release', 'work', 'party']),
        id: z.string(),
        label: z.string(),
      }),
    )
    .meta({ description: 'Where it is fixed, one per record involved.' }),
});
export type AttentionItemDto = z.infer<typeof attentionItem>;

export const getNeedsAttention = endpoint({
  operationId: 'getNeedsAttention',
  summary: 'Conflicts and gaps in the catalogue, each linked to where it is fixed',
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/attention',
  access: 'member',
  query: z.object({
    kind: z.enum(ATTENTION_KINDS, { message: `kind: one of ${ATTENTION_KINDS.join(', ')}` }).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  }),
  responses: {
    200: z.object({
      items: z.array(attentionItem),
      counts: z.object({
        duplicate_isrc: z.number(),
        near_duplicate_recording: z.number(),
        release_track_missing_codes: z.number(),
        writer_missing_ipi_or_pro: z.number(),
        work_shares_not_100: z.number(),
        recording_without_master_split: z.number(),
      }),
    }),
  },
  errors: ['plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Saved views

const savedView = z.object({
  id: z.string(),
  tab: z.enum(CATALOGUE_TABS),
  name: z.string(),
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
});
export type SavedViewDto = z.infer<typeof savedView>;

export const listSavedViews = endpoint({
  operationId: 'listSavedViews',
  summary: "The member's saved grid views",
  tag: 'catalogue',
  method: 'GET',
  path: '/api/v1/catalogue/views',
  access: 'member',
  responses: { 200: z.object({ views: z.array(savedView) }) },
  errors: ['plan_required'],
});

export const createSavedView = endpoint({
  operationId: 'createSavedView',
  summary: 'Saves the current filters of a tab under a name',
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/views',
  access: 'member',
  body: z.object({
    tab: z.enum(CATALOGUE_TABS),
    name: z
      .string()
      .trim()
      .min(1, { message: 'Enter a name' })
      .max(80, { message: 'name: at most 80 characters' }),
    filters: z.record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean()])),
  }),
  responses: { 201: savedView },
  errors: ['plan_required', 'plan_limit_reached'],
});

export const deleteSavedView = endpoint({
  operationId: 'deleteSavedView',
  summary: 'Deletes one of the member’s saved views',
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/views/:id',
  access: 'member',
  params: idParams,
  responses: { 200: okResponse },
  errors: ['not_found', 'plan_required'],
});

// ---------------------------------------------------------------------------------------------------
// Artwork and master files: presign, the browser's PUT, then attach (the header checks of
// core/assets.ts); remove. Each change is the record's next row_version and goes in its audit log.

const presignedFileUpload = z.object({
  key: z.string(),
  upload_url: z.string(),
  content_type: z.string().meta({ description: 'The Content-Type the PUT must carry.' }),
});
export type CatalogueFileUploadDto = z.infer<typeof presignedFileUpload>;

const presignFileBody = presignAssetBody.omit({ kind: true });
const attachFileBody = confirmAssetBody.extend({
  row_version: z
    .number({ message: 'row_version: must be a number' })
    .int()
    .min(1)
    .optional()
    .meta({ description: 'When sent: the row_version read; a stale one answers 409 conflict.' }),
});
const removeFileQuery = z.object({
  row_version: z.coerce
    .number({ message: 'row_version: must be a number' })
    .int({ message: 'row_version: must be a whole number' })
    .min(1, { message: 'row_version: must be 1 or more' })
    .optional()
    .meta({ description: 'When sent: the row_version read; a stale one answers 409 conflict.' }),
});

const PRESIGN_ERRORS = [
  'not_found',
  'unsupported_media_type',
  'payload_too_large',
  'plan_limit_reached',
  'plan_required',
] as const;
/** A refused file (415) names the reason under `fields.key`; the refused file is deleted. */
const ATTACH_ERRORS = [...PRESIGN_ERRORS, 'conflict'] as const;

export const presignReleaseArtwork = endpoint({
  operationId: 'presignReleaseArtwork',
  summary: "A PUT URL for a release's artwork (JPEG or PNG)",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/releases/:id/artwork/presign',
  access: 'member',
  params: idParams,
  body: presignFileBody,
  responses: { 200: presignedFileUpload },
  errors: [...PRESIGN_ERRORS],
});

export const attachReleaseArtwork = endpoint({
  operationId: 'attachReleaseArtwork',
  summary:
    "After the PUT: checks the artwork's header (square, at least 3000 x 3000 px, RGB, JPEG or PNG) and sets it",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/releases/:id/artwork',
  access: 'member',
  params: idParams,
  body: attachFileBody,
  responses: { 200: release },
  errors: [...ATTACH_ERRORS],
});

export const removeReleaseArtwork = endpoint({
  operationId: 'removeReleaseArtwork',
  summary: "Removes a release's own artwork (its signed song's artwork, if any, applies again)",
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/releases/:id/artwork',
  access: 'member',
  params: idParams,
  query: removeFileQuery,
  responses: { 200: release },
  errors: ['not_found', 'conflict', 'plan_required'],
});

export const presignRecordingMaster = endpoint({
  operationId: 'presignRecordingMaster',
  summary: "A PUT URL for a recording's master (WAV, FLAC or AIFF)",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/recordings/:id/master/presign',
  access: 'member',
  params: idParams,
  body: presignFileBody,
  responses: { 200: presignedFileUpload },
  errors: [...PRESIGN_ERRORS],
});

export const attachRecordingMaster = endpoint({
  operationId: 'attachRecordingMaster',
  summary:
    "After the PUT: checks the master's header (WAV, FLAC or AIFF, at least 16-bit and 44.1 kHz) and sets it",
  tag: 'catalogue',
  method: 'POST',
  path: '/api/v1/catalogue/recordings/:id/master',
  access: 'member',
  params: idParams,
  body: attachFileBody,
  responses: { 200: recording },
  errors: [...ATTACH_ERRORS],
});

export const removeRecordingMaster = endpoint({
  operationId: 'removeRecordingMaster',
  summary: "Removes a recording's own master (its signed song's master, if any, applies again)",
  tag: 'catalogue',
  method: 'DELETE',
  path: '/api/v1/catalogue/recordings/:id/master',
  access: 'member',
  params: idParams,
  query: removeFileQuery,
  responses: { 200: recording },
  errors: ['not_found', 'conflict', 'plan_required'],
});
