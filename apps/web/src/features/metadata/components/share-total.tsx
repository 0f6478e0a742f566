import { liveSharesTotal } from '@music-review/core/metadata-forms';
import { cn } from '../../../lib/cn';

/** The live total of a party list's shares, read out as it changes, and the list's own error. */
export function ShareTotal({
  shares,
  error,
}: {
  shares: Array<number | string | null>;
  error: string | undefined;
}) {
  const total = liveSharesTotal(shares);
  const isComplete = total === 100;
  return (
    <div className="flex flex-col gap-1">
      <p
        aria-live="polite"
        className={cn('text-sm font-medium', isComplete ? 'text-success' : 'text-muted-foreground')}
      >
        Total: {total.toLocaleString('en', { maximumFractionDigits: 2 })}%{' '}
        <span className="font-normal">{isComplete ? '(complete)' : '(must be 100%)'}</span>
      </p>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
