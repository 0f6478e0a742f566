import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/cn';

/** A decorative spinner; pair it with visible text or use <LoadingState> for a labelled one. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin text-current', className)} />;
}

/** A labelled loading indicator announced to screen readers. */
export function LoadingState({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cn('flex items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Spinner className="size-5 text-primary" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
