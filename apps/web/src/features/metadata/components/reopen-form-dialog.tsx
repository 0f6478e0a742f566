import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';

/** Asks before a submitted or confirmed form goes back to the artist as a draft. */
export function ReopenFormDialog({
  open,
  onClose,
  isPending,
  onReopen,
}: {
  open: boolean;
  onClose: () => void;
  isPending: boolean;
  onReopen: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Reopen for the artist?"
      description="The form goes back to draft: the artist can change it again with a valid link and must submit it again. Its confirmation is withdrawn."
    >
      <div className="mt-4 flex justify-end gap-2">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button isLoading={isPending} onClick={onReopen}>
          Reopen
        </Button>
      </div>
    </Dialog>
  );
}
