import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import type { PaymentDueDto } from '../payments-types';
import { formatMinorText, minorOf } from './accounting-format';

const linkClasses =
  'text-sm text-link underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring';

/** "Minimum payout USD 50.00", or that there is none. */
const minimumText = (row: PaymentDueDto) =>
  (minorOf(row.minimum_payout_minor) ?? 0n) > 0n
    ? `Minimum payout ${formatMinorText(row.minimum_payout_minor, row.currency)}`
    : 'No minimum payout';

/** What stands in the way of paying a payee: below their minimum, no details to pay them, no email for the statement. */
function Flags({ row }: { row: PaymentDueDto }) {
  if (row.above_minimum && !row.missing_details && row.has_email) return null;
  return (
    <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {row.above_minimum ? null : <Badge variant="neutral">Below minimum payout</Badge>}
      {row.missing_details ? (
        <>
          <Badge variant="warning">Payment details missing</Badge>
          <Link
            to={paths.artistsWriters.href({ tab: 'payees', payee: row.payee_id })}
            className={linkClasses}
          >
            Add payment details<span className="sr-only"> for {row.name}</span>
          </Link>
        </>
      ) : null}
      {row.has_email ? null : <Badge variant="neutral">No email</Badge>}
    </span>
  );
}

/**
 * Who is owed what, largest first, one row each with a checkbox (a card-like row on a phone): the
 * payee, the amount owed and their minimum payout, and what is missing to pay them. Payees below
 * their minimum or without payment details stay visible, unticked unless the member ticks them.
 */
export function PaymentsDueList({
  rows,
  selected,
  onToggle,
}: {
  rows: readonly PaymentDueDto[];
  selected: ReadonlySet<string>;
  onToggle: (payeeId: string, isSelected: boolean) => void;
}) {
  return (
    <ul
      aria-label="Payees owed"
      className="flex flex-col divide-y divide-border rounded-xl border border-border bg-card shadow-card"
    >
      {rows.map((row) => {
        const id = `due-${row.payee_id}`;
        return (
          <li key={row.payee_id} className="flex items-start gap-3 px-4 py-3">
            <input
              id={id}
              type="checkbox"
              checked={selected.has(row.payee_id)}
              onChange={(event) => onToggle(row.payee_id, event.target.checked)}
              aria-describedby={`${id}-amount ${id}-flags`}
              className="mt-1 size-4 shrink-0 accent-primary"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
              <div className="flex min-w-0 flex-col gap-1.5">
                <label htmlFor={id} className="font-medium text-foreground [overflow-wrap:anywhere]">
                  {row.name}
                </label>
                <span id={`${id}-flags`} className="empty:hidden">
                  <Flags row={row} />
                </span>
              </div>
              <div id={`${id}-amount`} className="flex min-w-0 flex-col text-sm sm:items-end sm:text-right">
                <span className="text-base font-semibold tabular-nums text-foreground [overflow-wrap:anywhere]">
                  {formatMinorText(row.payable_minor, row.currency)}
                </span>
                <span className="text-muted-foreground">{minimumText(row)}</span>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
