import type { ProjectFolderDto } from '@music-review/core/project-folder';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useProjectFolder } from '../api/get-project-folder';
import { FolderBreadcrumb } from './folder-breadcrumb';
import type { DialogState } from './folder-item';
import { FolderListing } from './folder-listing';
import { ProjectFolderDialogs } from './project-folder-dialogs';
import { ProjectFolderToolbar } from './project-folder-toolbar';
import { RecentlyDeleted } from './recently-deleted';
import { UploadList } from './upload-list';
import { useFolderActions } from './use-folder-actions';
import { useProjectFileUploads } from './use-project-file-uploads';

/** The signed song's project folder tab (issue 6). */
export function ProjectFolderTab({ songId }: { songId: string }) {
  const query = useProjectFolder(songId);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  const uploads = useProjectFileUploads(songId, () => query.refetch());
  const actions = useFolderActions(songId, () => setDialog(null));

  if (query.isPending) {
    return (
      <div role="status" aria-label="Loading the project folder" className="flex flex-col gap-3">
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-48 w-full rounded-xl" />
      </div>
    );
  }
  if (query.error || !query.data) {
    return (
      <Alert variant="error">
        {query.error?.message ?? 'The project folder could not be loaded.'}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const data = query.data;
  const currentFolder = folderId ? data.folders.find((f) => f.id === folderId) : undefined;
  // The folder was deleted or moved away by someone else: back to the top.
  const here = currentFolder ? currentFolder.id : null;
  const trail: ProjectFolderDto[] = [];
  for (
    let f = currentFolder;
    f;
    f = f.parent_id ? data.folders.find((p) => p.id === f!.parent_id) : undefined
  ) {
    trail.unshift(f);
  }
  // Files go to the folder open when they were chosen or dropped, even if one navigates on.
  const upload = (files: FileList | File[]) => void uploads.uploadAll(files, here);

  return (
    <div className="flex flex-col gap-4">
      <ProjectFolderToolbar
        usage={data.usage}
        onNewFolder={() => setDialog({ type: 'new-folder' })}
        onUpload={upload}
      />
      <FolderBreadcrumb trail={trail} here={here} onOpen={setFolderId} />
      <UploadList uploads={uploads.uploads} onDismiss={uploads.dismiss} />
      <FolderListing
        here={here}
        folders={data.folders.filter((f) => f.parent_id === here)}
        files={data.files.filter((f) => f.folder_id === here)}
        onOpen={setFolderId}
        onDialog={setDialog}
        onDrop={upload}
      />
      <RecentlyDeleted
        deleted={data.deleted}
        showDeleted={showDeleted}
        onToggle={() => setShowDeleted((v) => !v)}
        onRestore={actions.restore}
      />
      <ProjectFolderDialogs
        dialog={dialog}
        folders={data.folders}
        here={here}
        actions={actions}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
