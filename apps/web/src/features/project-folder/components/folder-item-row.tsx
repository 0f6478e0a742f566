import { formatBytes, previewKind } from '@music-review/core/project-folder';
import { Download, Eye, File, Folder } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { type DialogState, type FolderItem, itemName } from './folder-item';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** One folder (opened by its name) or file (with its size, uploader and date) and its actions. */
export function FolderItemRow({
  item,
  onOpen,
  onDialog,
}: {
  item: FolderItem;
  onOpen?: () => void;
  onDialog: (d: DialogState) => void;
}) {
  const name = itemName(item);
  const file = item.kind === 'file' ? item.file : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-3 py-2.5 sm:px-4">
      {/* basis-48: on a phone the actions wrap below the name instead of squeezing it. */}
      <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
        {item.kind === 'folder' ? (
          <Folder aria-hidden="true" className="size-5 shrink-0 text-primary" />
        ) : (
          <File aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        )}
        <div className="min-w-0">
          {onOpen ? (
            <button
              type="button"
              onClick={onOpen}
              className="block max-w-full truncate rounded-sm text-left text-sm font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {name}
            </button>
          ) : (
            <p className="truncate text-sm font-medium">{name}</p>
          )}
          {file ? (
            <p className="text-xs text-muted-foreground">
              {formatBytes(file.size_bytes)} · {file.uploaded_by_name ? `${file.uploaded_by_name}, ` : ''}
              {dateFormat.format(new Date(file.created_at))}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex flex-wrap gap-1">
        {file && previewKind(file.content_type) ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Preview ${name}`}
            onClick={() => onDialog({ type: 'preview', file })}
          >
            <Eye aria-hidden="true" />
            Preview
          </Button>
        ) : null}
        {file ? (
          <a
            href={file.url}
            download={file.name}
            className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            aria-label={`Download ${name}`}
          >
            <Download aria-hidden="true" />
            Download
          </a>
        ) : null}
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Rename ${name}`}
          onClick={() => onDialog({ type: 'rename', item })}
        >
          Rename
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Move ${name}`}
          onClick={() => onDialog({ type: 'move', item })}
        >
          Move
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${name}`}
          onClick={() => onDialog({ type: 'delete', item })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}
