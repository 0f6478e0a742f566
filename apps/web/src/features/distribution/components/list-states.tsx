import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';

/** Whether an answer is the plan gate's (403 plan_required). */
export const isPlanRequired = (error: unknown) => isApiError(error) && error.code === 'plan_required';

const SKELETON_KEYS = ['one', 'two', 'three', 'four', 'five', 'six'];

/** Rows that are on their way: a few grey bars, announced by their label. */
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

/** Nothing to show yet: what it means and what to do about it. */
export function EmptyState({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      {icon}
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

/**
 * Distribution outside the Pro and Label plans: what it needs, and where the plan is seen (the team
 * settings, for admins; members are told to ask one).
 */
export function PlanRequired() {
  const me = useMe();
  const isAdmin = me.data?.reviewer?.is_admin === true;
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="max-w-lg text-base font-medium text-foreground">{DISTRIBUTION_MESSAGES.notOnPlan}</p>
      {isAdmin ? (
        <Link to={paths.profile.planHref()} className={buttonClasses()}>
          See your plan
        </Link>
      ) : (
        <p className="text-sm text-muted-foreground">An admin of your label can change its plan.</p>
      )}
    </Card>
  );
}
