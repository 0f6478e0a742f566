import { CATALOGUE_MESSAGES } from '@music-review/core/catalogue';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';

/** Whether an answer is the plan gate's (403 plan_required). */
export const isPlanRequired = (error: unknown) => isApiError(error) && error.code === 'plan_required';

/** Artists & Writers outside the plan: what it takes, and where the plan is managed. */
export function PlanRequired() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
      <Lock aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="max-w-md text-sm text-foreground">{CATALOGUE_MESSAGES.notOnPlan}</p>
      {/* The plan and its usage are shown in the team settings, as for the catalogue. */}
      <Link to={paths.profile.planHref()} className={buttonClasses({ variant: 'outline' })}>
        See your plan
      </Link>
    </Card>
  );
}
