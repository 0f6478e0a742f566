/**
 * A signed song's project folder (issue 6): folders, files, the 30-day recycle bin and the label's
 * storage against its plan. The contract of each endpoint (packages/core/src/endpoint.ts); the
 * request bodies live in project-folder.ts, which the web's forms share. Handlers:
 * apps/server/src/features/project-folder/project-folder.routes.ts.
 */
import { z } from 'zod';
import { uuid } from '../contract-schemas.ts';
import { endpoint } from '../endpoint.ts';
import {
  confirmProjectFileBody,
  createFolderBody,
  presignProjectFileBody,
  updateFileBody,
  updateFolderBody,
} from '../project-folder.ts';

const songParams = z.object({ songId: uuid });
const itemParams = z.object({ songId: uuid, id: uuid });

const folder = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
});

const file = z.object({
  id: z.string(),
  folder_id: z.string().nullable(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  uploaded_by_name: z.string().nullable(),
  created_at: z.string(),
  deleted_at: z.string().nullable(),
  url: z.string().meta({ description: 'A signed URL to view or download (valid an hour).' }),
});

const storageUsage = z.object({
  plan_name: z.string(),
  used_bytes: z.number(),
  limit_bytes: z.number().meta({ description: '-1: unlimited.' }),
});

const listing = z.object({
  folders: z.array(folder),
  files: z.array(file),
  deleted: z.object({ folders: z.array(folder), files: z.array(file) }).meta({
    description: 'Deleted directly (not inside a deleted folder), newest first, restorable until purge.',
  }),
  usage: storageUsage,
});

const presignedFile = z.object({
  key: z.string(),
  upload_url: z.string(),
  content_type: z.string().meta({ description: 'The Content-Type the PUT must carry.' }),
});

export type ProjectFolderDto = z.infer<typeof folder>;
export type ProjectFileDto = z.infer<typeof file>;
export type StorageUsageDto = z.infer<typeof storageUsage>;
export type ProjectFolderListingDto = z.infer<typeof listing>;

/** The song must be one of the label's, and signed for any change (409 otherwise). */
const WRITE_ERRORS = ['not_found', 'conflict'] as const;

export const getProjectFolder = endpoint({
  operationId: 'getProjectFolder',
  summary: "A song's project folder: the visible tree, recently deleted items and the label's storage",
  tag: 'project-folder',
  method: 'GET',
  path: '/api/v1/songs/:songId/project-folder',
  access: 'member',
  params: songParams,
  responses: { 200: listing },
  errors: ['not_found'],
});

export const createProjectFolder = endpoint({
  operationId: 'createProjectFolder',
  summary: 'Creates a folder at the top level or inside a visible folder',
  tag: 'project-folder',
  method: 'POST',
  path: '/api/v1/songs/:songId/project-folder/folders',
  access: 'member',
  params: songParams,
  body: createFolderBody,
  responses: { 201: folder },
  errors: [...WRITE_ERRORS],
});

export const updateProjectFolder = endpoint({
  operationId: 'updateProjectFolder',
  summary: 'Renames and/or moves a folder (never into itself or below itself)',
  tag: 'project-folder',
  method: 'PATCH',
  path: '/api/v1/songs/:songId/project-folder/folders/:id',
  access: 'member',
  params: itemParams,
  body: updateFolderBody,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});

export const deleteProjectFolder = endpoint({
  operationId: 'deleteProjectFolder',
  summary: 'Moves a folder and everything in it to Recently deleted (restorable for 30 days)',
  tag: 'project-folder',
  method: 'DELETE',
  path: '/api/v1/songs/:songId/project-folder/folders/:id',
  access: 'member',
  params: itemParams,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});

export const restoreProjectFolder = endpoint({
  operationId: 'restoreProjectFolder',
  summary: 'Restores a deleted folder where it was, or at the top level when its parent is gone',
  tag: 'project-folder',
  method: 'POST',
  path: '/api/v1/songs/:songId/project-folder/folders/:id/restore',
  access: 'member',
  params: itemParams,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});

export const presignProjectFile = endpoint({
  operationId: 'presignProjectFile',
  summary: "A PUT URL for a new file, if the label's plan has room for it",
  tag: 'project-folder',
  method: 'POST',
  path: '/api/v1/songs/:songId/project-folder/uploads',
  access: 'member',
  params: songParams,
  body: presignProjectFileBody,
  responses: { 200: presignedFile },
  errors: [...WRITE_ERRORS, 'unsupported_media_type', 'payload_too_large', 'plan_limit_reached'],
});

export const confirmProjectFile = endpoint({
  operationId: 'confirmProjectFile',
  summary: 'After the PUT: checks the uploaded file and adds it to the folder',
  tag: 'project-folder',
  method: 'POST',
  path: '/api/v1/songs/:songId/project-folder/files',
  access: 'member',
  params: songParams,
  body: confirmProjectFileBody,
  responses: { 201: file },
  errors: [...WRITE_ERRORS, 'unsupported_media_type', 'payload_too_large', 'plan_limit_reached'],
});

export const updateProjectFile = endpoint({
  operationId: 'updateProjectFile',
  summary: 'Renames and/or moves a file',
  tag: 'project-folder',
  method: 'PATCH',
  path: '/api/v1/songs/:songId/project-folder/files/:id',
  access: 'member',
  params: itemParams,
  body: updateFileBody,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});

export const deleteProjectFile = endpoint({
  operationId: 'deleteProjectFile',
  summary: 'Moves a file to Recently deleted (restorable for 30 days)',
  tag: 'project-folder',
  method: 'DELETE',
  path: '/api/v1/songs/:songId/project-folder/files/:id',
  access: 'member',
  params: itemParams,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});

export const restoreProjectFile = endpoint({
  operationId: 'restoreProjectFile',
  summary: 'Restores a deleted file to its folder, or to the top level when the folder is gone',
  tag: 'project-folder',
  method: 'POST',
  path: '/api/v1/songs/:songId/project-folder/files/:id/restore',
  access: 'member',
  params: itemParams,
  responses: { 204: null },
  errors: [...WRITE_ERRORS],
});
