/**
 * A ledger entry's receipt (issue 16 section 4): a file of the project folder of the contract's
 * song. What the project folder shows is what may be chosen: a file not deleted, in no deleted
 * folder. A receipt deleted afterwards still opens from the ledger until the folder purges it.
 */
import type { ReceiptFileRow, ReceiptFolderRow } from './deals.repo.ts';

export type SongFile = {
  key: string;
  name: string;
  /** "Invoices / 2026"; null at the top level. */
  folderPath: string | null;
  contentType: string;
  sizeBytes: number;
  createdAt: string;
  /** Deleted itself or inside a deleted folder: in Recently deleted, not offered as a receipt. */
  isDeleted: boolean;
};

/** The song's files with their folder path and whether the project folder shows them. */
export function songFileTree(
  folders: readonly ReceiptFolderRow[],
  files: readonly ReceiptFileRow[],
): Map<string, SongFile> {
  const byId = new Map(folders.map((folder) => [folder.id, folder]));
  /** The folder's path from the top, and whether it or a folder above it is deleted. */
  const placeOf = (folderId: string | null) => {
    const names: string[] = [];
    let isDeleted = false;
    const seen = new Set<string>();
    for (let id = folderId; id !== null; ) {
      const folder = byId.get(id);
      // A folder that is gone (purged with its files) or a loop: nothing below it is shown.
      if (!folder || seen.has(id)) return { path: null, isDeleted: true };
      seen.add(id);
      names.unshift(folder.name);
      isDeleted ||= folder.deleted_at !== null;
      id = folder.parent_id;
    }
    return { path: names.length > 0 ? names.join(' / ') : null, isDeleted };
  };
  const tree = new Map<string, SongFile>();
  for (const file of files) {
    const place = placeOf(file.folder_id);
    tree.set(file.file_key, {
      key: file.file_key,
      name: file.name,
      folderPath: place.path,
      contentType: file.content_type,
      sizeBytes: Number(file.size_bytes),
      createdAt: new Date(file.created_at).toISOString(),
      isDeleted: file.deleted_at !== null || place.isDeleted,
    });
  }
  return tree;
}
