import toast from 'react-hot-toast';
import { useCreateProjectFolder } from '../api/create-project-folder';
import { useDeleteProjectFile } from '../api/delete-project-file';
import { useDeleteProjectFolder } from '../api/delete-project-folder';
import { useRestoreProjectFile } from '../api/restore-project-file';
import { useRestoreProjectFolder } from '../api/restore-project-folder';
import { useUpdateProjectFile } from '../api/update-project-file';
import { useUpdateProjectFolder } from '../api/update-project-folder';
import { type DeletedItem, type FolderItem, itemName } from './folder-item';

/**
 * The tab's changes to the tree, each picking the folder or the file call. On success one toasts
 * (when it has something to say) and calls `onDone`; on failure the promise rejects, for the
 * dialog or the caller to show the error.
 */
export function useFolderActions(songId: string, onDone: () => void) {
  const createFolder = useCreateProjectFolder(songId);
  const updateFolder = useUpdateProjectFolder(songId);
  const deleteFolder = useDeleteProjectFolder(songId);
  const restoreFolder = useRestoreProjectFolder(songId);
  const updateFile = useUpdateProjectFile(songId);
  const deleteFile = useDeleteProjectFile(songId);
  const restoreFile = useRestoreProjectFile(songId);

  const done = (success?: string) => () => {
    if (success) toast.success(success);
    onDone();
  };

  return {
    createFolder: (name: string, parentId: string | null) =>
      createFolder.mutateAsync({ name, parentId }).then(done(`Folder ${name} created`)),
    rename: (item: FolderItem, name: string) =>
      (item.kind === 'folder'
        ? updateFolder.mutateAsync({ id: item.folder.id, name })
        : updateFile.mutateAsync({ id: item.file.id, name })
      ).then(done()),
    move: (item: FolderItem, target: string | null) =>
      (item.kind === 'folder'
        ? updateFolder.mutateAsync({ id: item.folder.id, parentId: target })
        : updateFile.mutateAsync({ id: item.file.id, folderId: target })
      ).then(done('Moved')),
    remove: (item: FolderItem) =>
      (item.kind === 'folder'
        ? deleteFolder.mutateAsync(item.folder.id)
        : deleteFile.mutateAsync(item.file.id)
      ).then(done(`${itemName(item)} moved to Recently deleted`)),
    restore: (item: DeletedItem) =>
      (item.isFolder ? restoreFolder.mutateAsync(item.id) : restoreFile.mutateAsync(item.id)).then(
        done(`${item.name} restored`),
      ),
  };
}

export type FolderActions = ReturnType<typeof useFolderActions>;
