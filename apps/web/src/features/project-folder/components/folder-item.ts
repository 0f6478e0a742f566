import type { ProjectFileDto, ProjectFolderDto } from '@music-review/core/project-folder';

/** A row of the listing: a folder or a file. */
export type FolderItem =
  | { kind: 'folder'; folder: ProjectFolderDto }
  | { kind: 'file'; file: ProjectFileDto };

/** A deleted folder or file as "Recently deleted" lists it. */
export interface DeletedItem {
  id: string;
  name: string;
  deletedAt: string;
  isFolder: boolean;
}

/** The tab's open dialog, if any. */
export type DialogState =
  | { type: 'new-folder' }
  | { type: 'rename'; item: FolderItem }
  | { type: 'move'; item: FolderItem }
  | { type: 'delete'; item: FolderItem }
  | { type: 'preview'; file: ProjectFileDto }
  | null;

export const itemName = (item: FolderItem) => (item.kind === 'folder' ? item.folder.name : item.file.name);
