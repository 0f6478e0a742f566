import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';

/** Whether an answer is the plan gate's (403 plan_required). */
export const isPlanRequired = (error: unknown) => isApiError(error) && error.code === 'plan_required';

/** Said when the plan is known to lack finance before any request (the server's words otherwise). */
const NOT_ON_PLAN = 'Finance is part of the Pro and Label plans. Upgrade your plan to import statements.';

/**
 * Finance outside the plans that have it: the server's reason, and where the plan is seen (the team
 * settings, for admins; members are told to ask one).
 */
export function PlanRequired({ error }: { error?: unknown }) {
  const me = useMe();
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const message =
    isPlanRequired(error) && error instanceof Error && error.message ? error.message : NOT_ON_PLAN;
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="max-w-lg text-base font-medium text-foreground">{message}</p>
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
