import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Skeleton } from '../../../../components/ui/skeleton';
import { cn } from '../../../../lib/cn';
import type { SortDir } from '../../catalogue-view';
import { SelectionCheckbox } from './selection-checkbox';
import type { RowRange } from './use-paged-rows';
import type { GridSelection } from './use-selection';

export interface GridColumn<Row> {
  id: string;
  label: string;
  /** The API's sort key when the column sorts. */
  sort?: string;
  /** The column naming the row: a row header, kept in view at the left when the table scrolls sideways. */
  isTitle?: boolean;
  /** Width and alignment classes for the header and the cells. */
  className?: string;
  cell: (row: Row) => ReactNode;
}

/** Every row is one line high, so the scrollbar spans all rows without measuring them. */
export const ROW_HEIGHT = 48;

// The checkbox column's width; the title column sticks right after it.
const CHECK_COLUMN = 'w-11 min-w-11 max-w-11';

function SortButton({
  label,
  columnSort,
  sort,
  dir,
  onSort,
}: {
  label: string;
  columnSort: string;
  sort: string;
  dir: SortDir;
  onSort: (sort: string) => void;
}) {
  const isActive = columnSort === sort;
  const Icon = !isActive ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort(columnSort)}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
        isActive && 'text-foreground',
      )}
    >
      {label}
      <Icon aria-hidden="true" className={cn('size-3.5', !isActive && 'opacity-40')} />
    </button>
  );
}

export interface CatalogueGridProps<Row extends { id: string }> {
  /** The table's name (its caption, read by screen readers). */
  label: string;
  columns: GridColumn<Row>[];
  total: number;
  rowAt: (index: number) => Row | undefined;
  onRangeChange: (range: RowRange) => void;
  sort: string;
  dir: SortDir;
  onSort: (sort: string) => void;
  selection?: GridSelection<Row>;
  /** The name a row's checkbox gives it ("Select <title>"). */
  rowName: (row: Row) => string;
  isBusy?: boolean;
}

/**
 * A table over up to 100,000 rows: only the rows in view (and a few around them) are in the page,
 * between two spacer rows that keep the scrollbar true to the whole list. It stays a real table
 * (caption, column headers with aria-sort, a row header per row, aria-rowcount and aria-rowindex
 * for the rows not rendered). The header stays on top; on a narrow screen the table scrolls
 * sideways with the title column kept in view.
 */
export function CatalogueGrid<Row extends { id: string }>({
  label,
  columns,
  total,
  rowAt,
  onRangeChange,
  sort,
  dir,
  onSort,
  selection,
  rowName,
  isBusy = false,
}: CatalogueGridProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const start = items[0]?.index ?? 0;
  const end = items[items.length - 1]?.index ?? 0;
  const report = useRef(onRangeChange);
  report.current = onRangeChange;
  useEffect(() => report.current({ start, end }), [start, end]);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const span = columns.length + (selection ? 1 : 0);
  const titleLeft = selection ? 'left-11' : 'left-0';

  return (
    // biome-ignore lint/a11y/useSemanticElements: a named scroll box around the table, not a section of the page's outline
    <div
      ref={scrollRef}
      // A keyboard user scrolls the table with the arrow keys once it has focus (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the scroll box itself must be reachable by keyboard
      tabIndex={0}
      role="region"
      aria-label={`${label} table`}
      className="relative max-h-[calc(100dvh-18rem)] min-h-64 overflow-auto rounded-xl border border-border bg-card shadow-card outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <table
        aria-rowcount={total + 1}
        aria-busy={isBusy || undefined}
        className="w-full border-separate border-spacing-0 text-left text-sm"
      >
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 z-20 text-xs text-muted-foreground">
          <tr aria-rowindex={1}>
            {selection ? (
              <th
                scope="col"
                className={cn('sticky left-0 z-30 border-b border-border bg-muted px-3 py-2', CHECK_COLUMN)}
              >
                <SelectionCheckbox
                  label="Select all on this page"
                  checked={selection.pageState === 'all'}
                  indeterminate={selection.pageState === 'some'}
                  onChange={selection.togglePage}
                />
              </th>
            ) : null}
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={column.sort === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                className={cn(
                  'border-b border-border bg-muted px-3 py-2 font-medium whitespace-nowrap',
                  column.isTitle && cn('sticky z-30', titleLeft),
                  column.className,
                )}
              >
                {column.sort ? (
                  <SortButton
                    label={column.label}
                    columnSort={column.sort}
                    sort={sort}
                    dir={dir}
                    onSort={onSort}
                  />
                ) : (
                  column.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows not rendered; it holds nothing to read or focus
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rowAt(item.index);
            if (!row) {
              return (
                <tr
                  key={`loading-${item.index}`}
                  aria-rowindex={item.index + 2}
                  style={{ height: ROW_HEIGHT }}
                >
                  <td colSpan={span} className="border-b border-border px-3">
                    <span className="sr-only">Loading…</span>
                    <Skeleton className="h-4 w-2/3" />
                  </td>
                </tr>
              );
            }
            const isSelected = selection?.isSelected(row.id) ?? false;
            return (
              <tr
                key={row.id}
                aria-rowindex={item.index + 2}
                style={{ height: ROW_HEIGHT }}
                className="group"
              >
                {selection ? (
                  <td
                    className={cn(
                      'sticky left-0 z-10 border-b border-border px-3',
                      CHECK_COLUMN,
                      isSelected ? 'bg-accent' : 'bg-card group-hover:bg-muted',
                    )}
                  >
                    <SelectionCheckbox
                      label={`Select ${rowName(row)}`}
                      checked={isSelected}
                      onChange={(selected) => selection.toggle(row, selected)}
                    />
                  </td>
                ) : null}
                {columns.map((column) => {
                  const classes = cn(
                    'border-b border-border px-3 whitespace-nowrap',
                    isSelected ? 'bg-accent' : 'bg-card group-hover:bg-muted',
                    column.isTitle && cn('sticky z-10 font-normal', titleLeft),
                    column.className,
                  );
                  return column.isTitle ? (
                    <th key={column.id} scope="row" className={classes}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.id} className={classes}>
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row for the rows not rendered; it holds nothing to read or focus
            <tr aria-hidden="true">
              <td colSpan={span} style={{ height: paddingBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
