import { AlertTriangle, CalendarClock, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import type { DistributionCountsDto } from '../distribution-types';

function Tile({
  icon,
  label,
  value,
  isAlarm,
}: {
  icon: ReactNode;
  label: string;
  value: number | null;
  /** Red when above zero: something needs a member's attention. */
  isAlarm: boolean;
}) {
  const alarming = isAlarm && (value ?? 0) > 0;
  return (
    <Card className="flex flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-md [&_svg]:size-4',
            alarming ? 'bg-destructive-soft text-destructive' : 'bg-muted text-muted-foreground',
          )}
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd
        className={cn(
          'text-2xl font-semibold tabular-nums leading-tight',
          alarming ? 'text-destructive' : 'text-foreground',
        )}
      >
        {value === null ? '–' : value.toLocaleString()}
      </dd>
    </Card>
  );
}

/** The label's three figures: stores in error, releases in error, releases going live this week. */
export function SummaryTiles({ counts }: { counts: DistributionCountsDto | null }) {
  return (
    <dl aria-label="Summary" className="grid gap-3 sm:grid-cols-3">
      <Tile icon={<Store />} label="Stores in error" value={counts?.stores_in_error ?? null} isAlarm />
      <Tile
        icon={<AlertTriangle />}
        label="Releases in error"
        value={counts?.releases_in_error ?? null}
        isAlarm
      />
      <Tile
        icon={<CalendarClock />}
        label="Going live this week"
        value={counts?.going_live_this_week ?? null}
        isAlarm={false}
      />
    </dl>
  );
}
