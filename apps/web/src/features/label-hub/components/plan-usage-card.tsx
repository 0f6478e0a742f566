import { formatLimit, type HubUsageDto, usageFraction } from '@music-review/core/hub';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';

function Meter({ label, used, limit }: { label: string; used: number; limit: number }) {
  const fraction = usageFraction(used, limit);
  if (fraction === null) return null;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full',
          fraction >= 1 ? 'bg-destructive' : fraction >= 0.8 ? 'bg-warning' : 'bg-primary',
        )}
        style={{ width: `${fraction * 100}%` }}
      />
    </div>
  );
}

function seatsText(limit: number) {
  if (limit === -1) return 'of unlimited seats on your plan';
  return `of ${limit} ${limit === 1 ? 'seat' : 'seats'} on your plan`;
}

/**
 * The plan and how much of it the label uses: tracks added in the last 30 days (spec section 9's
 * usage window) and members (-1: unlimited).
 */
export function PlanUsageCard({ usage }: { usage: HubUsageDto }) {
  const tracksLimit =
    usage.track_limit === -1
      ? 'Unlimited tracks'
      : `of ${formatLimit(usage.track_limit)} tracks in the last 30 days`;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Plan</CardTitle>
        <Badge variant="primary">{usage.plan_name}</Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {/* biome-ignore lint/a11y/useSemanticElements: a named figure, not form fields (fieldset) */}
        <div role="group" aria-label="Tracks in the last 30 days" className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">Tracks in the last 30 days</p>
          <p className="flex items-baseline gap-2">
            <span className="text-2xl font-semibold tracking-tight tabular-nums text-foreground">
              {usage.tracks_last_30_days}
            </span>
            <span className="text-xs text-muted-foreground">{tracksLimit}</span>
          </p>
          <Meter
            label="Tracks used in the last 30 days"
            used={usage.tracks_last_30_days}
            limit={usage.track_limit}
          />
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: a named figure, not form fields (fieldset) */}
        <div role="group" aria-label="Members" className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">Members</p>
          <p className="flex items-baseline gap-2">
            <span className="text-2xl font-semibold tracking-tight tabular-nums text-foreground">
              {usage.members}
            </span>
            <span className="text-xs text-muted-foreground">{seatsText(usage.user_limit)}</span>
          </p>
          <Meter label="Seats used" used={usage.members} limit={usage.user_limit} />
        </div>
      </CardContent>
    </Card>
  );
}
