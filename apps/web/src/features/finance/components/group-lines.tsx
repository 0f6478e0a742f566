import { ListSkeleton, LoadError } from '../../../components/list-states';
import { useGroupLines } from '../api/list-statement-lines';
import type { UnmatchedGroupDto } from '../finance-types';
import { formatMoney, formatMonth } from './format';
import { SALE_TYPE_LABELS } from './sources';

const COLUMNS = ['Line', 'Month', 'Store', 'Territory', 'Sale type', 'Quantity', 'Net', 'Row in the file'];

/**
 * The lines behind one unmatched group, each with the row exactly as the statement had it (in a
 * monospace cell), so the member can see what the distributor sent before resolving it.
 */
export function GroupLines({ group, id }: { group: UnmatchedGroupDto; id: string }) {
  const lines = useGroupLines(group);
  const th = 'border-b border-border bg-muted px-3 py-1.5 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-3 py-1.5 align-top';
  let content: React.ReactNode;
  if (lines.isPending) content = <ListSkeleton label={`Loading the lines of ${group.identifier}`} rows={2} />;
  else if (lines.isError)
    content = (
      <LoadError
        message={lines.error.message || 'The lines could not be loaded.'}
        onRetry={() => void lines.refetch()}
      />
    );
  else
    content = (
      <>
        {/* biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline */}
        <div
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
          tabIndex={0}
          role="region"
          aria-label={`Lines of ${group.identifier}, scrollable`}
          className="max-h-80 overflow-auto rounded-lg border border-border bg-background outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">Lines of {group.identifier}</caption>
            <thead className="sticky top-0 text-muted-foreground">
              <tr>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col" className={th}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {lines.data.rows.map((line) => (
                <tr key={`${line.import_id}-${line.line_number}`}>
                  <td className={`${td} tabular-nums`}>{line.line_number.toLocaleString('en-US')}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatMonth(line.sale_month)}</td>
                  <td className={td}>{line.store ?? '—'}</td>
                  <td className={td}>{line.territory ?? '—'}</td>
                  <td className={`${td} whitespace-nowrap`}>{SALE_TYPE_LABELS[line.sale_type]}</td>
                  <td className={`${td} tabular-nums`}>{line.quantity.toLocaleString('en-US')}</td>
                  <td className={`${td} tabular-nums whitespace-nowrap`}>
                    {formatMoney({ currency: line.currency, net: line.net })}
                  </td>
                  <td
                    className={`${td} min-w-64 font-mono text-xs whitespace-pre-wrap [overflow-wrap:anywhere]`}
                  >
                    {line.raw}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {lines.data.total > lines.data.rows.length ? (
          <p className="text-sm text-muted-foreground">
            Showing the first {lines.data.rows.length.toLocaleString('en-US')} of{' '}
            {lines.data.total.toLocaleString('en-US')} lines.
          </p>
        ) : null}
      </>
    );
  return (
    <div id={id} className="flex flex-col gap-2">
      {content}
    </div>
  );
}
