import { type ProjectFolderDto, subtreeIds } from '@music-review/core/project-folder';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type FolderItem, itemName } from './folder-item';
import { useSubmit } from './use-submit';

/** Picks the folder to move an item to; a folder is never offered itself or a folder inside it. */
export function MoveDialog(props: {
  item: FolderItem;
  folders: ProjectFolderDto[];
  onClose: () => void;
  onSubmit: (folderId: string | null) => Promise<unknown>;
}) {
  const id = useId();
  const excluded =
    props.item.kind === 'folder' ? subtreeIds(props.folders, props.item.folder.id) : new Set<string>();
  const currentParent =
    props.item.kind === 'folder' ? props.item.folder.parent_id : props.item.file.folder_id;
  const [target, setTarget] = useState<string>(currentParent ?? '');
  const { error, isPending, submit } = useSubmit(() => props.onSubmit(target || null));
  const pathOf = (f: ProjectFolderDto): string => {
    const parent = f.parent_id ? props.folders.find((p) => p.id === f.parent_id) : undefined;
    return parent ? `${pathOf(parent)} / ${f.name}` : f.name;
  };
  const options = props.folders
    .filter((f) => !excluded.has(f.id))
    .map((f) => ({ id: f.id, path: pathOf(f) }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return (
    <Dialog open onClose={props.onClose} title={`Move ${itemName(props.item)}`}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={id} className="text-sm font-medium">
            Move to
          </label>
          <select
            id={id}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            className="h-10 rounded-lg border border-input bg-background px-3 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="">Project folder (top level)</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.path}
              </option>
            ))}
          </select>
        </div>
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isPending} disabled={target === (currentParent ?? '')}>
            Move
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
