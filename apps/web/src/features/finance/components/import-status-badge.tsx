import { IMPORT_STATUS_LABELS, type ImportStatus } from '@music-review/core/royalties';
import { cn } from '../../../lib/cn';

type Tone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

// The app's tokens only, so both themes keep their contrast.
const TONES: Record<Tone, string> = {
  neutral: 'bg-muted text-muted-foreground',
  info: 'bg-accent text-accent-foreground',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning/15 text-warning',
  danger: 'bg-destructive-soft text-destructive',
};

const STATUS_TONES: Record<ImportStatus, Tone> = {
  queued: 'info',
  reading: 'info',
  needs_decision: 'warning',
  imported: 'success',
  discarded: 'neutral',
  cancelled: 'neutral',
  failed: 'danger',
};

/** An import's status in its words ("Bad lines found"), coloured by what it asks of the member. */
export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium leading-5 whitespace-nowrap',
        TONES[STATUS_TONES[status]],
      )}
    >
      {IMPORT_STATUS_LABELS[status]}
    </span>
  );
}
