import type { ProjectFolderDto } from '@music-review/core/project-folder';
import { Dialog } from '../../../components/ui/dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { FilePreview } from './file-preview';
import { type DialogState, itemName } from './folder-item';
import { MoveDialog } from './move-dialog';
import { NameDialog } from './name-dialog';
import type { FolderActions } from './use-folder-actions';

/** The tab's open dialog, wired to its action; a new folder goes into the open folder (`here`). */
export function ProjectFolderDialogs({
  dialog,
  folders,
  here,
  actions,
  onClose,
}: {
  dialog: DialogState;
  folders: ProjectFolderDto[];
  here: string | null;
  actions: FolderActions;
  onClose: () => void;
}) {
  switch (dialog?.type) {
    case 'new-folder':
      return (
        <NameDialog
          title="New folder"
          label="Folder name"
          submitLabel="Create folder"
          initial=""
          onClose={onClose}
          onSubmit={(name) => actions.createFolder(name, here)}
        />
      );
    case 'rename':
      return (
        <NameDialog
          title={`Rename ${itemName(dialog.item)}`}
          label="New name"
          submitLabel="Rename"
          initial={itemName(dialog.item)}
          onClose={onClose}
          onSubmit={(name) => actions.rename(dialog.item, name)}
        />
      );
    case 'move':
      return (
        <MoveDialog
          item={dialog.item}
          folders={folders}
          onClose={onClose}
          onSubmit={(target) => actions.move(dialog.item, target)}
        />
      );
    case 'delete':
      return (
        <ConfirmDeleteDialog
          item={dialog.item}
          onClose={onClose}
          onConfirm={() => actions.remove(dialog.item)}
        />
      );
    case 'preview':
      return (
        <Dialog open onClose={onClose} title={dialog.file.name}>
          <FilePreview file={dialog.file} />
        </Dialog>
      );
    default:
      return null;
  }
}
