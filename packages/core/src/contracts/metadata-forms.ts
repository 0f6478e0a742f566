/**
 * Metadata forms (issue 6): the label's routes (a member of the form's label; another label's ids are
 * 404) and the artist's public pages by link (/api/v1/public/metadata-forms/{token}). The contract of
 * each endpoint (packages/core/src/endpoint.ts); handlers:
 * apps/server/src/features/metadata-forms/metadata-forms.routes.ts.
 *
 * The request bodies are the domain's schemas (packages/core/src/metadata-forms.ts), which the web's
 * forms share; the answers are declared here.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import {
  type FullMetadataDraft,
  METADATA_FORM_STATUSES,
  type MetadataLinkState,
  metadataDraftSchema,
  metadataFormBody,
  metadataFormListQuery,
  shareMetadataChatBody,
  shareMetadataEmailBody,
} from '../metadata-forms.ts';

/** An instant as the API writes it (ISO 8601, UTC). */
const instant = z.string();
const status = z.enum(METADATA_FORM_STATUSES);
const linkRefusals = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

const formParams = z.object({ id: z.uuid({ message: 'id: must be a metadata form id' }) });
const songParams = z.object({ songId: z.uuid({ message: 'songId: must be a song id' }) });
// Any text: a malformed token answers 404 like an unknown one (openPublicLink).
const tokenParams = z.object({ token: z.string().max(200) });

// Every field present: the stored data read as a complete draft (toFullDraft), which is the checked
// submission once the artist has sent it.
const fullDraft = metadataDraftSchema.required() satisfies z.ZodType<FullMetadataDraft>;

const summary = z.object({
  id: z.string(),
  song_id: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  status,
  submitted_at: instant.nullable(),
  confirmed_at: instant.nullable(),
  updated_at: instant,
});

const link = z.object({
  state: z.enum(['active', 'expired', 'used', 'revoked']) satisfies z.ZodType<MetadataLinkState>,
  expires_at: instant,
  created_at: instant,
});

const form = summary.extend({
  data: fullDraft.meta({
    description: 'A complete draft while draft; the checked submission once submitted.',
  }),
  confirmed_by_name: z.string().nullable(),
  created_at: instant,
  link: link.nullable().meta({ description: 'The newest link, if any.' }),
});

const issuedLink = z
  .object({ token: z.string(), path: z.string(), url: z.string(), expires_at: instant })
  .meta({ description: 'A freshly issued link: its token is shown once (only its hash is stored).' });

const created = z.object({ form, link: issuedLink });

const sharedLink = issuedLink.nullable().meta({ description: 'Set when sharing issued a new link.' });
const emailed = z.object({ link: sharedLink, mailed_to: z.string() });
const posted = z.object({ link: sharedLink, message_id: z.string(), conversation_id: z.string() });

const publicForm = z.object({
  label_name: z.string(),
  song_title: z.string(),
  song_artist: z.string(),
  audio_file_key: z.string().nullable().meta({
    description:
      "The song's current audio: the page's player signs it through get-signed-url with the link's token in `x-metadata-form-token`.",
  }),
  waveform_file_key: z.string().nullable(),
  status,
  data: fullDraft,
  submitted_at: instant.nullable(),
  expires_at: instant,
  updated_at: instant,
});

const draftSaved = z.object({ saved_at: instant });

export type MetadataLinkDto = z.infer<typeof link>;
/** A freshly issued link: its token is shown once (only its hash is stored). */
export type IssuedMetadataLinkDto = z.infer<typeof issuedLink>;
export type MetadataFormDto = z.infer<typeof form>;
export type MetadataFormSummaryDto = z.infer<typeof summary>;
export type CreatedMetadataFormDto = z.infer<typeof created>;
export type MetadataLinkEmailedDto = z.infer<typeof emailed>;
export type MetadataLinkPostedDto = z.infer<typeof posted>;
/** A share's answer, by email or to the chat; `link` is set when sharing issued a new link. */
export type SharedMetadataLinkDto = MetadataLinkEmailedDto | MetadataLinkPostedDto;
/** GET /api/v1/public/metadata-forms/{token}: what the artist's page shows. */
export type PublicMetadataFormDto = z.infer<typeof publicForm>;
export type MetadataDraftSavedDto = z.infer<typeof draftSaved>;

// ---- the label's forms -----------------------------------------------------------------------------

export const listMetadataForms = endpoint({
  operationId: 'listMetadataForms',
  summary: "The label's metadata forms, filtered by status and a search on the song",
  tag: 'metadata-forms',
  method: 'GET',
  path: '/api/v1/metadata-forms',
  access: 'member',
  query: metadataFormListQuery,
  responses: { 200: z.object({ forms: z.array(summary) }) },
  errors: [],
});

export const listSongMetadataForms = endpoint({
  operationId: 'listSongMetadataForms',
  summary: "A song's metadata forms, newest first (one per recording version)",
  tag: 'metadata-forms',
  method: 'GET',
  path: '/api/v1/songs/:songId/metadata-forms',
  access: 'member',
  params: songParams,
  responses: { 200: z.object({ forms: z.array(form) }) },
  errors: ['not_found'],
});

export const createMetadataForm = endpoint({
  operationId: 'createMetadataForm',
  summary: 'A metadata form for a signed song, prefilled with its title and artist, and its first link',
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/songs/:songId/metadata-forms',
  access: 'member',
  params: songParams,
  responses: { 201: created },
  errors: ['not_found', 'conflict'],
});

export const getMetadataForm = endpoint({
  operationId: 'getMetadataForm',
  summary: 'A metadata form with its data and newest link',
  tag: 'metadata-forms',
  method: 'GET',
  path: '/api/v1/metadata-forms/:id',
  access: 'member',
  params: formParams,
  responses: { 200: form },
  errors: ['not_found'],
});

export const updateMetadataForm = endpoint({
  operationId: 'updateMetadataForm',
  summary: "The label's edit of a form, with the submission's checks (its status stays)",
  tag: 'metadata-forms',
  method: 'PUT',
  path: '/api/v1/metadata-forms/:id',
  access: 'member',
  params: formParams,
  body: metadataFormBody,
  responses: { 200: form },
  errors: ['not_found'],
});

export const confirmMetadataForm = endpoint({
  operationId: 'confirmMetadataForm',
  summary: "Confirms a form, optionally with the label's last edits",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/confirm',
  access: 'member',
  params: formParams,
  body: z.object({ data: metadataFormBody.shape.data.optional() }).optional(),
  responses: { 200: form },
  errors: ['not_found', 'conflict'],
});

export const reopenMetadataForm = endpoint({
  operationId: 'reopenMetadataForm',
  summary: "Sets a submitted or confirmed form back to draft: the artist's link opens it again",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/reopen',
  access: 'member',
  params: formParams,
  responses: { 200: form },
  errors: ['not_found', 'conflict'],
});

export const issueMetadataFormLink = endpoint({
  operationId: 'issueMetadataFormLink',
  summary: "A new link to the form for the artist (the form's older links withdrawn)",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/link',
  access: 'member',
  params: formParams,
  responses: { 201: issuedLink },
  errors: ['not_found'],
});

export const revokeMetadataFormLinks = endpoint({
  operationId: 'revokeMetadataFormLinks',
  summary: "Withdraws the form's links",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/revoke-link',
  access: 'member',
  params: formParams,
  responses: { 200: form },
  errors: ['not_found'],
});

export const emailMetadataFormLink = endpoint({
  operationId: 'emailMetadataFormLink',
  summary: "Mails the form's link to the artist (a new link when the label holds none that works)",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/share/email',
  access: 'member',
  params: formParams,
  body: shareMetadataEmailBody,
  responses: { 200: emailed },
  errors: ['not_found'],
});

export const postMetadataFormLinkToChat = endpoint({
  operationId: 'postMetadataFormLinkToChat',
  summary: "Posts the form's link into the song's chat as a metadata_form attachment",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/metadata-forms/:id/share/chat',
  access: 'member',
  params: formParams,
  body: shareMetadataChatBody.optional(),
  responses: { 201: posted },
  errors: ['not_found'],
});

// ---- public: the artist, by link -------------------------------------------------------------------

export const openMetadataFormByLink = endpoint({
  operationId: 'openMetadataFormByLink',
  summary: "The artist's metadata form, opened by its link",
  tag: 'metadata-forms',
  method: 'GET',
  path: '/api/v1/public/metadata-forms/:token',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: publicForm },
  errors: [...linkRefusals],
});

export const saveMetadataFormDraft = endpoint({
  operationId: 'saveMetadataFormDraft',
  summary: 'Autosaves what the artist typed, as typed (refused once submitted)',
  tag: 'metadata-forms',
  method: 'PUT',
  path: '/api/v1/public/metadata-forms/:token/draft',
  access: 'public-link',
  params: tokenParams,
  body: metadataFormBody,
  responses: { 200: draftSaved },
  errors: [...linkRefusals],
});

export const submitMetadataForm = endpoint({
  operationId: 'submitMetadataForm',
  summary: "Submits the artist's form: saved first, then checked; every member of the label is told",
  tag: 'metadata-forms',
  method: 'POST',
  path: '/api/v1/public/metadata-forms/:token/submit',
  access: 'public-link',
  params: tokenParams,
  body: metadataFormBody,
  responses: { 200: publicForm },
  errors: [...linkRefusals],
});
