import { Fragment, type ReactNode } from 'react';
import { useIsDesktop } from '../../../lib/use-media-query';
import { isImportRunning } from '../api/list-statement-imports';
import type { ImportDto } from '../finance-types';
import { BadLinesDecision } from './bad-lines-decision';
import { CancelImportButton } from './cancel-import-button';
import { countLabel, formatBytes, formatDateTime, formatMoney, formatMonths, percentOf } from './format';
import { ImportProgress } from './import-progress';
import { ImportStatusBadge } from './import-status-badge';

/** The share of an import's lines that found their recording or release; '—' before any line counts. */
function matchedShare(row: ImportDto): string {
  if (row.status !== 'imported' || row.line_count === 0) return '—';
  return `${percentOf(row.matched_lines, row.line_count)}%`;
}

function Amounts({ row }: { row: ImportDto }) {
  if (row.currencies.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex flex-col">
      {row.currencies.map((amount) => (
        <span key={amount.currency} className="tabular-nums whitespace-nowrap">
          {formatMoney(amount)}
        </span>
      ))}
    </span>
  );
}

function Lines({ row, hasMatched = false }: { row: ImportDto; hasMatched?: boolean }) {
  const matched = matchedShare(row);
  return (
    <span className="flex flex-col">
      <span className="tabular-nums">{row.line_count.toLocaleString('en-US')}</span>
      {row.bad_line_count > 0 ? (
        <span className="font-medium text-destructive whitespace-nowrap">
          {countLabel(row.bad_line_count, 'bad line', 'bad lines')}
        </span>
      ) : null}
      {hasMatched && matched !== '—' ? (
        <span className="text-muted-foreground whitespace-nowrap">{matched} matched</span>
      ) : null}
    </span>
  );
}

/** The status, and what goes with it: the progress and "Cancel import" while running, the reason a stopped import gives. */
function Status({ row }: { row: ImportDto }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <ImportStatusBadge status={row.status} />
      {isImportRunning(row) ? (
        <>
          <ImportProgress row={row} />
          <CancelImportButton row={row} />
        </>
      ) : null}
      {row.error && (row.status === 'failed' || row.status === 'cancelled') ? (
        <p className="max-w-56 text-sm text-destructive [overflow-wrap:anywhere]">{row.error}</p>
      ) : null}
    </div>
  );
}

function Who({ row }: { row: ImportDto }) {
  return (
    <span className="flex flex-col">
      <span>{row.created_by ?? 'A former member'}</span>
      <span className="text-xs text-muted-foreground whitespace-nowrap">
        {formatDateTime(row.created_at)}
      </span>
    </span>
  );
}

/** The file, its source and its size: what tells one import from another at a glance. */
function FileName({ row }: { row: ImportDto }) {
  return (
    <span className="flex min-w-44 flex-col">
      <span className="font-medium text-foreground [overflow-wrap:anywhere]">{row.file_name}</span>
      <span className="text-muted-foreground">{row.source_name}</span>
      <span className="text-xs text-muted-foreground">{formatBytes(row.size_bytes)}</span>
    </span>
  );
}

// Source under the file and the matched share under the lines: six columns fit beside the sidebar.
const COLUMNS = ['File', 'Status', 'Lines', 'Amount', 'Months', 'Imported by'];

function ImportTable({ rows }: { rows: ImportDto[] }) {
  const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
  const td = 'border-b border-border px-3 py-2 align-top';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // A keyboard user scrolls a wide table with the arrow keys once it has focus.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label="Imports table"
      className="overflow-x-auto rounded-xl border border-border bg-card shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Statement imports</caption>
        <thead className="text-muted-foreground">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className={th}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.id}>
              <tr>
                <th scope="row" className={`${td} text-left font-normal`}>
                  <FileName row={row} />
                </th>
                <td className={td}>
                  <Status row={row} />
                </td>
                <td className={td}>
                  <Lines row={row} hasMatched />
                </td>
                <td className={td}>
                  <Amounts row={row} />
                </td>
                <td className={`${td} min-w-24`}>{formatMonths(row.first_month, row.last_month)}</td>
                <td className={td}>
                  <Who row={row} />
                </td>
              </tr>
              {row.status === 'needs_decision' ? (
                <tr>
                  <td colSpan={COLUMNS.length} className={`${td} bg-warning/5`}>
                    {/* Zero wide to the table's layout, then the cell's width: long reasons wrap instead of widening every column. */}
                    <div className="w-0 min-w-full">
                      <BadLinesDecision row={row} />
                    </div>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Fact({ term, children, wide = false }: { term: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2' : undefined}>
      <dt className="text-xs text-muted-foreground">{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ImportCards({ rows }: { rows: ImportDto[] }) {
  return (
    <ul aria-label="Statement imports" className="flex flex-col gap-2">
      {rows.map((row) => (
        <li key={row.id}>
          <article
            aria-labelledby={`import-${row.id}`}
            className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-card"
          >
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <h2
                  id={`import-${row.id}`}
                  className="text-base font-medium leading-tight [overflow-wrap:anywhere]"
                >
                  {row.file_name}
                </h2>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {row.source_name} · {formatBytes(row.size_bytes)}
                </p>
              </div>
              <ImportStatusBadge status={row.status} />
            </div>
            {isImportRunning(row) ? (
              <div className="flex flex-col gap-2">
                <ImportProgress row={row} />
                <div>
                  <CancelImportButton row={row} />
                </div>
              </div>
            ) : null}
            {row.error && (row.status === 'failed' || row.status === 'cancelled') ? (
              <p className="text-sm text-destructive [overflow-wrap:anywhere]">{row.error}</p>
            ) : null}
            <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
              <Fact term="Lines">
                <Lines row={row} />
              </Fact>
              <Fact term="Matched">{matchedShare(row)}</Fact>
              <Fact term="Amount" wide>
                <Amounts row={row} />
              </Fact>
              <Fact term="Months">{formatMonths(row.first_month, row.last_month)}</Fact>
              <Fact term="Imported by">
                <Who row={row} />
              </Fact>
            </dl>
            {row.status === 'needs_decision' ? <BadLinesDecision row={row} /> : null}
          </article>
        </li>
      ))}
    </ul>
  );
}

/** The imports: a table on a desktop, cards on a phone (below 768 px). */
export function ImportList({ rows }: { rows: ImportDto[] }) {
  const isDesktop = useIsDesktop();
  return isDesktop ? <ImportTable rows={rows} /> : <ImportCards rows={rows} />;
}
