import { sharesTotal } from '@music-review/core/music-codes';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../../../lib/cn';

/**
 * The live total of a split as the member types, exact to the hundredth (core's arithmetic, not
 * floating point): green at 100%, otherwise what is missing or too much.
 */
export function ShareTotal({ shares }: { shares: number[] }) {
  const valid = shares.filter((share) => Number.isFinite(share));
  const total = sharesTotal(valid);
  const isComplete = total === 100 && valid.length === shares.length && shares.length > 0;
  const Icon = isComplete ? CircleCheck : CircleAlert;
  const rest = Math.round((100 - total) * 100) / 100;
  return (
    <p
      aria-live="polite"
      className={cn(
        'flex items-center gap-1.5 text-sm font-medium',
        isComplete ? 'text-success' : 'text-warning',
      )}
    >
      <Icon aria-hidden="true" className="size-4" />
      Total: {total}%
      {!isComplete && shares.length > 0 ? (
        <span className="font-normal text-muted-foreground">
          {rest > 0 ? ` (${rest}% left to assign)` : rest < 0 ? ` (${-rest}% too much)` : ''}
        </span>
      ) : null}
    </p>
  );
}
