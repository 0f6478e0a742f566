import { type PlanUsageDto, usageFraction, usageText } from '@music-review/core/team';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { teamQueryKey, useTeam } from '../api/get-team';
import { InviteByEmailForm, InviteCodePanel } from './team-invitations';
import { TeamMembers } from './team-members';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3">
      <div>
        <h3 className="text-sm font-semibold text-foreground">{title}</h3>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  const fraction = usageFraction(used, limit);
  return (
    <div className="flex flex-col gap-1.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium text-foreground">{usageText(used, limit)}</dd>
      <dd aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div
          className={cn('h-full rounded-full', fraction >= 1 ? 'bg-destructive' : 'bg-primary')}
          style={{ width: `${Math.round(fraction * 100)}%` }}
        />
      </dd>
    </div>
  );
}

function PlanUsage({ plan }: { plan: PlanUsageDto }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3">
      <div className="flex flex-col gap-1.5">
        <dt className="text-sm text-muted-foreground">Plan</dt>
        <dd className="text-sm font-medium text-foreground">{plan.plan_name}</dd>
      </div>
      <Usage label="Tracks in the last 30 days" used={plan.tracks_last_30_days} limit={plan.track_limit} />
      <Usage label="Members" used={plan.member_count} limit={plan.user_limit} />
    </dl>
  );
}

/**
 * Team administration in settings (admins): members and roles, the invitation code, invitations
 * by email, and the plan's limits with their usage. Live: membership, code and usage changes from
 * anyone refresh it.
 */
export function TeamAdmin({ labelName }: { labelName: string }) {
  const team = useTeam();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamQueryKey });
  useRealtimeTopic('table:reviewers', refresh);
  useRealtimeTopic('table:organizations', refresh);
  useRealtimeTopic('table:organization_usage_metrics', refresh);

  return (
    <Card id="team" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Team</CardTitle>
        <CardDescription>Who is in {labelName}, what they may do, and how new people join.</CardDescription>
      </CardHeader>
      <CardContent>
        {team.data ? (
          <div className="flex flex-col gap-8">
            <Section title="Plan and usage">
              <PlanUsage plan={team.data.plan} />
            </Section>
            <Section
              title="Members"
              description="Admins manage the team and the label's settings. A label always keeps at least one admin."
            >
              <TeamMembers members={team.data.members} labelName={labelName} />
            </Section>
            <Section
              title="Invitation code"
              description="Share it with teammates: they join with it from the start screen."
            >
              <InviteCodePanel code={team.data.invite_code} />
            </Section>
            <Section title="Invite by email">
              <InviteByEmailForm />
            </Section>
          </div>
        ) : team.isError ? (
          <Alert variant="error">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <span>{team.error.message || 'Failed to load your team.'}</span>
              <Button size="sm" variant="outline" onClick={() => team.refetch()}>
                Try again
              </Button>
            </div>
          </Alert>
        ) : (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading your team">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
