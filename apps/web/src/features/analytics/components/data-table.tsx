import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface Column<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** Right-aligned, tabular figures. */
  isNumeric?: boolean;
  /** The cell that names the row (a <th scope="row">). */
  isRowHeader?: boolean;
  /** A short phrase kept on one line (a date): the table scrolls rather than break it. */
  isNowrap?: boolean;
}

const th = 'border-b border-border bg-muted px-3 py-2 text-left font-medium whitespace-nowrap';
const td = 'border-b border-border px-3 py-2 align-top';
const num = 'text-right tabular-nums whitespace-nowrap';

/**
 * A table of figures with its caption (what screen readers announce, and the name of its scroll
 * box). Wide tables scroll sideways in their own box, which the keyboard can reach, never the page.
 */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  isCaptionVisible = false,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R, index: number) => string;
  /** A last row (totals), drawn in the table's foot. */
  footer?: ReactNode;
  isCaptionVisible?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label={`${caption} (table)`}
      className="max-w-full overflow-x-auto rounded-lg border border-border outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption
          className={isCaptionVisible ? 'px-3 py-2 text-left text-sm font-medium text-foreground' : 'sr-only'}
        >
          {caption}
        </caption>
        <thead className="text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn(th, column.isNumeric && 'text-right')}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column) =>
                column.isRowHeader ? (
                  <th
                    key={column.header}
                    scope="row"
                    className={cn(
                      td,
                      'text-left font-normal [overflow-wrap:anywhere]',
                      column.isNumeric && num,
                    )}
                  >
                    {/* A row's name keeps some width when the table is squeezed (a month never breaks). */}
                    <span className="block min-w-24">{column.cell(row)}</span>
                  </th>
                ) : (
                  <td
                    key={column.header}
                    className={cn(td, column.isNumeric && num, column.isNowrap && 'whitespace-nowrap')}
                  >
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
        {footer ? <tfoot className="font-medium">{footer}</tfoot> : null}
      </table>
    </div>
  );
}

/** A cell of a table's foot, styled like the others. */
export function FootCell({
  children,
  isNumeric = false,
  isRowHeader = false,
  colSpan,
}: {
  children?: ReactNode;
  isNumeric?: boolean;
  isRowHeader?: boolean;
  colSpan?: number;
}) {
  const className = cn('px-3 py-2', isNumeric && num);
  return isRowHeader ? (
    <th scope="row" colSpan={colSpan} className={cn(className, 'text-left')}>
      {children}
    </th>
  ) : (
    <td colSpan={colSpan} className={className}>
      {children}
    </td>
  );
}
