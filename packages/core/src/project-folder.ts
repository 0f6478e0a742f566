/**
 * A signed song's project folder (issue 6): folders, files, the 30-day recycle bin, and the
 * label's storage against its plan (spec section 7: check_storage_limit, record_storage_usage).
 */
import { z } from 'zod';

/** Deleted folders and files can be restored for this long, then they are purged. */
export const RECOVERY_DAYS = 30;
export const MAX_NAME_LENGTH = 200;

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a deleted item is purged. */
export function purgeAt(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RECOVERY_DAYS * DAY_MS);
}

/** Whole days left to restore (0 on the last day). */
export function daysLeftToRestore(deletedAt: Date, now = new Date()): number {
  return Math.max(0, Math.floor((purgeAt(deletedAt).getTime() - now.getTime()) / DAY_MS));
}

export const isPurgeDue = (deletedAt: Date, now = new Date()) =>
  purgeAt(deletedAt).getTime() <= now.getTime();

/** Binary units as most people read disk sizes: 1073741824 -> "1 GB", 1288490189 -> "1.2 GB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const rounded = value >= 100 ? Math.round(value) : Number(value.toFixed(1));
  return `${rounded} ${units[unit]}`;
}

/** "1.2 GB of 100 GB used" or "1.2 GB used (unlimited)" for a limit of -1. */
export function storageUsageText(usedBytes: number, limitBytes: number): string {
  if (limitBytes < 0) return `${formatBytes(usedBytes)} used (unlimited)`;
  return `${formatBytes(usedBytes)} of ${formatBytes(limitBytes)} used`;
}

export function storageLimitMessage(planName: string, limitBytes: number, usedBytes: number): string {
  return `This upload would go over your ${planName} plan's ${formatBytes(limitBytes)} of storage (${formatBytes(usedBytes)} used). Delete files you no longer need or upgrade your plan.`;
}

/** Names: trimmed, 1-200 characters, no slashes (they would read as paths), not '.' or '..'. */
export const itemName = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field}: is required`)
    .max(MAX_NAME_LENGTH, `${field}: at most ${MAX_NAME_LENGTH} characters`)
    .refine((v) => !/[\\/]/.test(v), `${field}: must not contain / or \\`)
    .refine((v) => v !== '.' && v !== '..', `${field}: must not be . or ..`);

const uuid = (field: string) => z.uuid(`${field}: must be an id`);

export const createFolderBody = z.object({
  name: itemName('name'),
  parent_id: uuid('parent_id').nullable().default(null),
});
export type CreateFolderBody = z.infer<typeof createFolderBody>;

/** Rename and/or move. parent_id null moves to the top level; leaving it out keeps it. */
export const updateFolderBody = z
  .object({ name: itemName('name').optional(), parent_id: uuid('parent_id').nullable().optional() })
  .refine((v) => v.name !== undefined || v.parent_id !== undefined, 'Give a new name or a parent_id.');
export type UpdateFolderBody = z.infer<typeof updateFolderBody>;

export const presignProjectFileBody = z.object({
  folder_id: uuid('folder_id').nullable().default(null),
  filename: itemName('filename'),
  content_type: z.string().trim().max(255).default(''),
  size_bytes: z.number().int().min(1, 'size_bytes: the file is empty'),
});
export type PresignProjectFileBody = z.infer<typeof presignProjectFileBody>;

export const confirmProjectFileBody = z.object({
  key: z.string().min(1, 'key: is required').max(1000),
  folder_id: uuid('folder_id').nullable().default(null),
  name: itemName('name'),
});
export type ConfirmProjectFileBody = z.infer<typeof confirmProjectFileBody>;

export const updateFileBody = z
  .object({ name: itemName('name').optional(), folder_id: uuid('folder_id').nullable().optional() })
  .refine((v) => v.name !== undefined || v.folder_id !== undefined, 'Give a new name or a folder_id.');
export type UpdateFileBody = z.infer<typeof updateFileBody>;

export type PreviewKind = 'audio' | 'image' | 'pdf' | null;

/** Which preview a stored content type gets. */
export function previewKind(contentType: string): PreviewKind {
  if (contentType.startsWith('audio/')) return 'audio';
  if (contentType.startsWith('image/')) return 'image';
  if (contentType === 'application/pdf') return 'pdf';
  return null;
}

/** The ids of a folder and everything below it (for moves: a folder cannot go inside itself). */
export function subtreeIds(
  folders: readonly { id: string; parent_id: string | null }[],
  rootId: string,
): Set<string> {
  const children = new Map<string, string[]>();
  for (const f of folders) {
    if (!f.parent_id) continue;
    children.set(f.parent_id, [...(children.get(f.parent_id) ?? []), f.id]);
  }
  const ids = new Set<string>([rootId]);
  const queue = [rootId];
  while (queue.length) {
    for (const child of children.get(queue.pop()!) ?? []) {
      if (!ids.has(child)) {
        ids.add(child);
        queue.push(child);
      }
    }
  }
  return ids;
}

// The API's answers: inferred from their contracts.
export type {
  ProjectFileDto,
  ProjectFolderDto,
  ProjectFolderListingDto,
  StorageUsageDto,
} from './contracts/project-folder.ts';
