import { DISTRIBUTION_MESSAGES } from '@music-review/core/distribution';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useMe } from '../../../lib/me';

/** Whether an answer is the plan gate's (403 plan_required). */
export const isPlanRequired = (error: unknown) => isApiError(error) && error.code === 'plan_required';

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
