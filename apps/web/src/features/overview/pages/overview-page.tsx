import type { OverviewRowDto } from '@music-review/core/api';
import { Inbox, SearchX } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { paths } from '../../../config/paths';
import { useMe } from '../../../lib/me';
import { useIsDesktop } from '../../../lib/use-media-query';
import { useOverview } from '../api/get-overview';
import { BulkActionBar } from '../components/bulk-actions';
import { OverviewCards } from '../components/overview-cards';
import { OverviewFilters } from '../components/overview-filters';
import { type OverviewSelection, OverviewTable } from '../components/overview-table';
import { Pager } from '../components/pager';
import {
  defaultOrderFor,
  hasOverviewFilters,
  OVERVIEW_PAGE_SIZE,
  type OverviewQuery,
  type OverviewSort,
  parseOverviewQuery,
  toOverviewApiParams,
  toOverviewSearchParams,
} from '../overview-query';

const NO_IDS: ReadonlySet<string> = new Set();

function ListSkeleton() {
  return (
    <div role="status" aria-label="Loading songs" className="flex flex-col gap-2">
      <Skeleton className="h-10 w-full" />
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-14 w-full" />
      ))}
    </div>
  );
}

function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: typeof Inbox;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card className="flex flex-col items-center gap-2 px-6 py-14 text-center">
      <Icon aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-base font-semibold text-foreground">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
      <div className="mt-2">{action}</div>
    </Card>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>{message || 'Failed to load songs'}</span>
        <Button size="sm" variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Alert>
  );
}

/**
 * The rows picked on this page. Selection belongs to one view: a new search, filter, sort or page
 * starts empty, so a decision never reaches songs the user can no longer see.
 */
function useSelection(scope: string, rows: OverviewRowDto[]) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<string> }>({ scope, ids: NO_IDS });
  const ids = state.scope === scope ? state.ids : NO_IDS;
  // Rows that left the page since (decided elsewhere, filtered out on a refetch) drop out too.
  const selectedRows = rows.filter((row) => ids.has(row.id));

  const change = (pick: (ids: Set<string>) => void) =>
    setState((previous) => {
      const next = new Set(previous.scope === scope ? previous.ids : NO_IDS);
      pick(next);
      return { scope, ids: next };
    });

  const selection: OverviewSelection = {
    isSelected: (id) => ids.has(id),
    toggle: (id, selected) => change((next) => (selected ? next.add(id) : next.delete(id))),
    pageState: selectedRows.length === 0 ? 'none' : selectedRows.length === rows.length ? 'all' : 'some',
    togglePage: (selected) =>
      change((next) => {
        for (const row of rows) {
          if (selected) next.add(row.id);
          else next.delete(row.id);
        }
      }),
  };
  const clear = () => setState({ scope, ids: NO_IDS });
  return { selection, selectedRows, clear };
}

/** /overview: every song of the label in one table, with search, filters, sorting and decisions. */
export function OverviewPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => parseOverviewQuery(searchParams), [searchParams]);
  const overview = useOverview(query);
  const me = useMe();
  const isAdmin = me.data?.reviewer?.is_admin === true;
  const isDesktop = useIsDesktop();

  /** Every change is a history entry, so Back steps through the views; a new view starts on page 1. */
  const update = useCallback(
    (patch: Partial<OverviewQuery>, options?: { replace?: boolean }) =>
      setSearchParams(
        (previous) => toOverviewSearchParams({ ...parseOverviewQuery(previous), page: 1, ...patch }),
        options,
      ),
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => update({ q }), [update]);
  const onSort = (sort: OverviewSort) =>
    update({
      sort,
      order: sort === query.sort ? (query.order === 'asc' ? 'desc' : 'asc') : defaultOrderFor(sort),
    });

  const data = overview.data;
  const rows = data?.songs ?? [];
  const { selection, selectedRows, clear } = useSelection(toOverviewApiParams(query).toString(), rows);

  // Past the last page (songs decided or filtered away meanwhile): go to the last one there is.
  const lastPage = data ? Math.max(1, Math.ceil(data.total / OVERVIEW_PAGE_SIZE)) : 1;
  const isPastEnd = data !== undefined && !overview.isPlaceholderData && query.page > lastPage;
  useEffect(() => {
    if (isPastEnd) update({ page: lastPage }, { replace: true });
  }, [isPastEnd, lastPage, update]);

  const clearFilters = () => update({ q: '', status: 'all', ready: false, mine: 'all' });

  let content: ReactNode;
  if (overview.isPending) {
    content = <ListSkeleton />;
  } else if (!data) {
    content = <LoadError message={overview.error?.message ?? ''} onRetry={() => void overview.refetch()} />;
  } else if (rows.length === 0 && hasOverviewFilters(query)) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No songs match these filters"
        text="Try another search, or clear the filters to see every song."
        action={
          <Button variant="outline" onClick={clearFilters}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (rows.length === 0 && data.total === 0) {
    content = (
      <EmptyState
        icon={Inbox}
        title="No songs yet"
        text="Songs your label receives appear here with their reviews and status."
        action={
          <Link to={paths.addTracks.href()} className={buttonClasses()}>
            Add tracks
          </Link>
        }
      />
    );
  } else {
    const isBusy = overview.isPlaceholderData;
    const hasHiddenAverages = rows.some((row) => row.averages === null);
    content = (
      <div className="flex flex-col gap-3">
        {overview.isError ? (
          <LoadError message={overview.error.message} onRetry={() => void overview.refetch()} />
        ) : null}
        {selectedRows.length > 0 ? (
          <BulkActionBar rows={selectedRows} isAdmin={isAdmin} onClear={clear} />
        ) : null}
        {isDesktop ? (
          <OverviewTable
            rows={rows}
            teamSize={data.team_size}
            sort={query.sort}
            order={query.order}
            onSort={onSort}
            selection={selection}
            isBusy={isBusy}
          />
        ) : (
          <OverviewCards rows={rows} teamSize={data.team_size} selection={selection} isBusy={isBusy} />
        )}
        {hasHiddenAverages ? (
          <p className="text-xs text-muted-foreground">
            — Averages stay hidden until you have reviewed the song's current version, so your scores are your
            own.
          </p>
        ) : null}
        <Pager
          page={query.page}
          pageSize={OVERVIEW_PAGE_SIZE}
          shown={rows.length}
          total={data.total}
          onPage={(page) => update({ page })}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Overview"
        subtitle="Every song your label has received, with its reviews and status"
      />
      <OverviewFilters
        query={query}
        onChange={update}
        onSearch={onSearch}
        showSortControls={!isDesktop}
        onSort={onSort}
      />
      {content}
    </div>
  );
}
