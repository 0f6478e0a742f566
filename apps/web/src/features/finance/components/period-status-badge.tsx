import { PERIOD_STATUS_LABELS, type PeriodStatus } from '@music-review/core/royalties';
import { cn } from '../../../lib/cn';

// The app's tokens only, so both themes keep their contrast.
const TONES: Record<PeriodStatus, string> = {
  open: 'bg-muted text-muted-foreground',
  running: 'bg-accent text-accent-foreground',
  computed: 'bg-warning/15 text-warning',
  approved: 'bg-accent text-accent-foreground',
  published: 'bg-success-soft text-success',
};

/** A period's status in its words ("To review"), coloured by what it asks of the member. */
export function PeriodStatusBadge({ status }: { status: PeriodStatus }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium leading-5 whitespace-nowrap',
        TONES[status],
      )}
    >
      {PERIOD_STATUS_LABELS[status]}
    </span>
  );
}
