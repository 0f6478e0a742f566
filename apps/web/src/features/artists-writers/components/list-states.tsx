import { SearchX, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

export function ListSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      {[0, 1, 2, 3].map((i) => (
        <Card key={i} className="flex flex-col gap-2 p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-72 max-w-full" />
        </Card>
      ))}
    </div>
  );
}

export function EmptyState({
  title,
  text,
  action,
  isFiltered = false,
}: {
  title: string;
  text: string;
  action?: ReactNode;
  isFiltered?: boolean;
}) {
  const Icon = isFiltered ? SearchX : Users;
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-base font-semibold text-foreground">{title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {action ? <div className="mt-2">{action}</div> : null}
    </Card>
  );
}

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
