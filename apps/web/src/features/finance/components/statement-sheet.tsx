import { type ReactNode, useState } from 'react';
import { LoadError } from '../../../components/list-states';
import { Button } from '../../../components/ui/button';
import { SideSheet } from '../../../components/ui/side-sheet';
import { LoadingState } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-client';
import type { StatementDto } from '../accounting-types';
import { STATEMENT_LINES_STEP } from '../api/accounting-keys';
import { useStatement } from '../api/get-statement';
import { FIGURE_LABELS, formatMinorText, SALE_TYPE_LABELS } from './accounting-format';
import { countLabel } from './format';

const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
const td = 'border-b border-border px-3 py-2 align-top';
const num = `${td} text-right tabular-nums whitespace-nowrap`;

const TOTALS = [
  'opening_minor',
  'earnings_minor',
  'advances_minor',
  'costs_minor',
  'reserves_held_minor',
  'reserves_released_minor',
  'adjustments_minor',
  'payments_minor',
  'closing_minor',
  'payable_minor',
] as const;

const DEAL_FIGURES = [
  'opening_minor',
  'earnings_minor',
  'advances_minor',
  'costs_minor',
  'reserves_held_minor',
  'reserves_released_minor',
  'adjustments_minor',
  'payments_minor',
  'cross_collateral_minor',
  'closing_minor',
] as const;

function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label={label}
      className="max-h-[60vh] overflow-auto rounded-xl border border-border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      {children}
    </div>
  );
}

function Figures({ statement }: { statement: StatementDto }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {TOTALS.map((field) => (
        <div key={field}>
          <dt className="text-xs text-muted-foreground">{FIGURE_LABELS[field]}</dt>
          <dd className={field === 'payable_minor' ? 'font-semibold tabular-nums' : 'tabular-nums'}>
            {formatMinorText(statement[field], statement.currency)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function DealsTable({ statement }: { statement: StatementDto }) {
  return (
    <ScrollTable label="Figures per contract">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Figures per contract</caption>
        <thead className="sticky top-0 text-muted-foreground">
          <tr>
            <th scope="col" className={th}>
              Contract
            </th>
            {DEAL_FIGURES.map((field) => (
              <th key={field} scope="col" className={`${th} text-right`}>
                {FIGURE_LABELS[field]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {statement.deals.map((deal) => (
            <tr key={deal.deal_id}>
              <th scope="row" className={`${td} min-w-40 text-left font-normal [overflow-wrap:anywhere]`}>
                {deal.contract_title}
              </th>
              {DEAL_FIGURES.map((field) => (
                <td key={field} className={num}>
                  {formatMinorText(deal[field], statement.currency)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

const saleTypeText = (saleType: string) =>
  (SALE_TYPE_LABELS as Record<string, string | undefined>)[saleType] ?? saleType;

/**
 * The earnings lines by release, track, store and territory, in a box that scrolls by itself. A
 * statement may have thousands: the first 500 are drawn, "Show more" adds 500 at a time.
 */
function LinesTable({ statement }: { statement: StatementDto }) {
  const [shown, setShown] = useState(STATEMENT_LINES_STEP);
  const lines = statement.lines;
  if (lines.length === 0)
    return <p className="text-sm text-muted-foreground">No earnings lines in this period.</p>;
  const visible = lines.slice(0, shown);
  return (
    <div className="flex flex-col gap-2">
      <ScrollTable label="Earnings lines">
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Earnings lines of {statement.payee_name}</caption>
          <thead className="sticky top-0 text-muted-foreground">
            <tr>
              {['Release', 'Track', 'ISRC', 'Store', 'Territory', 'Sale type'].map((column) => (
                <th key={column} scope="col" className={th}>
                  {column}
                </th>
              ))}
              {['Quantity', 'Receipts', 'Earnings'].map((column) => (
                <th key={column} scope="col" className={`${th} text-right`}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((line, index) => (
              // Lines have no id: their place in the statement is stable.
              // biome-ignore lint/suspicious/noArrayIndexKey: the server's order, which never changes on screen
              <tr key={index}>
                <td className={`${td} min-w-32 [overflow-wrap:anywhere]`}>{line.release_title ?? '—'}</td>
                <td className={`${td} min-w-32 [overflow-wrap:anywhere]`}>{line.track_title ?? '—'}</td>
                <td className={`${td} font-mono text-xs whitespace-nowrap`}>{line.isrc ?? '—'}</td>
                <td className={td}>{line.store ?? '—'}</td>
                <td className={td}>{line.territory ?? '—'}</td>
                <td className={td}>{saleTypeText(line.sale_type)}</td>
                <td className={num}>{line.quantity.toLocaleString('en-US')}</td>
                <td className={num}>{line.receipts}</td>
                <td className={num}>{formatMinorText(line.earnings_minor, statement.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {lines.length > shown ? (
        <div className="flex flex-col items-center gap-2 pt-1">
          <p className="text-sm text-muted-foreground">
            Showing {shown.toLocaleString('en-US')} of {countLabel(lines.length, 'line', 'lines')}
          </p>
          <Button variant="outline" onClick={() => setShown((n) => n + STATEMENT_LINES_STEP)}>
            Show more
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{countLabel(lines.length, 'line', 'lines')}</p>
      )}
    </div>
  );
}

/** One payee's statement for a period: its totals, its figures per contract, and its earnings lines. */
export function StatementSheet({
  id,
  title,
  onClose,
}: {
  id: string;
  /** Shown while the statement loads ("Sunny Records"). */
  title: string;
  onClose: () => void;
}) {
  const statement = useStatement(id);
  const data = statement.data;
  let content: ReactNode;
  if (data) {
    content = (
      <div className="flex flex-col gap-6">
        <Figures statement={data} />
        <section aria-labelledby="statement-deals" className="flex flex-col gap-2">
          <h3 id="statement-deals" className="text-base font-semibold">
            Per contract
          </h3>
          <DealsTable statement={data} />
        </section>
        <section aria-labelledby="statement-lines" className="flex flex-col gap-2">
          <h3 id="statement-lines" className="text-base font-semibold">
            Earnings by release, track, store and territory
          </h3>
          <LinesTable statement={data} />
        </section>
      </div>
    );
  } else if (statement.isError) {
    content =
      isApiError(statement.error) && statement.error.status === 404 ? (
        <p className="text-sm text-muted-foreground">
          This statement no longer exists: the period was run again.
        </p>
      ) : (
        <LoadError
          message={statement.error.message || 'The statement could not be loaded.'}
          onRetry={() => void statement.refetch()}
        />
      );
  } else {
    content = <LoadingState label="Loading the statement" className="py-10" />;
  }
  return (
    <SideSheet
      wide
      title={data ? `${data.payee_name}: ${data.period_name}` : title}
      description={data ? `Statement in ${data.currency}` : undefined}
      onClose={onClose}
    >
      {content}
    </SideSheet>
  );
}
