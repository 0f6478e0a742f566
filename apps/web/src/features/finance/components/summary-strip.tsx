import { CircleHelp, HandCoins, Hourglass, Landmark, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import type { FinanceSummaryDto } from '../finance-types';
import type { MinorAmountDto } from '../payments-types';
import { formatMinorText } from './accounting-format';
import { countLabel, formatMoney, formatQuarter } from './format';

/** A figure the strip reads from another list (what is owed, the contracts' balances) than the summary. */
export interface StripFigure {
  /** Per currency; undefined while loading. */
  amounts: readonly MinorAmountDto[] | undefined;
  isError: boolean;
  onRetry: () => void;
}

/** Five tiles side by side where they fit (12rem each at least), one under another on a phone. */
const GRID = 'grid gap-3 grid-cols-[repeat(auto-fit,minmax(12rem,1fr))]';

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
function Figures({ lines, none }: { lines: readonly { key: string; text: string }[]; none: string }) {
  if (lines.length === 0) return <p className="text-sm text-muted-foreground">{none}</p>;
  return (
    <ul className="flex flex-col">
      {lines.map((line) => (
        <li
          key={line.key}
          className="text-xl font-semibold tabular-nums leading-tight [overflow-wrap:anywhere]"
        >
          {line.text}
        </li>
      ))}
    </ul>
  );
}

/** Exact decimal amounts (the summary's), rounded to each currency's minor unit. */
const Amounts = ({ amounts, none }: { amounts: FinanceSummaryDto['income']; none: string }) => (
  <Figures
    lines={amounts.map((amount) => ({ key: amount.currency, text: formatMoney(amount) }))}
    none={none}
  />
);

/** Minor-unit amounts (what is owed, what is unrecouped), or why they are not there. */
function MinorFigures({
  figure,
  none,
  what,
}: {
  figure: StripFigure;
  none: string;
  /** What the figure is, in a sentence ("the amounts to pay"). */
  what: string;
}) {
  if (figure.isError) {
    return (
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-muted-foreground">
        {`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded.`}
        <button
          type="button"
          onClick={figure.onRetry}
          className="text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
        >
          Try again
        </button>
      </p>
    );
  }
  if (!figure.amounts) {
    return (
      <div role="status" aria-label={`Loading ${what}`}>
        <Skeleton className="h-7 w-32" />
      </div>
    );
  }
  return (
    <Figures
      lines={figure.amounts.map((amount) => ({
        key: amount.currency,
        text: formatMinorText(amount.minor, amount.currency),
      }))}
      none={none}
    />
  );
}

/**
 * Finance at a glance: the income of the latest quarter with sales, what is to pay now (payees above
 * their minimum payout), the advances and costs not yet recouped, what matched nothing (and over how
 * many identifiers), and how many imports wait for a decision (a link to the Imports tab).
 */
export function SummaryStrip({
  summary,
  toPay,
  unrecouped,
}: {
  summary: FinanceSummaryDto | undefined;
  toPay: StripFigure;
  unrecouped: StripFigure;
}) {
  if (!summary) {
    return (
      <div role="status" aria-label="Loading the summary" className={GRID}>
        {['income', 'to-pay', 'unrecouped', 'unmatched', 'waiting'].map((key) => (
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
    <dl aria-label="Summary" className={GRID}>
      <Tile icon={<Wallet />} label={summary.quarter ? `Income ${formatQuarter(summary.quarter)}` : 'Income'}>
        <Amounts amounts={summary.income} none="No sales imported yet" />
      </Tile>
      <Tile icon={<HandCoins />} label="To pay">
        <MinorFigures figure={toPay} none="Nobody to pay" what="the amounts to pay" />
      </Tile>
      <Tile icon={<Landmark />} label="Unrecouped advances">
        <MinorFigures figure={unrecouped} none="Nothing unrecouped" what="the unrecouped advances" />
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
