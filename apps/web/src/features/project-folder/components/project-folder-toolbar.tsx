import { type StorageUsageDto, storageUsageText } from '@music-review/core/project-folder';
import { FolderPlus, Upload } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** The label's storage use, with the New folder and Upload files buttons. */
export function ProjectFolderToolbar({
  usage,
  onNewFolder,
  onUpload,
}: {
  usage: StorageUsageDto;
  onNewFolder: () => void;
  onUpload: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground">
        {/* The plan's limit is the label's, across every song: say so, or an empty folder looks full. */}
        Label storage:{' '}
        <span className="font-medium text-foreground">
          {storageUsageText(usage.used_bytes, usage.limit_bytes)}
        </span>{' '}
        <span className="text-xs">(all songs, {usage.plan_name} plan)</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onNewFolder}>
          <FolderPlus aria-hidden="true" />
          New folder
        </Button>
        <Button size="sm" onClick={() => inputRef.current?.click()}>
          <Upload aria-hidden="true" />
          Upload files
        </Button>
        <input
          ref={inputRef}
          type="file"
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          aria-label="Files to upload"
          onChange={(event) => {
            const list = event.target.files ? Array.from(event.target.files) : [];
            event.target.value = '';
            if (list.length) onUpload(list);
          }}
        />
      </div>
    </div>
  );
}
