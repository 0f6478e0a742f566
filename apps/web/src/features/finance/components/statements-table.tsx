import { Badge } from '../../../components/ui/badge';
import type { StatementSummaryDto } from '../accounting-types';
import { changeText, formatMinorText, netReserves, sumMinor } from './accounting-format';
import { countLabel } from './format';

const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
const td = 'border-b border-border px-3 py-2 align-top';
const num = `${td} text-right tabular-nums whitespace-nowrap`;

/** "What changed since the last run": nothing on a first run, else a badge that opens the list. */
function Changes({ row }: { row: StatementSummaryDto }) {
  if (row.changes === null) return <span className="text-muted-foreground">First run</span>;
  if (row.changes.length === 0) return <span className="text-muted-foreground">No change</span>;
  return (
    <details className="min-w-48">
      <summary className="cursor-pointer list-none rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Badge variant="warning">{countLabel(row.changes.length, 'change', 'changes')}</Badge>
      </summary>
      <ul aria-label={`Changes for ${row.payee_name}`} className="mt-1 flex flex-col gap-0.5 text-xs">
        {row.changes.map((change) => (
          <li key={change.field} className="whitespace-nowrap">
            {changeText(change, row.currency)}
          </li>
        ))}
      </ul>
    </details>
  );
}

const COLUMNS = [
  'Payee',
  'Currency',
  'Opening',
  'Earnings',
  'Advances & costs',
  'Reserves',
  'Adjustments',
  'Payments',
  'Closing',
  'Payable',
  'Changes since the last run',
];

/**
 * A period's statements, one row per payee (and currency): each figure exact in minor units, and what
 * changed since the last run. Advances and costs are shown together (both are recouped), reserves as
 * held less released. The payee's name opens the statement. Wide: it scrolls in its own box.
 */
export function StatementsTable({
  rows,
  periodName,
  onOpen,
}: {
  rows: readonly StatementSummaryDto[];
  periodName: string;
  onOpen: (row: StatementSummaryDto) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Statements table"
      className="overflow-x-auto rounded-xl border border-border bg-card shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Statements of {periodName}</caption>
        <thead className="text-muted-foreground">
          <tr>
            {COLUMNS.map((column, index) => (
              <th key={column} scope="col" className={index >= 2 && index <= 9 ? `${th} text-right` : th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const money = (minor: string | bigint) => formatMinorText(minor, row.currency);
            return (
              <tr key={row.id}>
                <th scope="row" className={`${td} text-left font-normal`}>
                  <button
                    type="button"
                    onClick={() => onOpen(row)}
                    className="text-left font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring [overflow-wrap:anywhere]"
                  >
                    {row.payee_name}
                  </button>
                </th>
                <td className={td}>{row.currency}</td>
                <td className={num}>{money(row.opening_minor)}</td>
                <td className={num}>{money(row.earnings_minor)}</td>
                <td className={num}>{money(sumMinor(row.advances_minor, row.costs_minor))}</td>
                <td className={num}>{money(netReserves(row))}</td>
                <td className={num}>{money(row.adjustments_minor)}</td>
                <td className={num}>{money(row.payments_minor)}</td>
                <td className={num}>{money(row.closing_minor)}</td>
                <td className={`${num} font-medium text-foreground`}>{money(row.payable_minor)}</td>
                <td className={td}>
                  <Changes row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
