import { ArrowDownRight, ArrowUpRight, Disc3, Minus, Radio, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import type { PerformanceDto } from '../analytics-types';
import { changeDirection, formatAmount, formatChange, formatCount, formatMonths } from './format';

/** Three tiles side by side where they fit, one under another on a phone. */
const GRID = 'grid gap-3 grid-cols-[repeat(auto-fit,minmax(14rem,1fr))]';

/** The two comparisons: the range of the same length just before, and the same months a year earlier. */
type Against = { name: string; range: { from: string; to: string } };

/**
 * "+12.3% vs the previous period (Jan–Jun 2025)", coloured by its direction; said plainly when the
 * compared range had nothing (a change from nothing is not a percentage).
 */
function Change({ percent, against }: { percent: string | null; against: Against }) {
  const direction = changeDirection(percent);
  const range = formatMonths(against.range.from, against.range.to);
  if (direction === 'new') {
    return (
      <dd className="text-sm text-muted-foreground">
        Nothing in {against.name} ({range}) to compare with
      </dd>
    );
  }
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  return (
    <dd className="flex flex-wrap items-center gap-x-1 text-sm">
      <Icon
        aria-hidden="true"
        className={cn(
          'size-4 shrink-0',
          direction === 'up' && 'text-success',
          direction === 'down' && 'text-destructive',
          direction === 'flat' && 'text-muted-foreground',
        )}
      />
      <span className="font-medium tabular-nums text-foreground">{formatChange(percent)}</span>
      <span className="text-muted-foreground">
        vs {against.name} ({range})
      </span>
    </dd>
  );
}

function Tile({
  icon,
  label,
  value,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground [&_svg]:size-4"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums leading-tight text-foreground [overflow-wrap:anywhere]">
        {value}
      </dd>
      {children}
    </Card>
  );
}

/**
 * The range's income, units and streams, each against the previous range of the same length and the
 * same months a year earlier (one comparison when they are the same months: a range of a year).
 * Income is in the reporting currency (what could not be converted is said apart, under the figures).
 */
export function HeadlineFigures({ performance }: { performance: PerformanceDto | undefined }) {
  if (!performance) {
    return (
      <div role="status" aria-label="Loading the headline figures" className={GRID}>
        {['income', 'units', 'streams'].map((key) => (
          <Card key={key} className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-40" />
            <Skeleton className="h-4 w-48" />
          </Card>
        ))}
      </div>
    );
  }
  const { totals } = performance;
  const { previous_range: before, year_ago_range: yearEarlier } = performance;
  // A range of twelve months: the previous period is the same months a year earlier; said once.
  const same = before.from === yearEarlier.from && before.to === yearEarlier.to;
  const previous: Against = {
    name: same ? 'the previous period and the same period last year' : 'the previous period',
    range: before,
  };
  const yearAgo: Against | null = same ? null : { name: 'the same period last year', range: yearEarlier };
  const changes = (figure: 'income' | 'units' | 'streams') => (
    <>
      <Change percent={totals.change_vs_previous[figure]} against={previous} />
      {yearAgo && <Change percent={totals.change_vs_year_ago[figure]} against={yearAgo} />}
    </>
  );
  return (
    <dl aria-label="Headline figures" className={GRID}>
      <Tile
        icon={<Wallet />}
        label="Income"
        value={formatAmount(totals.current.income, performance.reporting_currency)}
      >
        {changes('income')}
      </Tile>
      <Tile icon={<Disc3 />} label="Units" value={formatCount(totals.current.units)}>
        {changes('units')}
      </Tile>
      <Tile icon={<Radio />} label="Streams" value={formatCount(totals.current.streams)}>
        {changes('streams')}
      </Tile>
    </dl>
  );
}
