import type { PeriodDto } from '../accounting-types';
import { formatMinorText } from './accounting-format';
import { countLabel, formatAmounts, formatMonths } from './format';
import { PeriodStatusBadge } from './period-status-badge';

/** "Payable USD 1,234.00 · EUR 80.00", per currency, never summed across them. */
export const payableText = (period: Pick<PeriodDto, 'payable'>) =>
  period.payable.length === 0
    ? 'Nothing payable'
    : `Payable ${period.payable.map((amount) => formatMinorText(amount.minor, amount.currency)).join(' · ')}`;

/** What the period's imports hold that no contract covers: sales not accounted to anyone. */
export const uncontractedText = (period: Pick<PeriodDto, 'uncontracted'>) =>
  period.uncontracted.length === 0 ? null : `Not under any contract: ${formatAmounts(period.uncontracted)}`;

/**
 * The periods, newest first, one row each (a card on a phone): the name (which opens the period),
 * its months and status, how many statements it has, what is payable and what no contract covers.
 */
export function PeriodList({
  rows,
  onOpen,
}: {
  rows: readonly PeriodDto[];
  onOpen: (period: PeriodDto) => void;
}) {
  return (
    <ul
      aria-label="Accounting periods"
      className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card shadow-card"
    >
      {rows.map((period) => {
        const uncontracted = uncontractedText(period);
        return (
          <li key={period.id}>
            <article
              aria-labelledby={`period-${period.id}`}
              className="flex flex-col gap-2 px-4 py-3 md:flex-row md:items-start md:justify-between md:gap-6"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={`period-${period.id}`} className="text-base font-medium">
                    <button
                      type="button"
                      onClick={() => onOpen(period)}
                      className="text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {period.name}
                    </button>
                  </h3>
                  <PeriodStatusBadge status={period.status} />
                </div>
                <p className="text-sm text-muted-foreground">
                  {formatMonths(period.start_month, period.end_month)}
                </p>
              </div>
              <div className="flex min-w-0 flex-col gap-0.5 text-sm md:items-end md:text-right">
                <span className="text-foreground">
                  {countLabel(period.statements, 'statement', 'statements')}
                </span>
                <span className="tabular-nums text-foreground [overflow-wrap:anywhere]">
                  {payableText(period)}
                </span>
                {uncontracted ? (
                  <span className="tabular-nums text-warning [overflow-wrap:anywhere]">{uncontracted}</span>
                ) : null}
              </div>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
