import { ArrowRight, ClipboardCheck, FileSignature, LayoutGrid, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { useMe } from '../../../lib/me';
import { useOrganization } from '../api/get-organization';
import { InviteCodeCard } from '../components/invite-code-card';

function Stat({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Card className="min-w-0">
      <CardContent className="flex flex-col gap-1.5" role="group" aria-label={label}>
        <p className="text-sm text-muted-foreground">{label}</p>
        <div className="text-2xl font-semibold tracking-tight text-foreground">{value}</div>
        {detail ? <p className="text-xs text-muted-foreground">{detail}</p> : null}
      </CardContent>
    </Card>
  );
}

const QUICK_LINKS = [
  {
    to: paths.reviewDashboard.href(),
    label: 'Review Dashboard',
    description: 'Score the demos waiting for you',
    icon: ClipboardCheck,
  },
  {
    to: paths.addTracks.href(),
    label: 'Add Tracks',
    description: 'Submit new songs for review',
    icon: Upload,
  },
  {
    to: paths.signedSongs.href(),
    label: 'Signed Songs',
    description: 'Follow releases from contract to launch',
    icon: FileSignature,
  },
  {
    to: paths.overview.href(),
    label: 'Overview',
    description: "See everything in your label's pipeline",
    icon: LayoutGrid,
  },
];

function firstName(name: string | undefined) {
  return name?.trim().split(/\s+/)[0] ?? '';
}

/** / and /label-hub: the label at a glance. */
export function LabelHubPage() {
  const me = useMe();
  const organization = useOrganization();
  const org = organization.data;
  const name = firstName(me.data?.reviewer?.name);

  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title={name ? `Welcome back, ${name}` : 'Welcome back'}
        subtitle={org ? `Here's ${org.name} at a glance.` : 'Your label at a glance.'}
      />

      {organization.isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>{organization.error.message || 'Failed to load your label.'}</span>
            <Button size="sm" variant="outline" onClick={() => organization.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : null}

      <section aria-labelledby="label-heading" className="flex flex-col gap-4">
        <h2 id="label-heading" className="sr-only">
          Your label
        </h2>
        {org ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <Stat
              label="Label"
              value={
                // Names run to 50 characters: long ones wrap at a smaller size instead of being cut.
                <span
                  className={cn(
                    'block [overflow-wrap:anywhere]',
                    org.name.length > 10 && 'text-xl leading-snug',
                  )}
                  title={org.name}
                >
                  {org.name}
                </span>
              }
            />
            <Stat
              label="Plan"
              value={org.plan_name}
              detail={org.track_limit === -1 ? 'Unlimited tracks' : `Up to ${org.track_limit} tracks`}
            />
            <Stat
              label="Members"
              value={org.member_count}
              detail={`of ${org.user_limit} ${org.user_limit === 1 ? 'seat' : 'seats'} on your plan`}
            />
            <Stat label="Your role" value={me.data?.reviewer?.is_admin ? 'Admin' : 'Member'} />
          </div>
        ) : organization.isPending ? (
          <div
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
            role="status"
            aria-label="Loading your label"
          >
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-[7.5rem] rounded-xl" />
            ))}
          </div>
        ) : null}
        {org?.invite_code ? <InviteCodeCard code={org.invite_code} /> : null}
      </section>

      <section aria-labelledby="quick-links-heading" className="flex flex-col gap-4">
        <h2 id="quick-links-heading" className="text-sm font-semibold text-muted-foreground">
          Jump to
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          {QUICK_LINKS.map(({ to, label, description, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-start gap-3 rounded-xl border border-border bg-card p-4 shadow-card outline-none transition-colors hover:border-primary/40 hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="flex items-center gap-1 text-sm font-medium text-foreground">
                    {label}
                    <ArrowRight
                      aria-hidden="true"
                      className="size-3.5 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100"
                    />
                  </span>
                  <span className="text-xs text-muted-foreground">{description}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
