import { Trash2 } from 'lucide-react';
import { Button } from '../../../../components/ui/button';

/** The trash icon that removes one row (a track, a performer, a writer, a publisher). */
export function RemoveButton({
  label,
  onClick,
  disabled,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="self-end sm:mb-1"
    >
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
