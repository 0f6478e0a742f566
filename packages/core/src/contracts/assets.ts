/**
 * Release and artist assets of a signed song, and its release readiness (issue 6). The contract of
 * each endpoint (packages/core/src/endpoint.ts); the request bodies live in assets.ts, which the
 * web shares. Handlers: apps/server/src/features/assets/assets.routes.ts.
 */
import { z } from 'zod';
import {
  ASSET_KINDS,
  ASSET_SCOPES,
  bioTextBody,
  confirmAssetBody,
  presignAssetBody,
  READINESS_ITEMS,
  type ReadinessItem,
} from '../assets.ts';
import { uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';

const songParams = z.object({ songId: uuid });
const assetParams = z.object({ songId: uuid, assetId: uuid });

const presignedUpload = z.object({
  key: z.string(),
  upload_url: z.string(),
  content_type: z.string().meta({ description: 'The Content-Type the PUT must carry.' }),
});

const assetVersion = z.object({
  id: z.string(),
  kind: z.enum(ASSET_KINDS),
  scope: z.enum(ASSET_SCOPES),
  version: z.number(),
  filename: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  summary: z.string(),
  accepted: z.boolean(),
  problems: z.array(z.string()),
  restored_from: z.number().nullable().meta({ description: 'For restored versions: the version they copy.' }),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  is_current: z.boolean(),
  url: z.string().meta({ description: 'A signed URL to view or download (valid an hour).' }),
});

const assetKind = z.object({
  kind: z.enum(ASSET_KINDS),
  scope: z.enum(ASSET_SCOPES),
  versions: z.array(assetVersion).meta({ description: 'Newest first; the first is current.' }),
});

const readinessItems = Object.keys(READINESS_ITEMS) as [ReadinessItem, ...ReadinessItem[]];

const releaseReadiness = z.object({
  is_ready: z.boolean(),
  marked_at: z.string().nullable(),
  marked_by_name: z.string().nullable(),
  metadata_confirmed: z.boolean(),
  missing: z.array(z.enum(readinessItems)),
});

const songAssets = z.object({
  song: z.object({ id: z.string(), title: z.string(), artist: z.string() }),
  kinds: z.array(assetKind),
  readiness: releaseReadiness,
});

export type PresignedUploadDto = z.infer<typeof presignedUpload>;
export type AssetVersionDto = z.infer<typeof assetVersion>;
export type AssetKindDto = z.infer<typeof assetKind>;
export type ReleaseReadinessDto = z.infer<typeof releaseReadiness>;
export type SongAssetsDto = z.infer<typeof songAssets>;

/** A new version: the song must be one of the label's and signed (409), within the plan's storage. */
const UPLOAD_ERRORS = [
  'not_found',
  'conflict',
  'unsupported_media_type',
  'payload_too_large',
  'plan_limit_reached',
] as const;

export const listSongAssets = endpoint({
  operationId: 'listSongAssets',
  summary: "A signed song's release and artist assets, every version of each kind, and its readiness",
  tag: 'assets',
  method: 'GET',
  path: '/api/v1/songs/:songId/assets',
  access: 'member',
  params: songParams,
  responses: { 200: songAssets },
  errors: ['not_found'],
});

export const presignSongAsset = endpoint({
  operationId: 'presignSongAsset',
  summary: "A PUT URL for an asset's new version; the declared type must fit the kind",
  tag: 'assets',
  method: 'POST',
  path: '/api/v1/songs/:songId/assets/uploads',
  access: 'member',
  params: songParams,
  body: presignAssetBody,
  responses: { 200: presignedUpload },
  errors: [...UPLOAD_ERRORS],
});

export const confirmSongAsset = endpoint({
  operationId: 'confirmSongAsset',
  summary: "After the PUT: checks the file's bytes for its kind and records it as the current version",
  tag: 'assets',
  method: 'POST',
  path: '/api/v1/songs/:songId/assets',
  access: 'member',
  params: songParams,
  body: confirmAssetBody,
  responses: { 201: assetVersion },
  errors: [...UPLOAD_ERRORS],
});

export const saveSongBioText = endpoint({
  operationId: 'saveSongBioText',
  summary: 'Saves a typed bio as a new version of the bio (a text file)',
  tag: 'assets',
  method: 'POST',
  path: '/api/v1/songs/:songId/assets/bio-text',
  access: 'member',
  params: songParams,
  body: bioTextBody,
  responses: { 201: assetVersion },
  errors: ['not_found', 'conflict', 'plan_limit_reached'],
});

export const restoreSongAsset = endpoint({
  operationId: 'restoreSongAsset',
  summary: 'Makes an older version current again: a new version pointing at the same file',
  tag: 'assets',
  method: 'POST',
  path: '/api/v1/songs/:songId/assets/:assetId/restore',
  access: 'member',
  params: assetParams,
  responses: { 201: assetVersion },
  errors: ['not_found', 'conflict'],
});

export const markReleaseReady = endpoint({
  operationId: 'markReleaseReady',
  summary: 'Marks the release ready (409 naming what is still missing)',
  tag: 'assets',
  method: 'PUT',
  path: '/api/v1/songs/:songId/release-readiness',
  access: 'member',
  params: songParams,
  responses: { 200: releaseReadiness },
  errors: ['not_found', 'conflict'],
});

export const unmarkReleaseReady = endpoint({
  operationId: 'unmarkReleaseReady',
  summary: 'Takes back the mark that the release is ready',
  tag: 'assets',
  method: 'DELETE',
  path: '/api/v1/songs/:songId/release-readiness',
  access: 'member',
  params: songParams,
  responses: { 200: releaseReadiness },
  errors: ['not_found'],
});
