import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Skeleton } from '../../../../components/ui/skeleton';
import { isApiError } from '../../../../lib/api-client';

/** A drawer's record while it loads, or why it could not be loaded. */
export function RecordState({
  error,
  onRetry,
  noun,
}: {
  error: Error | null;
  onRetry: () => void;
  noun: string;
}) {
  if (!error) {
    return (
      <div role="status" aria-label={`Loading the ${noun}`} className="flex flex-col gap-3">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  const isGone = isApiError(error) && error.code === 'not_found';
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{isGone ? `This ${noun} does not exist any more.` : error.message}</span>
        {isGone ? null : (
          <Button size="sm" variant="outline" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </Alert>
  );
}
