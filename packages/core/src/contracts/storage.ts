/**
 * Storage (spec sections 5 and 6): the Supabase-style functions that presign an upload, sign a
 * download and confirm an upload, and the local driver's own object URLs (uploads streamed to disk,
 * downloads with ranges). The contract of each endpoint (packages/core/src/endpoint.ts). Handlers:
 * apps/server/src/features/storage/storage.routes.ts.
 */
import { z } from 'zod';
import { fileResponse } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import { CLIENT_STORAGE_TYPES, MAX_FILENAME_LENGTH, MAX_ID_LENGTH } from '../storage-schemas.ts';

const presignResponse = z.object({
  success: z.literal(true),
  data: z.object({ presignedUrl: z.string(), key: z.string() }),
});

const signedUrlResponse = z.object({
  success: z.literal(true),
  url: z.string(),
  expiresAt: z.string(),
});

const storedObject = z.object({
  success: z.literal(true),
  data: z.object({ key: z.string(), size: z.number(), contentType: z.string() }),
});

/** The local driver's object URL: the key after the prefix, and the signature in the query. */
const objectParams = z.object({ '*': z.string().meta({ description: 'The storage key.' }) });
const signedQuery = z.object({
  exp: z.string().optional(),
  sig: z.string().optional(),
  ct: z.string().optional(),
  max: z.string().optional(),
});

export type PresignedUrlDto = z.infer<typeof presignResponse>;
export type SignedUrlDto = z.infer<typeof signedUrlResponse>;
export type StoredObjectDto = z.infer<typeof storedObject>;

/** A bad or expired signature, or an upload whose Content-Type is not the signed one. */
const SIGNATURE_ERRORS = ['forbidden', 'not_found'] as const;

export const generatePresignedUrl = endpoint({
  operationId: 'generatePresignedUrl',
  summary: "A presigned PUT URL for a file of the caller's label (audio, waveforms, images, revisions)",
  tag: 'storage',
  method: 'POST',
  path: '/functions/v1/generate-presigned-url',
  access: 'member',
  body: z.object({
    // A display hint only: the key's first part is always the caller's organization id (keys.ts).
    orgName: z.string().max(200).optional(),
    type: z.enum(CLIENT_STORAGE_TYPES),
    id: z.string().min(1).max(MAX_ID_LENGTH),
    filename: z
      .string()
      .min(1)
      .max(4 * MAX_FILENAME_LENGTH),
    contentType: z.string().min(1).max(200),
  }),
  responses: { 200: presignResponse },
  errors: [],
});

export const getSignedUrl = endpoint({
  operationId: 'getSignedUrl',
  summary:
    "A signed GET URL for a stored file of the caller's label, or for one a metadata form's token (x-metadata-form-token) may read",
  tag: 'storage',
  method: 'POST',
  path: '/functions/v1/get-signed-url',
  access: 'member',
  body: z.object({
    fileKey: z.string().min(1).max(1024),
    expiresIn: z.number().int().min(1).max(86_400).default(3600),
  }),
  responses: { 200: signedUrlResponse },
  // The external token is a metadata form's public link: refused like the link's own page.
  errors: ['not_found', 'link_expired', 'link_used', 'link_revoked'],
});

export const confirmUpload = endpoint({
  operationId: 'confirmUpload',
  summary: 'Checks a file uploaded through a presigned URL by its bytes (deleted when refused)',
  tag: 'storage',
  method: 'POST',
  path: '/functions/v1/confirm-upload',
  access: 'member',
  body: z.object({ key: z.string().min(1).max(1024) }),
  responses: { 200: storedObject },
  errors: ['not_found', 'payload_too_large', 'unsupported_media_type'],
});

export const uploadStorageObject = endpoint({
  operationId: 'uploadStorageObject',
  summary: "The local driver's presigned PUT: the raw bytes, checked against the signed type and size",
  tag: 'storage',
  method: 'PUT',
  path: '/storage/v1/object/*',
  access: 'anonymous',
  params: objectParams,
  query: signedQuery,
  responses: { 200: storedObject },
  errors: [...SIGNATURE_ERRORS, 'payload_too_large', 'unsupported_media_type'],
});

export const downloadStorageObject = endpoint({
  operationId: 'downloadStorageObject',
  summary: "The local driver's signed GET: the file, or the byte range the Range header asks for",
  tag: 'storage',
  method: 'GET',
  path: '/storage/v1/object/*',
  access: 'anonymous',
  params: objectParams,
  query: signedQuery,
  responses: {
    200: fileResponse('The whole file.'),
    206: fileResponse('The requested byte range (Content-Range names it).'),
  },
  errors: [...SIGNATURE_ERRORS, 'range_not_satisfiable'],
});
