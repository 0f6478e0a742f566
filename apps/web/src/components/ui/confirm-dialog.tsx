import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';

/** An error worth showing in a dialog: a message string, an Error's message, or a fallback. */
function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}

/**
 * The confirmation before an action that cannot be undone (or that replaces something): its title,
 * what will happen, Cancel and the action. Red unless `destructive` is false. Stays open with the
 * error when the action fails.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  isPending,
  error,
  destructive = true,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  isPending: boolean;
  error?: unknown;
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <div className="flex flex-col gap-4">
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm} isLoading={isPending}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
