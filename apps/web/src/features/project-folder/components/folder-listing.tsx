import type { ProjectFileDto, ProjectFolderDto } from '@music-review/core/project-folder';
import { Folder } from 'lucide-react';
import { useFileDrop } from '../../../components/file-drop';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { DialogState } from './folder-item';
import { FolderItemRow } from './folder-item-row';

/** The open folder's folders then files, where files can also be dropped to upload them there. */
export function FolderListing({
  here,
  folders,
  files,
  onOpen,
  onDialog,
  onDrop,
}: {
  here: string | null;
  folders: ProjectFolderDto[];
  files: ProjectFileDto[];
  onOpen: (folderId: string) => void;
  onDialog: (d: DialogState) => void;
  onDrop: (files: FileList) => void;
}) {
  const { isDragging, dropProps } = useFileDrop(onDrop);
  return (
    <div
      {...dropProps}
      className={cn(
        'rounded-xl transition-colors',
        isDragging && 'ring-2 ring-primary ring-offset-2 ring-offset-background',
      )}
    >
      <Card className="overflow-hidden">
        {folders.length === 0 && files.length === 0 ? (
          <div className="flex flex-col items-center gap-2 p-8 text-center">
            <Folder aria-hidden="true" className="size-8 text-muted-foreground" />
            <p className="font-medium">{here ? 'This folder is empty' : 'No files yet'}</p>
            <p className="text-sm text-muted-foreground">
              Drop files here or use Upload files. Mixes, session files, artwork drafts: everything for this
              song.
            </p>
          </div>
        ) : (
          <ul aria-label="Files and folders" className="divide-y divide-border">
            {folders.map((folder) => (
              <FolderItemRow
                key={folder.id}
                item={{ kind: 'folder', folder }}
                onOpen={() => onOpen(folder.id)}
                onDialog={onDialog}
              />
            ))}
            {files.map((file) => (
              <FolderItemRow key={file.id} item={{ kind: 'file', file }} onDialog={onDialog} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
