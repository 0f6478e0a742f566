import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { type FolderItem, itemName } from './folder-item';
import { useSubmit } from './use-submit';

/** Confirms a delete, saying it can be undone from Recently deleted for 30 days. */
export function ConfirmDeleteDialog(props: {
  item: FolderItem;
  onClose: () => void;
  onConfirm: () => Promise<unknown>;
}) {
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
