import { SUBSCRIPTION_LOAD_ERROR } from '@music-review/core/plan-rules';
import { Bug } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/me';
import { useHub } from '../api/get-hub';
import { ActivityCard } from '../components/activity-card';
import { AreaTiles } from '../components/area-tiles';
import { InviteCodeCard } from '../components/invite-code-card';
import { PlanUsageCard } from '../components/plan-usage-card';
import { TeamCard } from '../components/team-card';

function firstName(name: string | undefined) {
  return name?.trim().split(/\s+/)[0] ?? '';
}

/** / and /label-hub: the label's front page, live. */
export function LabelHubPage() {
  const me = useMe();
  const hub = useHub();
  const location = useLocation();
  const organization = me.data?.organization;
  const name = firstName(me.data?.reviewer?.name);

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={name ? `Welcome back, ${name}` : 'Welcome back'}
        subtitle={organization ? `Here's ${organization.name} at a glance.` : 'Your label at a glance.'}
      />

      {hub.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{hub.error.message || 'Failed to load your label.'}</span>
            <Button size="sm" variant="outline" onClick={() => hub.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}

      <section aria-labelledby="areas-heading" className="flex flex-col gap-3">
        <h2 id="areas-heading" className="text-sm font-semibold text-muted-foreground">
          Your label
        </h2>
        <AreaTiles counts={hub.data?.counts} isLoading={hub.isPending} />
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          {hub.data ? (
            <ActivityCard activity={hub.data.activity} decisions={hub.data.decisions} />
          ) : hub.isPending ? (
            <Skeleton className="h-72 rounded-xl" />
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {hub.data ? (
            <>
              <PlanUsageCard usage={hub.data.usage} />
              <TeamCard team={hub.data.team} />
            </>
          ) : hub.isError ? (
            // The plan's card: its data is the hub's, which did not come.
            <Alert variant="error">{SUBSCRIPTION_LOAD_ERROR}</Alert>
          ) : hub.isPending ? (
            <div role="status" aria-label="Loading your label" className="flex flex-col gap-6">
              <Skeleton className="h-48 rounded-xl" />
              <Skeleton className="h-56 rounded-xl" />
            </div>
          ) : null}
          {organization?.invite_code ? <InviteCodeCard code={organization.invite_code} /> : null}
        </div>
      </div>

      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Bug aria-hidden="true" className="size-4 shrink-0" />
        <span>
          Something broken or missing?{' '}
          <Link
            to={paths.feedback.href()}
            state={{ from: `${location.pathname}${location.search}` }}
            className="font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:underline"
          >
            Report bugs / Send feedback
          </Link>
        </span>
      </p>
    </div>
  );
}
