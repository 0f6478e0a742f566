import { CircleHelp, Hourglass, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import type { FinanceSummaryDto } from '../finance-types';
import { countLabel, formatMoney, formatQuarter } from './format';

function Tile({
  icon,
  label,
  isAlarm = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  /** Something waits for a member: the icon turns amber. */
  isAlarm?: boolean;
  children: ReactNode;
}) {
  return (
    <Card className="flex min-w-0 flex-col gap-1 p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <span
          aria-hidden="true"
          className={cn(
            'flex size-7 shrink-0 items-center justify-center rounded-md [&_svg]:size-4',
            isAlarm ? 'bg-warning/15 text-warning' : 'bg-muted text-muted-foreground',
          )}
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </Card>
  );
}

/** Amounts one per line, large: a label paid in three currencies sees three figures, never a sum. */
function Amounts({ amounts, none }: { amounts: FinanceSummaryDto['income']; none: string }) {
  if (amounts.length === 0) return <p className="text-sm text-muted-foreground">{none}</p>;
  return (
    <ul className="flex flex-col">
      {amounts.map((amount) => (
        <li
          key={amount.currency}
          className="text-xl font-semibold tabular-nums leading-tight [overflow-wrap:anywhere]"
        >
          {formatMoney(amount)}
        </li>
      ))}
    </ul>
  );
}

/**
 * Finance at a glance: the income of the latest quarter with sales, what matched nothing (and over
 * how many identifiers), and how many imports wait for a decision (a link to the Imports tab).
 */
export function SummaryStrip({ summary }: { summary: FinanceSummaryDto | undefined }) {
  if (!summary) {
    return (
      <div role="status" aria-label="Loading the summary" className="grid gap-3 sm:grid-cols-3">
        {['income', 'unmatched', 'waiting'].map((key) => (
          <Card key={key} className="flex flex-col gap-2 p-4">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-7 w-40" />
          </Card>
        ))}
      </div>
    );
  }
  const waiting = summary.imports_waiting;
  return (
    <dl aria-label="Summary" className="grid gap-3 sm:grid-cols-3">
      <Tile icon={<Wallet />} label={summary.quarter ? `Income ${formatQuarter(summary.quarter)}` : 'Income'}>
        <Amounts amounts={summary.income} none="No sales imported yet" />
      </Tile>
      <Tile icon={<CircleHelp />} label="Unmatched" isAlarm={summary.unmatched_groups > 0}>
        <Amounts
          amounts={summary.unmatched}
          none={summary.income.length === 0 ? 'Nothing to match yet' : 'Every line matched'}
        />
        {summary.unmatched_groups > 0 ? (
          <p className="mt-0.5 text-sm text-muted-foreground">
            {countLabel(summary.unmatched_groups, 'identifier', 'identifiers')}
          </p>
        ) : null}
      </Tile>
      <Tile icon={<Hourglass />} label="Waiting for a decision" isAlarm={waiting > 0}>
        <p className="text-xl font-semibold tabular-nums leading-tight">{waiting.toLocaleString('en-US')}</p>
        {waiting > 0 ? (
          <Link
            to={paths.finance.href()}
            className="text-sm text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
          >
            {waiting === 1 ? 'See the import' : 'See the imports'}
          </Link>
        ) : null}
      </Tile>
    </dl>
  );
}
