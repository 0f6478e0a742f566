import { randomBytes } from 'node:crypto';
import {
  type ConfirmProjectFileBody,
  type CreateFolderBody,
  type PresignProjectFileBody,
  type ProjectFileDto,
  type ProjectFolderDto,
  type ProjectFolderListingDto,
  subtreeIds,
  type UpdateFileBody,
  type UpdateFolderBody,
} from '@music-review/core/project-folder';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import type { OrgTx } from '../../platform/db/index.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import {
  assertStorageRoom,
  forgetStorageUsage,
  recordStorageUsage,
  storageUsage,
} from '../../platform/plans/storage-quota.ts';
import { finalizeUpload } from '../../platform/storage/finalize-upload.ts';
import { buildKey, parseKey } from '../../platform/storage/keys.ts';
import { familyOf, normalizeContentType } from '../../platform/storage/upload-rules.ts';
import * as repo from './project-folder.repo.ts';

const URL_TTL_SECONDS = 3600;
const folderNotFound = () => notFound('Folder not found');
const fileNotFound = () => notFound('File not found');
// Types a browser would render as a page (scripts included): never stored, whatever the bytes.
const PAGE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/xml',
  'application/xml',
]);

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** What of a song's tree is visible: folders with no deleted ancestor, and their undeleted files. */
function visibility(folders: repo.FolderRow[]) {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const hidden = new Map<string, boolean>();
  const isHidden = (id: string, seen = new Set<string>()): boolean => {
    const known = hidden.get(id);
    if (known !== undefined) return known;
    const folder = byId.get(id);
    if (!folder || seen.has(id)) return true;
    seen.add(id);
    const value = !!folder.deleted_at || (folder.parent_id !== null && isHidden(folder.parent_id, seen));
    hidden.set(id, value);
    return value;
  };
  return {
    isFolderVisible: (id: string | null) => id === null || !isHidden(id),
    /** Deleted itself while everything above it is visible: listed under "Recently deleted". */
    isTopDeleted: (f: repo.FolderRow) => !!f.deleted_at && (f.parent_id === null || !isHidden(f.parent_id)),
  };
}

export function createProjectFolderService(ctx: AppContext) {
  const { database } = ctx;
  const { driver, limits, uploadUrlTtlSeconds } = ctx.storage;

  async function requireSong(tx: OrgTx, organizationId: string, songId: string, forWriting = false) {
    const song = await repo.findSong(tx, organizationId, songId);
    if (!song) throw notFound('Song not found');
    if (forWriting && song.status !== 'signed') {
      throw new AppError('conflict', 'The project folder is for signed songs only.');
    }
    return song;
  }

  /** The song's tree, for the checks of a write. */
  async function tree(tx: OrgTx, organizationId: string, songId: string) {
    const folders = await repo.listFolders(tx, organizationId, songId);
    return { folders, ...visibility(folders) };
  }

  async function requireVisibleFolder(tx: OrgTx, organizationId: string, songId: string, id: string | null) {
    if (id === null) return;
    const t = await tree(tx, organizationId, songId);
    if (!t.folders.some((f) => f.id === id) || !t.isFolderVisible(id)) throw folderNotFound();
  }

  async function removeObjects(keys: string[]) {
    // A failed delete leaves an orphan object but no row or usage: nothing can reach it any more.
    await Promise.allSettled(keys.map((key) => driver.delete(key)));
  }

  const folderDto = (f: repo.FolderRow): ProjectFolderDto => ({
    id: f.id,
    parent_id: f.parent_id,
    name: f.name,
    created_at: iso(f.created_at)!,
    deleted_at: iso(f.deleted_at),
  });

  async function fileDto(f: repo.FileRow): Promise<ProjectFileDto> {
    const { url } = await driver.signedGetUrl(f.file_key, URL_TTL_SECONDS);
    return {
      id: f.id,
      folder_id: f.folder_id,
      name: f.name,
      content_type: f.content_type,
      size_bytes: Number(f.size_bytes),
      uploaded_by_name: f.uploaded_by_name,
      created_at: iso(f.created_at)!,
      deleted_at: iso(f.deleted_at),
      url,
    };
  }

  /** Purges the label's items deleted more than 30 days ago; storage objects go after the commit. */
  async function purgeExpired(organizationId: string) {
    const keys = await database.withOrg(organizationId, async (tx) => {
      const purged = await repo.purgeExpired(tx, organizationId);
      await forgetStorageUsage(tx, organizationId, purged);
      return purged;
    });
    await removeObjects(keys);
    return keys.length;
  }

  async function findFolder(tx: OrgTx, organizationId: string, songId: string, id: string) {
    const t = await tree(tx, organizationId, songId);
    const folder = t.folders.find((f) => f.id === id);
    if (!folder) throw folderNotFound();
    return { folder, ...t };
  }

  async function findFile(tx: OrgTx, organizationId: string, songId: string, id: string) {
    const file = (await repo.listFiles(tx, organizationId, songId)).find((f) => f.id === id);
    if (!file) throw fileNotFound();
    return file;
  }

  return {
    purgeExpired,

    /** The song's folder: visible tree, recently deleted, the label's storage. Purges lazily first. */
    async list(member: Member, songId: string): Promise<ProjectFolderListingDto> {
      const { organizationId } = member;
      await purgeExpired(organizationId);
      const { folders, files, usage } = await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId);
        return {
          folders: await repo.listFolders(tx, organizationId, songId),
          files: await repo.listFiles(tx, organizationId, songId),
          usage: await storageUsage(tx, organizationId),
        };
      });
      const v = visibility(folders);
      const newestDeletedFirst = <T extends { deleted_at: Date | string | null }>(a: T, b: T) =>
        new Date(b.deleted_at!).getTime() - new Date(a.deleted_at!).getTime();
      return {
        folders: folders.filter((f) => v.isFolderVisible(f.id)).map(folderDto),
        files: await Promise.all(
          files.filter((f) => !f.deleted_at && v.isFolderVisible(f.folder_id)).map(fileDto),
        ),
        deleted: {
          folders: folders.filter(v.isTopDeleted).sort(newestDeletedFirst).map(folderDto),
          files: await Promise.all(
            files
              .filter((f) => f.deleted_at && v.isFolderVisible(f.folder_id))
              .sort(newestDeletedFirst)
              .map(fileDto),
          ),
        },
        usage,
      };
    },

    async createFolder(member: Member, songId: string, body: CreateFolderBody): Promise<ProjectFolderDto> {
      const { organizationId } = member;
      return database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        await requireVisibleFolder(tx, organizationId, songId, body.parent_id);
        const row = await repo.insertFolder(tx, {
          organizationId,
          songId,
          parentId: body.parent_id,
          name: body.name,
          createdBy: member.reviewer.id,
        });
        return folderDto(row);
      });
    },

    /** Rename and/or move; a folder cannot move into itself or below itself. */
    async updateFolder(member: Member, songId: string, id: string, body: UpdateFolderBody) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const t = await findFolder(tx, organizationId, songId, id);
        if (!t.isFolderVisible(id)) throw folderNotFound();
        if (body.parent_id) {
          if (!t.folders.some((f) => f.id === body.parent_id) || !t.isFolderVisible(body.parent_id)) {
            throw folderNotFound();
          }
          if (subtreeIds(t.folders, id).has(body.parent_id)) {
            throw new AppError(
              'validation_failed',
              'parent_id: a folder cannot be moved into itself or its own subfolders.',
            );
          }
        }
        await repo.updateFolder(tx, organizationId, id, { name: body.name, parentId: body.parent_id });
      });
    },

    async deleteFolder(member: Member, songId: string, id: string) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const t = await findFolder(tx, organizationId, songId, id);
        if (!t.isFolderVisible(id)) throw folderNotFound();
        await repo.updateFolder(tx, organizationId, id, { deletedAt: 'now', deletedBy: member.reviewer.id });
      });
    },

    /** Back where it was, or at the top level when its parent is gone in the meantime. */
    async restoreFolder(member: Member, songId: string, id: string) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const t = await findFolder(tx, organizationId, songId, id);
        if (!t.folder.deleted_at) return;
        const parentId =
          t.folder.parent_id && t.isFolderVisible(t.folder.parent_id) ? t.folder.parent_id : null;
        await repo.updateFolder(tx, organizationId, id, { deletedAt: null, parentId });
      });
    },

    /** A PUT URL for a new file, if the plan has room for it. Unknown types are stored as downloads. */
    async presignFile(member: Member, songId: string, body: PresignProjectFileBody) {
      const { organizationId } = member;
      let contentType = normalizeContentType(body.content_type);
      if (PAGE_TYPES.has(contentType)) {
        throw new AppError(
          'unsupported_media_type',
          'HTML, XML and SVG files are not accepted in the project folder.',
        );
      }
      let family = familyOf(contentType);
      if (!family || family === 'waveform') {
        contentType = 'application/octet-stream';
        family = 'file';
      }
      const limit = limits[family];
      if (body.size_bytes > limit) {
        throw new AppError(
          'payload_too_large',
          `The file is larger than the limit of ${Math.round(limit / (1024 * 1024))} MB.`,
        );
      }
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        await requireVisibleFolder(tx, organizationId, songId, body.folder_id);
        await assertStorageRoom(tx, organizationId, body.size_bytes);
      });
      const key = buildKey(
        organizationId,
        'files',
        `${songId}_${randomBytes(8).toString('hex')}`,
        body.filename,
      );
      const uploadUrl = await driver.signedPutUrl(key, contentType, limit, uploadUrlTtlSeconds);
      return { key, upload_url: uploadUrl, content_type: contentType };
    },

    /** After the PUT: the content check, the plan's room, then the file and its storage usage. */
    async confirmFile(member: Member, songId: string, body: ConfirmProjectFileBody): Promise<ProjectFileDto> {
      const { organizationId } = member;
      const parsed = parseKey(body.key);
      if (
        !parsed ||
        parsed.organizationId !== organizationId ||
        parsed.type !== 'files' ||
        !parsed.id.startsWith(`${songId}_`)
      ) {
        throw fileNotFound();
      }
      const existing = await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId);
        return repo.findFileByKey(tx, organizationId, body.key);
      });
      if (existing) return fileDto(existing);
      const stored = await finalizeUpload(driver, body.key, limits);
      try {
        const row = await database.withOrg(organizationId, async (tx) => {
          await requireSong(tx, organizationId, songId, true);
          await requireVisibleFolder(tx, organizationId, songId, body.folder_id);
          await assertStorageRoom(tx, organizationId, stored.size);
          await repo.insertFile(tx, {
            organizationId,
            songId,
            folderId: body.folder_id,
            name: body.name,
            fileKey: body.key,
            contentType: stored.contentType,
            sizeBytes: stored.size,
            uploadedBy: member.reviewer.id,
          });
          await recordStorageUsage(tx, organizationId, body.key, stored.size, 'project_file');
          return (await repo.findFileByKey(tx, organizationId, body.key))!;
        });
        return fileDto(row);
      } catch (error) {
        await driver.delete(body.key);
        throw error;
      }
    },

    async updateFile(member: Member, songId: string, id: string, body: UpdateFileBody) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const file = await findFile(tx, organizationId, songId, id);
        if (file.deleted_at) throw fileNotFound();
        if (body.folder_id !== undefined)
          await requireVisibleFolder(tx, organizationId, songId, body.folder_id);
        await repo.updateFile(tx, organizationId, id, { name: body.name, folderId: body.folder_id });
      });
    },

    async deleteFile(member: Member, songId: string, id: string) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const file = await findFile(tx, organizationId, songId, id);
        if (file.deleted_at) return;
        await repo.updateFile(tx, organizationId, id, { deletedAt: 'now', deletedBy: member.reviewer.id });
      });
    },

    async restoreFile(member: Member, songId: string, id: string) {
      const { organizationId } = member;
      await database.withOrg(organizationId, async (tx) => {
        await requireSong(tx, organizationId, songId, true);
        const file = await findFile(tx, organizationId, songId, id);
        if (!file.deleted_at) return;
        const t = await tree(tx, organizationId, songId);
        const folderId = file.folder_id && t.isFolderVisible(file.folder_id) ? file.folder_id : null;
        await repo.updateFile(tx, organizationId, id, { deletedAt: null, folderId });
      });
    },
  };
}
