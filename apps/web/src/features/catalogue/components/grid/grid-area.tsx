import { Inbox, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Skeleton } from '../../../../components/ui/skeleton';
import { type CatalogueView, hasFilters } from '../../catalogue-view';
import { isPlanRequired } from '../shared/is-plan-required';
import { PlanRequired } from '../shared/plan-required';
import { CatalogueGrid, type GridColumn } from './catalogue-grid';
import { type FetchPage, type RowRange, usePagedRows } from './use-paged-rows';
import { useSelection } from './use-selection';

export interface GridAreaProps<Row extends { id: string }> {
  view: CatalogueView;
  /** The table's name ("Recordings"). */
  label: string;
  /** [one, many]: "1 recording", "2 recordings". */
  noun: [string, string];
  columns: GridColumn<Row>[];
  fetchPage: FetchPage<Row>;
  rowName: (row: Row) => string;
  onSort: (sort: string) => void;
  onClearFilters: () => void;
  /** What to say when the label has none yet. */
  emptyText: string;
  /** Checkboxes per row, and the bar shown while some are ticked. */
  bulkBar?: (selected: Row[], clear: () => void) => ReactNode;
}

function LoadingGrid({ label }: { label: string }) {
  return (
    <div role="status" aria-label={`Loading ${label.toLowerCase()}`} className="flex flex-col gap-2">
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}

/**
 * One tab's rows: the count, the selection bar, the grid, and its loading, empty, error and plan
 * states. Mounted once per view (keyed by it), so a new view starts at its top with nothing ticked.
 */
export function GridArea<Row extends { id: string }>({
  view,
  label,
  noun,
  columns,
  fetchPage,
  rowName,
  onSort,
  onClearFilters,
  emptyText,
  bulkBar,
}: GridAreaProps<Row>) {
  const [range, setRange] = useState<RowRange>({ start: 0, end: 0 });
  const rows = usePagedRows(view, range, fetchPage);
  const { selection, selected, clear } = useSelection<Row>(`${view.tab}`, rows.rowsInView);

  if (rows.isPending) return <LoadingGrid label={label} />;
  if (rows.total === undefined) {
    if (isPlanRequired(rows.error)) return <PlanRequired />;
    return (
      <Alert>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{rows.error?.message || `Failed to load ${label.toLowerCase()}`}</span>
          <Button size="sm" variant="outline" onClick={() => void rows.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  }
  if (rows.total === 0) {
    const filtered = hasFilters(view);
    const Icon = filtered ? SearchX : Inbox;
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
        <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-base font-semibold text-foreground">
          {filtered ? `No ${noun[1]} match these filters` : `No ${noun[1]} yet`}
        </p>
        <p className="text-sm text-muted-foreground">
          {filtered ? 'Try another search, or clear the filters.' : emptyText}
        </p>
        {filtered ? (
          <Button variant="outline" className="mt-2" onClick={onClearFilters}>
            Clear filters
          </Button>
        ) : null}
      </Card>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm text-muted-foreground">
          {rows.total.toLocaleString('en')} {rows.total === 1 ? noun[0] : noun[1]}
        </p>
        {rows.error && !isPlanRequired(rows.error) ? (
          <Button size="sm" variant="outline" onClick={() => void rows.refetch()}>
            Some rows failed to load: try again
          </Button>
        ) : null}
      </div>
      {bulkBar && selected.length > 0 ? bulkBar(selected, clear) : null}
      <CatalogueGrid<Row>
        label={label}
        columns={columns}
        total={rows.total}
        rowAt={rows.rowAt}
        onRangeChange={setRange}
        sort={view.sort}
        dir={view.dir}
        onSort={onSort}
        selection={bulkBar ? selection : undefined}
        rowName={rowName}
        isBusy={rows.isFetching}
      />
    </div>
  );
}
