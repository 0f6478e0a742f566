import {
  daysLeftToRestore,
  formatBytes,
  type ProjectFileDto,
  type ProjectFolderDto,
  previewKind,
  storageUsageText,
  subtreeIds,
} from '@music-review/core/project-folder';
import { ChevronRight, Download, Eye, File, Folder, FolderPlus, Trash2, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useFileDrop } from '../../../components/file-drop';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { TextField } from '../../../components/ui/text-field';
import { UploadProgress } from '../../../components/upload-progress';
import { useApiClient } from '../../../lib/api-context';
import { cn } from '../../../lib/cn';
import {
  type FolderAction,
  uploadProjectFile,
  useFolderAction,
  useProjectFolder,
} from '../api/project-folder';
import { FilePreview } from './file-preview';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

type Item = { kind: 'folder'; folder: ProjectFolderDto } | { kind: 'file'; file: ProjectFileDto };
type PendingUpload = { id: number; name: string; fraction: number; error: string | null };
type DialogState =
  | { type: 'new-folder' }
  | { type: 'rename'; item: Item }
  | { type: 'move'; item: Item }
  | { type: 'delete'; item: Item }
  | { type: 'preview'; file: ProjectFileDto }
  | null;

const itemName = (item: Item) => (item.kind === 'folder' ? item.folder.name : item.file.name);

let uploadSeq = 0;

/** The signed song's project folder tab (issue 6). */
export function ProjectFolderTab({ songId }: { songId: string }) {
  const query = useProjectFolder(songId);
  const api = useApiClient();
  const action = useFolderAction(songId);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const [dialog, setDialog] = useState<DialogState>(null);
  const [showDeleted, setShowDeleted] = useState(false);
  // Called only on a drop, when the listing below (and uploadAll with it) is there.
  const { isDragging, dropProps } = useFileDrop((files) => void uploadAll(files));
  const inputRef = useRef<HTMLInputElement>(null);

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
  const folders = data.folders.filter((f) => f.parent_id === here);
  const files = data.files.filter((f) => f.folder_id === here);

  async function uploadAll(list: FileList | File[]) {
    const target = here;
    await Promise.all(
      Array.from(list).map(async (file) => {
        const id = ++uploadSeq;
        const update = (patch: Partial<PendingUpload>) =>
          setUploads((all) => all.map((u) => (u.id === id ? { ...u, ...patch } : u)));
        setUploads((all) => [...all, { id, name: file.name, fraction: 0, error: null }]);
        try {
          await uploadProjectFile(api, songId, target, file, (fraction) => update({ fraction }));
          setUploads((all) => all.filter((u) => u.id !== id));
          await query.refetch();
        } catch (error) {
          update({ error: error instanceof Error ? error.message : 'The upload failed.' });
        }
      }),
    );
  }

  const run = (a: FolderAction, success?: string) =>
    action.mutateAsync(a).then(
      () => {
        if (success) toast.success(success);
        setDialog(null);
      },
      (error: Error) => {
        throw error;
      },
    );

  const deletedCount = data.deleted.files.length + data.deleted.folders.length;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {/* The plan's limit is the label's, across every song: say so, or an empty folder looks full. */}
          Label storage:{' '}
          <span className="font-medium text-foreground">
            {storageUsageText(data.usage.used_bytes, data.usage.limit_bytes)}
          </span>{' '}
          <span className="text-xs">(all songs, {data.usage.plan_name} plan)</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setDialog({ type: 'new-folder' })}>
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
              if (list.length) void uploadAll(list);
            }}
          />
        </div>
      </div>

      <nav aria-label="Folder path" className="flex flex-wrap items-center gap-1 text-sm">
        <button
          type="button"
          className="rounded-sm font-medium text-link hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => setFolderId(null)}
          aria-current={here === null ? 'page' : undefined}
        >
          Project folder
        </button>
        {trail.map((f) => (
          <span key={f.id} className="flex items-center gap-1">
            <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            <button
              type="button"
              className="rounded-sm font-medium text-link hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              onClick={() => setFolderId(f.id)}
              aria-current={here === f.id ? 'page' : undefined}
            >
              {f.name}
            </button>
          </span>
        ))}
      </nav>

      {uploads.length > 0 ? (
        <ul aria-label="Uploads" className="flex flex-col gap-2">
          {uploads.map((u) => (
            <li key={u.id} className="flex flex-col gap-1.5 rounded-lg border border-border p-3">
              {u.error ? (
                <div className="flex items-start justify-between gap-2">
                  <Alert variant="error">
                    {u.name}: {u.error}
                  </Alert>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setUploads((all) => all.filter((x) => x.id !== u.id))}
                  >
                    Dismiss
                  </Button>
                </div>
              ) : (
                <UploadProgress filename={u.name} fraction={u.fraction} checkingText="Checking…" />
              )}
            </li>
          ))}
        </ul>
      ) : null}

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
                <Row
                  key={folder.id}
                  item={{ kind: 'folder', folder }}
                  onOpen={() => setFolderId(folder.id)}
                  onDialog={setDialog}
                />
              ))}
              {files.map((file) => (
                <Row key={file.id} item={{ kind: 'file', file }} onDialog={setDialog} />
              ))}
            </ul>
          )}
        </Card>
      </div>

      <div className="flex flex-col gap-2">
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          aria-expanded={showDeleted}
          onClick={() => setShowDeleted((v) => !v)}
        >
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
              {[
                ...data.deleted.folders.map((f) => ({
                  id: f.id,
                  name: f.name,
                  deletedAt: f.deleted_at!,
                  isFolder: true,
                })),
                ...data.deleted.files.map((f) => ({
                  id: f.id,
                  name: f.name,
                  deletedAt: f.deleted_at!,
                  isFolder: false,
                })),
              ].map((d) => (
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
                    onClick={() =>
                      void run(
                        d.isFolder
                          ? { type: 'restore-folder', id: d.id }
                          : { type: 'restore-file', id: d.id },
                        `${d.name} restored`,
                      ).catch((e: Error) => toast.error(e.message))
                    }
                  >
                    Restore
                  </Button>
                </li>
              ))}
            </ul>
          )
        ) : null}
      </div>

      {dialog?.type === 'new-folder' || dialog?.type === 'rename' ? (
        <NameDialog
          title={dialog.type === 'new-folder' ? 'New folder' : `Rename ${itemName(dialog.item)}`}
          label={dialog.type === 'new-folder' ? 'Folder name' : 'New name'}
          submitLabel={dialog.type === 'new-folder' ? 'Create folder' : 'Rename'}
          initial={dialog.type === 'rename' ? itemName(dialog.item) : ''}
          onClose={() => setDialog(null)}
          onSubmit={(name) =>
            dialog.type === 'new-folder'
              ? run({ type: 'create-folder', name, parentId: here }, `Folder ${name} created`)
              : dialog.item.kind === 'folder'
                ? run({ type: 'update-folder', id: dialog.item.folder.id, name })
                : run({ type: 'update-file', id: dialog.item.file.id, name })
          }
        />
      ) : null}
      {dialog?.type === 'move' ? (
        <MoveDialog
          item={dialog.item}
          folders={data.folders}
          onClose={() => setDialog(null)}
          onSubmit={(target) =>
            dialog.item.kind === 'folder'
              ? run({ type: 'update-folder', id: dialog.item.folder.id, parentId: target }, 'Moved')
              : run({ type: 'update-file', id: dialog.item.file.id, folderId: target }, 'Moved')
          }
        />
      ) : null}
      {dialog?.type === 'delete' ? (
        <ConfirmDelete
          item={dialog.item}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            dialog.item.kind === 'folder'
              ? run(
                  { type: 'delete-folder', id: dialog.item.folder.id },
                  `${itemName(dialog.item)} moved to Recently deleted`,
                )
              : run(
                  { type: 'delete-file', id: dialog.item.file.id },
                  `${itemName(dialog.item)} moved to Recently deleted`,
                )
          }
        />
      ) : null}
      {dialog?.type === 'preview' ? (
        <Dialog open onClose={() => setDialog(null)} title={dialog.file.name}>
          <FilePreview file={dialog.file} />
        </Dialog>
      ) : null}
    </div>
  );
}

function Row({
  item,
  onOpen,
  onDialog,
}: {
  item: Item;
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

function useSubmit(onSubmit: () => Promise<unknown>) {
  const [error, setError] = useState<string | null>(null);
  const [isPending, setPending] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    setPending(true);
    setError(null);
    try {
      await onSubmit();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong.');
    } finally {
      setPending(false);
    }
  };
  return { error, isPending, submit };
}

function NameDialog(props: {
  title: string;
  label: string;
  submitLabel: string;
  initial: string;
  onClose: () => void;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const [name, setName] = useState(props.initial);
  const { error, isPending, submit } = useSubmit(() => props.onSubmit(name.trim()));
  return (
    <Dialog open onClose={props.onClose} title={props.title}>
      <form className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label={props.label}
          value={name}
          maxLength={200}
          onChange={(e) => setName(e.target.value)}
          error={error ?? undefined}
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!name.trim()} isLoading={isPending}>
            {props.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function MoveDialog(props: {
  item: Item;
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

function ConfirmDelete(props: { item: Item; onClose: () => void; onConfirm: () => Promise<unknown> }) {
  const { error, isPending, submit } = useSubmit(props.onConfirm);
  const name = itemName(props.item);
  return (
    <Dialog
      open
      onClose={props.onClose}
      title={`Delete ${name}?`}
      description={`${props.item.kind === 'folder' ? 'The folder and everything in it' : 'The file'} can be restored from Recently deleted for 30 days, then it is removed for good.`}
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="destructive" isLoading={isPending} onClick={() => void submit()}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
