import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';

/**
 * "Remove artwork" / "Remove master": asks once in place (the file is deleted), then removes. Not a
 * dialog: the drawer already is one.
 */
export function RemoveFileButton({
  label,
  question,
  isPending,
  error,
  onRemove,
}: {
  label: string;
  /** "Remove the artwork? Its file is deleted." */
  question: string;
  isPending: boolean;
  error: Error | null;
  onRemove: (done: () => void) => void;
}) {
  const [isAsking, setAsking] = useState(false);
  if (!isAsking) {
    return (
      <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" />
        {label}
      </Button>
    );
  }
  return (
    <div className="flex w-full flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span>{question}</span>
        <Button
          variant="destructive"
          size="sm"
          isLoading={isPending}
          onClick={() => onRemove(() => setAsking(false))}
        >
          Remove
        </Button>
        <Button variant="outline" size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      </div>
      {error ? <Alert>{error.message}</Alert> : null}
    </div>
  );
}
