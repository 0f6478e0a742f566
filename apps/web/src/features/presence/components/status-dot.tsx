import type { PresenceStatus } from '@music-review/core/presence';
import { cn } from '../../../lib/cn';

const colors: Record<PresenceStatus, string> = {
  online: 'bg-emerald-500',
  away: 'bg-amber-400',
  offline: 'bg-muted-foreground/50',
};

/** A decorative dot in the status's colour; the status is always written out beside it. */
export function StatusDot({ status, className }: { status: PresenceStatus; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-2 shrink-0 rounded-full', colors[status], className)}
    />
  );
}
