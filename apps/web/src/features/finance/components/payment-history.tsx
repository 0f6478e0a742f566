import { ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { pagedRows } from '../../../lib/paged-rows';
import type { usePayments } from '../api/list-payments';
import { formatDay } from './accounting-format';
import { formatDateTime, formatMoney } from './format';

const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
const td = 'border-b border-border px-3 py-2 align-top';

/**
 * The payments recorded, newest first: when paid, to whom, how much, the reference, and who
 * recorded it when. A scroll box of its own on a phone; "Show more" pages on.
 */
export function PaymentHistory({ payments }: { payments: ReturnType<typeof usePayments> }) {
  const { rows, total } = pagedRows(payments.data);
  if (payments.isPending) return <ListSkeleton label="Loading payments" rows={2} />;
  if (payments.isError && rows.length === 0) {
    return (
      <LoadError
        message={payments.error.message || 'The payments could not be loaded.'}
        onRetry={() => void payments.refetch()}
      />
    );
  }
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">No payments recorded yet.</p>;
  return (
    <div className="flex flex-col gap-3">
      {/* biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
        tabIndex={0}
        role="region"
        aria-label="Payments recorded"
        className="overflow-x-auto rounded-xl border border-border bg-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <table className="w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">Payments recorded, newest first</caption>
          <thead className="text-muted-foreground">
            <tr>
              {['Paid on', 'Payee', 'Amount', 'Reference', 'Recorded by'].map((column) => (
                <th key={column} scope="col" className={th}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((payment) => (
              <tr key={payment.id}>
                <td className={`${td} whitespace-nowrap`}>{formatDay(payment.paid_on)}</td>
                <th scope="row" className={`${td} min-w-32 text-left font-medium [overflow-wrap:anywhere]`}>
                  {payment.payee_name}
                </th>
                <td className={`${td} text-right tabular-nums whitespace-nowrap`}>
                  {formatMoney({ currency: payment.currency, net: payment.amount })}
                </td>
                <td className={`${td} min-w-40 [overflow-wrap:anywhere]`}>{payment.reference}</td>
                <td className={td}>
                  <span className="flex flex-col">
                    <span>{payment.created_by ?? 'A former member'}</span>
                    <span className="text-xs text-muted-foreground whitespace-nowrap">
                      {formatDateTime(payment.created_at)}
                    </span>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ShowMore
        list={payments}
        shown={rows.length}
        total={total}
        errorMessage="More payments could not be loaded. Try again."
      />
    </div>
  );
}
