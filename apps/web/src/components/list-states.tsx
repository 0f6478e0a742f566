import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

const SKELETON_KEYS = ['one', 'two', 'three', 'four', 'five', 'six'];

/** Rows that are on their way: a few grey bars (up to six), announced by their label. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {SKELETON_KEYS.slice(0, rows).map((key) => (
        <Card key={key} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </Card>
      ))}
    </div>
  );
}

/** Nothing to show: what it means and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-base font-semibold text-foreground">{title}</p>
      <div className="max-w-lg text-sm text-muted-foreground">{children}</div>
      {actions ? <div className="mt-2 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </Card>
  );
}

/** Why something could not be loaded, with a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}

/** The part of a paged list (a TanStack infinite query) that its foot needs. */
export interface NextPages {
  error: Error | null;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The foot of a paged list: why the next page could not be loaded (the answer's message, else
 * `errorMessage`), and while there are more, how many are shown with "Show more".
 */
export function ShowMore({
  list,
  shown,
  total,
  errorMessage,
}: {
  list: NextPages;
  shown: number;
  total: number;
  errorMessage: string;
}) {
  return (
    <>
      {list.isFetchNextPageError ? <Alert>{list.error?.message || errorMessage}</Alert> : null}
      {list.hasNextPage ? (
        <div className="flex flex-col items-center gap-2 pt-2">
          <p className="text-sm text-muted-foreground">
            Showing {shown.toLocaleString()} of {total.toLocaleString()}
          </p>
          <Button
            variant="outline"
            isLoading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Show more
          </Button>
        </div>
      ) : null}
    </>
  );
}
