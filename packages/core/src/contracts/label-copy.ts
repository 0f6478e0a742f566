/**
 * Label copy (issue 6, docs/DOMAIN.md "Label copy"): the contract of each endpoint
 * (packages/core/src/endpoint.ts). Handlers: apps/server/src/features/label-copy/label-copy.routes.ts.
 *
 * The answers are described here, without the transforms and defaults of `labelCopyDataSchema`
 * (what a save accepts): the serializer checks every answer against these schemas, and a transform
 * cannot run backwards. Every type the answers have, the label copy's data included, is inferred
 * from them; `../label-copy.ts` re-exports the types under their old names.
 */
import { z } from 'zod';
import { fileResponse, uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import {
  LABEL_COPY_EXPORT_FORMATS,
  LABEL_COPY_LINK_PURPOSES,
  LABEL_COPY_STATUSES,
  labelCopyDataSchema,
} from '../label-copy.ts';
import { WRITER_ROLES } from '../metadata-forms.ts';

// ---- the label copy's data, as stored and answered --------------------------------------------

const rightsLine = z.object({ year: z.number().nullable(), owner: z.string() });

const performer = z.object({
  name: z.string(),
  role: z.string().meta({ description: 'Instrument or role: "Vocals", "Bass guitar", "Backing vocals".' }),
});

const credits = z.object({
  producer: z.string(),
  engineer: z.string(),
  mixer: z.string(),
  mastering_engineer: z.string(),
  performers: z.array(performer),
});

const track = z.object({
  title: z.string(),
  version: z.string().meta({ description: 'Version or mix: "Radio Edit"; \'\' for the original.' }),
  artists: z.string().meta({ description: 'Display artists, e.g. "Nova Lane feat. Kite".' }),
  isrc: z
    .string()
    .meta({ description: 'Normalised (12 characters, no hyphens) once valid; kept as typed otherwise.' }),
  duration_seconds: z.number().nullable(),
  explicit: z.boolean(),
});

const writer = z.object({
  name: z.string(),
  role: z.enum(WRITER_ROLES),
  pro: z.string(),
  ipi: z.string(),
  share: z.number(),
});

const publisher = z.object({ name: z.string(), pro: z.string(), ipi: z.string(), share: z.number() });

const labelCopyData = z.object({
  release_title: z.string(),
  release_version: z.string(),
  primary_artist: z.string(),
  label: z.string(),
  catalogue_number: z.string(),
  upc: z.string(),
  release_date: z.string().meta({ description: "An ISO date (YYYY-MM-DD) or ''." }),
  original_release_date: z.string().meta({ description: "An ISO date (YYYY-MM-DD) or ''." }),
  genre: z.string(),
  worldwide: z.boolean(),
  territories: z.array(z.string()).meta({ description: 'ISO 3166-1 alpha-2 codes when not worldwide.' }),
  p_line: rightsLine,
  c_line: rightsLine,
  credits,
  tracks: z.array(track),
  writers: z.array(writer),
  publishers: z.array(publisher),
});

const issue = z.object({
  field: z.string().meta({ description: 'The field\'s path, e.g. "upc", "tracks.0.isrc", "p_line.owner".' }),
  label: z.string().meta({ description: "The field's name as the form shows it." }),
  message: z.string(),
});

const status = z.enum(LABEL_COPY_STATUSES);

const labelCopy = z.object({
  id: z.string(),
  song_id: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  status,
  data: labelCopyData,
  missing: z.array(issue).meta({ description: 'What still stops "Mark as final" ("What\'s missing").' }),
  submitted_at: z.string().nullable(),
  finalized_at: z.string().nullable(),
  updated_at: z.string(),
  generated_at: z
    .string()
    .nullable()
    .meta({ description: 'When the generator last assembled the document; null before.' }),
});

const generatorState = z.object({
  plan_name: z.string(),
  allowed: z.boolean().meta({ description: 'The generator may be used now.' }),
  is_trial: z.boolean().meta({ description: 'On Starter: the one trial use.' }),
  trial_used: z.boolean(),
  export_limit: z.number().meta({ description: 'Exports per month of each format (-1: unlimited).' }),
  exports_this_month: z.object({ pdf: z.number(), csv: z.number() }),
});

const songLabelCopy = z.object({
  song: z.object({ id: z.string(), title: z.string(), artist: z.string(), status: z.string() }),
  label_copy: labelCopy.nullable().meta({ description: 'Null until someone creates the label copy.' }),
  generator: generatorState,
});

const link = z.object({
  id: z.string(),
  purpose: z.enum(LABEL_COPY_LINK_PURPOSES),
  state: z.enum(['active', 'used', 'revoked', 'expired']),
  created_at: z.string(),
  expires_at: z.string(),
});

const createdLink = link.extend({
  token: z.string().meta({ description: 'Shown once: only its hash is stored.' }),
  path: z.string().meta({ description: "The public page's path in the web app." }),
});

const documentContract = z.object({
  title: z.string(),
  kind: z.string(),
  status: z.string(),
  parties: z.array(z.object({ name: z.string(), role: z.string() })),
  territory: z.string(),
  term: z.string(),
  signed_at: z.string().nullable(),
});

const generatedDocument = z.object({
  title: z.string(),
  organization_name: z.string(),
  song_title: z.string(),
  status,
  data: labelCopyData,
  contract: documentContract.nullable(),
  sources: z
    .object({ metadata_status: z.string().nullable(), contract: z.boolean() })
    .meta({ description: 'Where writers and publishers came from when the label copy itself named none.' }),
  generated_at: z.string(),
});

const publicForm = z.object({
  organization_name: z.string(),
  song_title: z.string(),
  status,
  data: labelCopyData,
  missing: z.array(issue).meta({ description: 'What still stops the artist from submitting.' }),
  expires_at: z.string(),
  updated_at: z.string(),
});

const publicShare = z.object({
  organization_name: z.string(),
  song_title: z.string(),
  status,
  data: labelCopyData,
  updated_at: z.string(),
  expires_at: z.string(),
});

const publicGenerator = z.object({
  organization_name: z.string(),
  song_title: z.string(),
  document: generatedDocument.nullable(),
  expires_at: z.string(),
});

export type RightsLineValue = z.infer<typeof rightsLine>;
export type LabelCopyPerformer = z.infer<typeof performer>;
export type LabelCopyCredits = z.infer<typeof credits>;
export type LabelCopyTrack = z.infer<typeof track>;
export type LabelCopyData = z.infer<typeof labelCopyData>;
export type LabelCopyIssue = z.infer<typeof issue>;
export type LabelCopyDto = z.infer<typeof labelCopy>;
export type LabelCopyGeneratorStateDto = z.infer<typeof generatorState>;
/** The song's Label Copy tab: the song, its label copy (or none yet) and the generator's state. */
export type SongLabelCopyDto = z.infer<typeof songLabelCopy>;
export type LabelCopyLinkDto = z.infer<typeof link>;
export type CreatedLabelCopyLinkDto = z.infer<typeof createdLink>;
export type LabelCopyDocumentContract = z.infer<typeof documentContract>;
/** The generated document: the label copy assembled with the metadata form and the signed contract. */
export type LabelCopyDocument = z.infer<typeof generatedDocument>;
export type PublicLabelCopyFormDto = z.infer<typeof publicForm>;
export type PublicLabelCopyShareDto = z.infer<typeof publicShare>;
export type PublicLabelCopyGeneratorDto = z.infer<typeof publicGenerator>;

// ---- inputs ------------------------------------------------------------------------------------

const songParams = z.object({ songId: uuid });
const idParams = z.object({ id: uuid });
// Any text up to 200 characters: a malformed token is answered by openPublicLink like an unknown
// one (404), not as a 400.
const token = z.string().max(200);
const format = z.enum(LABEL_COPY_EXPORT_FORMATS, { message: "format: must be 'pdf' or 'csv'" });
const dataBody = z.object({ data: labelCopyDataSchema });

const linkRefusals = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

// ---- the label's side --------------------------------------------------------------------------

export const getSongLabelCopy = endpoint({
  operationId: 'getSongLabelCopy',
  summary: "A song's Label Copy tab: the song, its label copy (null before one exists) and the generator",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/songs/:songId/label-copy',
  access: 'member',
  params: songParams,
  responses: { 200: songLabelCopy },
  errors: ['not_found'],
});

export const createLabelCopy = endpoint({
  operationId: 'createLabelCopy',
  summary: "Creates a signed song's label copy, prefilled from the song, its metadata and its contract",
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/songs/:songId/label-copy',
  access: 'member',
  params: songParams,
  responses: { 201: labelCopy },
  errors: ['not_found', 'conflict'],
});

export const getLabelCopy = endpoint({
  operationId: 'getLabelCopy',
  summary: 'One label copy, with what still stops it from being marked final',
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/label-copies/:id',
  access: 'member',
  params: idParams,
  responses: { 200: labelCopy },
  errors: ['not_found'],
});

export const saveLabelCopy = endpoint({
  operationId: 'saveLabelCopy',
  summary: 'Saves the label copy as a draft (a final one must be reopened first)',
  tag: 'label-copy',
  method: 'PUT',
  path: '/api/v1/label-copies/:id',
  access: 'member',
  params: idParams,
  body: dataBody,
  responses: { 200: labelCopy },
  errors: ['not_found', 'conflict'],
});

export const finalizeLabelCopy = endpoint({
  operationId: 'finalizeLabelCopy',
  summary: 'Marks the label copy final once every field a distributor needs is complete',
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/label-copies/:id/final',
  access: 'member',
  params: idParams,
  responses: { 200: labelCopy },
  errors: ['not_found'],
});

export const reopenLabelCopy = endpoint({
  operationId: 'reopenLabelCopy',
  summary: 'Reopens a final label copy as a draft',
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/label-copies/:id/reopen',
  access: 'member',
  params: idParams,
  responses: { 200: labelCopy },
  errors: ['not_found'],
});

export const listLabelCopyLinks = endpoint({
  operationId: 'listLabelCopyLinks',
  summary: "The label copy's public links of every purpose, newest first",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/label-copies/:id/links',
  access: 'member',
  params: idParams,
  responses: { 200: z.array(link) },
  errors: ['not_found'],
});

export const createLabelCopyLink = endpoint({
  operationId: 'createLabelCopyLink',
  summary: 'Issues a public link to the label copy (artist form, read-only share or generator view)',
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/label-copies/:id/links',
  access: 'member',
  params: idParams,
  body: z.object({
    purpose: z.enum(LABEL_COPY_LINK_PURPOSES, {
      message: `purpose: must be one of ${LABEL_COPY_LINK_PURPOSES.join(', ')}`,
    }),
  }),
  responses: { 201: createdLink },
  errors: ['not_found', 'conflict'],
});

export const revokeLabelCopyLink = endpoint({
  operationId: 'revokeLabelCopyLink',
  summary: 'Withdraws one of the label copy’s public links',
  tag: 'label-copy',
  method: 'DELETE',
  path: '/api/v1/label-copies/:id/links/:linkId',
  access: 'member',
  params: z.object({ id: uuid, linkId: uuid }),
  responses: { 204: null },
  errors: ['not_found'],
});

export const getLabelCopyGeneratorState = endpoint({
  operationId: 'getLabelCopyGeneratorState',
  summary: "The label copy generator as the label's plan allows it, with this month's exports",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/label-copy-generator',
  access: 'member',
  responses: { 200: generatorState },
  errors: [],
});

export const generateLabelCopy = endpoint({
  operationId: 'generateLabelCopy',
  summary: 'Runs the generator: assembles the document from the label copy, the metadata and the contract',
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/label-copies/:id/generate',
  access: 'member',
  params: idParams,
  responses: { 200: labelCopy },
  errors: ['not_found', 'plan_required'],
});

export const downloadGeneratedLabelCopy = endpoint({
  operationId: 'downloadGeneratedLabelCopy',
  summary: "Downloads the generated document as PDF or CSV (counted against the plan's monthly exports)",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/label-copies/:id/generated/:format',
  access: 'member',
  params: z.object({ id: uuid, format }),
  responses: { 200: fileResponse('The generated label copy, as a PDF or a CSV attachment') },
  errors: ['not_found', 'conflict', 'plan_limit_reached'],
});

// ---- public pages (no session: the token is the credential) ----------------------------------

export const openLabelCopyForm = endpoint({
  operationId: 'openLabelCopyForm',
  summary: "The artist's label copy form, opened by its link",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/public/label-copy-forms/:token',
  access: 'public-link',
  params: z.object({ token }),
  responses: { 200: publicForm },
  errors: [...linkRefusals],
});

export const saveLabelCopyForm = endpoint({
  operationId: 'saveLabelCopyForm',
  summary: "Saves the artist's form as a draft (autosave)",
  tag: 'label-copy',
  method: 'PUT',
  path: '/api/v1/public/label-copy-forms/:token',
  access: 'public-link',
  params: z.object({ token }),
  body: dataBody,
  responses: { 200: publicForm },
  errors: [...linkRefusals, 'conflict'],
});

export const submitLabelCopyForm = endpoint({
  operationId: 'submitLabelCopyForm',
  summary: "Submits the artist's form to the label, which spends the link",
  tag: 'label-copy',
  method: 'POST',
  path: '/api/v1/public/label-copy-forms/:token/submit',
  access: 'public-link',
  params: z.object({ token }),
  body: dataBody,
  responses: { 200: publicForm },
  errors: [...linkRefusals, 'conflict'],
});

export const openLabelCopyShare = endpoint({
  operationId: 'openLabelCopyShare',
  summary: 'The read-only label copy of a share link',
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/public/label-copies/:token',
  access: 'public-link',
  params: z.object({ token }),
  responses: { 200: publicShare },
  errors: [...linkRefusals],
});

export const downloadLabelCopyShare = endpoint({
  operationId: 'downloadLabelCopyShare',
  summary: "Downloads a share link's label copy as PDF or CSV (counted against the label's exports)",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/public/label-copies/:token/:format',
  access: 'public-link',
  params: z.object({ token, format }),
  responses: { 200: fileResponse('The label copy, as a PDF or a CSV attachment') },
  errors: [...linkRefusals, 'plan_limit_reached'],
});

export const openLabelCopyGeneratorLink = endpoint({
  operationId: 'openLabelCopyGeneratorLink',
  summary: 'The generated label copy document of a generator link',
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/public/label-copy-generator/:token',
  access: 'public-link',
  params: z.object({ token }),
  responses: { 200: publicGenerator },
  errors: [...linkRefusals],
});

export const downloadLabelCopyGeneratorLink = endpoint({
  operationId: 'downloadLabelCopyGeneratorLink',
  summary: "Downloads a generator link's document as PDF or CSV (counted against the label's exports)",
  tag: 'label-copy',
  method: 'GET',
  path: '/api/v1/public/label-copy-generator/:token/:format',
  access: 'public-link',
  params: z.object({ token, format }),
  responses: { 200: fileResponse('The generated label copy, as a PDF or a CSV attachment') },
  errors: [...linkRefusals, 'conflict', 'plan_limit_reached'],
});
