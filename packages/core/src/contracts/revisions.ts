/**
 * Revision requests (spec section 2, "Request revision"): a member asks the submitter for a new
 * version through a single-use public link, and the artist uploads it on a public page holding the
 * link's token. The contract of each endpoint (packages/core/src/endpoint.ts). Handlers:
 * apps/server/src/features/revisions/revisions.routes.ts.
 */
import { z } from 'zod';
import { idParams } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { MAX_FILENAME_LENGTH } from '../storage-schemas.ts';

/** The longest note a member may send with the link. */
const MESSAGE_MAX = 2000;

/** The link's token, as the page has it from its address (checked against the stored hashes). */
const tokenParams = z.object({ token: z.string().max(200) });

const revisionRequest = z.object({
  id: z.string(),
  song_id: z.string(),
  path: z.string().meta({ description: 'Path of the public page: /artist/upload-revision/{token}.' }),
  token: z.string().meta({ description: 'Shown once: the database keeps only its SHA-256 hash.' }),
  expires_at: z.string(),
  mailed_to: z
    .string()
    .nullable()
    .meta({ description: "The submitter's address the link was mailed to, or null when unknown." }),
  created_at: z.string(),
});

const revisionUpload = z.object({
  song_title: z.string(),
  organization_name: z.string(),
  message: z.string().nullable(),
  expires_at: z.string(),
  next_version_number: z.number(),
});

const revisionUploaded = z.object({ song_title: z.string(), version_number: z.number() });

const uploadTarget = z.object({
  presigned_url: z.string().meta({ description: 'Where to PUT the file.' }),
  key: z.string().meta({ description: 'The storage key to report to complete.' }),
});

/**
 * POST /api/v1/songs/{id}/revision-requests → 201. The link is single-use, expires after
 * REVISION_LINK_DAYS and is mailed to the submitter's email when known.
 */
export type RevisionRequestDto = z.infer<typeof revisionRequest>;
/** What the artist's public upload page shows. */
export type RevisionUploadDto = z.infer<typeof revisionUpload>;
export type RevisionUploadedDto = z.infer<typeof revisionUploaded>;
export type RevisionUploadTargetDto = z.infer<typeof uploadTarget>;

/** A refused link: 404 unknown, 410 expired, used or withdrawn (platform/public-links/open-link.ts). */
const LINK_ERRORS = ['not_found', 'link_expired', 'link_used', 'link_revoked'] as const;

export const requestSongRevision = endpoint({
  operationId: 'requestSongRevision',
  summary: 'Issues a single-use upload link for a new version, mailed to the submitter when known',
  tag: 'revisions',
  method: 'POST',
  path: '/api/v1/songs/:id/revision-requests',
  access: 'member',
  params: idParams,
  // No body at all is the same as no message.
  body: z
    .object({
      message: z
        .string()
        .max(MESSAGE_MAX, { message: `message: at most ${MESSAGE_MAX} characters` })
        .nullish(),
    })
    .nullish(),
  responses: { 201: revisionRequest },
  errors: ['not_found'],
});

export const getRevisionUpload = endpoint({
  operationId: 'getRevisionUpload',
  summary: "The artist's revision upload page: the song, the label, its message and the version to come",
  tag: 'revisions',
  method: 'GET',
  path: '/api/v1/public/revision-uploads/:token',
  access: 'public-link',
  params: tokenParams,
  responses: { 200: revisionUpload },
  errors: [...LINK_ERRORS],
});

export const requestRevisionUploadUrl = endpoint({
  operationId: 'requestRevisionUploadUrl',
  summary: "A presigned PUT for the new version's audio or waveform, under the song's folder",
  tag: 'revisions',
  method: 'POST',
  path: '/api/v1/public/revision-uploads/:token/upload-url',
  access: 'public-link',
  params: tokenParams,
  body: z.object({
    kind: z.enum(['audio', 'waveform'], { message: "kind: must be 'audio' or 'waveform'" }),
    // Four times the key's limit: the name is shortened when the key is built.
    filename: z
      .string()
      .min(1, { message: 'filename: required' })
      .max(4 * MAX_FILENAME_LENGTH),
    content_type: z.string().min(1, { message: 'content_type: required' }).max(200),
  }),
  responses: { 200: uploadTarget },
  errors: [...LINK_ERRORS],
});

export const completeRevisionUpload = endpoint({
  operationId: 'completeRevisionUpload',
  summary: "Makes the uploaded files the song's new current version and uses the link up",
  tag: 'revisions',
  method: 'POST',
  path: '/api/v1/public/revision-uploads/:token/complete',
  access: 'public-link',
  params: tokenParams,
  body: z.object({
    audio_file_key: z.string().min(1, { message: 'audio_file_key: required' }).max(1024),
    waveform_file_key: z.string().min(1).max(1024).nullish(),
  }),
  responses: { 200: revisionUploaded },
  errors: [...LINK_ERRORS, 'payload_too_large', 'unsupported_media_type'],
});
