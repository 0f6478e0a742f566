import { daysLeftToRestore, type ProjectFolderListingDto } from '@music-review/core/project-folder';
import { File, Folder, Trash2 } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import type { DeletedItem } from './folder-item';

/**
 * The "Recently deleted (n)" toggle and, when open, the deleted folders and files to restore. Open
 * or not is the tab's, so it survives the listing's error state.
 */
export function RecentlyDeleted({
  deleted,
  showDeleted,
  onToggle,
  onRestore,
}: {
  deleted: ProjectFolderListingDto['deleted'];
  showDeleted: boolean;
  onToggle: () => void;
  onRestore: (item: DeletedItem) => Promise<unknown>;
}) {
  const deletedCount = deleted.files.length + deleted.folders.length;
  const items: DeletedItem[] = [
    ...deleted.folders.map((f) => ({ id: f.id, name: f.name, deletedAt: f.deleted_at!, isFolder: true })),
    ...deleted.files.map((f) => ({ id: f.id, name: f.name, deletedAt: f.deleted_at!, isFolder: false })),
  ];
  return (
    <div className="flex flex-col gap-2">
      <Button variant="ghost" size="sm" className="self-start" aria-expanded={showDeleted} onClick={onToggle}>
        <Trash2 aria-hidden="true" />
        Recently deleted ({deletedCount})
      </Button>
      {showDeleted ? (
        deletedCount === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing was deleted in the last 30 days.</p>
        ) : (
          <ul
            aria-label="Recently deleted"
            className="divide-y divide-border rounded-lg border border-border"
          >
            {items.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  {d.isFolder ? (
                    <Folder aria-hidden="true" className="size-4" />
                  ) : (
                    <File aria-hidden="true" className="size-4" />
                  )}
                  <span className="truncate">{d.name}</span>
                  <span className="text-xs text-muted-foreground">
                    {daysLeftToRestore(new Date(d.deletedAt))} days left
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Restore ${d.name}`}
                  onClick={() => void onRestore(d).catch((e: Error) => toast.error(e.message))}
                >
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
