import type { OverviewRowDto } from '@music-review/core/api';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import type { OverviewSort, SortOrder } from '../overview-query';
import { SelectionCheckbox } from './selection-checkbox';
import {
  ArtistName,
  AverageValue,
  PlaySongButton,
  ReadyMarker,
  ReviewCount,
  SongStatus,
  SubmittedDate,
} from './song-cells';

export interface OverviewSelection {
  isSelected(id: string): boolean;
  toggle(id: string, selected: boolean): void;
  /** 'all', 'some' or 'none' of the rows on this page. */
  pageState: 'all' | 'some' | 'none';
  togglePage(selected: boolean): void;
}

export interface OverviewListProps {
  rows: OverviewRowDto[];
  teamSize: number;
  sort: OverviewSort;
  order: SortOrder;
  onSort: (sort: OverviewSort) => void;
  selection: OverviewSelection;
  isBusy: boolean;
}

interface Column {
  label: string;
  sort?: OverviewSort;
  className?: string;
}

// The artist has no sort on purpose: ordering by a name the viewer cannot see yet would leak it.
const COLUMNS: Column[] = [
  { label: 'Title', sort: 'title', className: 'min-w-44' },
  { label: 'Artist', className: 'min-w-24' },
  { label: 'Submitted', sort: 'submitted_at' },
  { label: 'Version', sort: 'version' },
  { label: 'Reviews', sort: 'reviews' },
  { label: 'Musical avg', sort: 'musical', className: 'text-right' },
  { label: 'Artist avg', sort: 'artist_score', className: 'text-right' },
  { label: 'Overall avg', sort: 'overall', className: 'text-right' },
  { label: 'Status', sort: 'status' },
];

function SortHeader({
  column,
  sort,
  order,
  onSort,
}: {
  column: Column & { sort: OverviewSort };
  sort: OverviewSort;
  order: SortOrder;
  onSort: (sort: OverviewSort) => void;
}) {
  const isActive = column.sort === sort;
  const Icon = !isActive ? ArrowUpDown : order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={isActive ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={cn('px-2 py-2 font-medium whitespace-nowrap', column.className)}
    >
      <button
        type="button"
        onClick={() => onSort(column.sort)}
        className={cn(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring',
          isActive && 'text-foreground',
        )}
      >
        {column.label}
        <Icon aria-hidden="true" className={cn('size-3.5', !isActive && 'opacity-40')} />
      </button>
    </th>
  );
}

/** The desktop Overview: one row per song, sortable headers, a checkbox per row. */
export function OverviewTable({ rows, teamSize, sort, order, onSort, selection, isBusy }: OverviewListProps) {
  return (
    <div className="overflow-x-auto rounded-xl border border-border bg-card shadow-card">
      <table className="w-full border-collapse text-left text-sm" aria-busy={isBusy || undefined}>
        <caption className="sr-only">Songs</caption>
        <thead className="border-b border-border bg-muted/40 text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="w-10 px-2 py-2">
              <SelectionCheckbox
                label="Select all on this page"
                checked={selection.pageState === 'all'}
                indeterminate={selection.pageState === 'some'}
                onChange={selection.togglePage}
              />
            </th>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.label}
                  column={{ ...column, sort: column.sort }}
                  sort={sort}
                  order={order}
                  onSort={onSort}
                />
              ) : (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-2 py-2 font-medium whitespace-nowrap', column.className)}
                >
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody className={cn('divide-y divide-border', isBusy && 'opacity-60 transition-opacity')}>
          {rows.map((row) => {
            const isSelected = selection.isSelected(row.id);
            return (
              <tr
                key={row.id}
                className={cn('align-middle', isSelected ? 'bg-accent/40' : 'hover:bg-muted/30')}
              >
                <td className="px-2 py-2.5">
                  <SelectionCheckbox
                    label={`Select ${row.title}`}
                    checked={isSelected}
                    onChange={(selected) => selection.toggle(row.id, selected)}
                  />
                </td>
                <th scope="row" className="px-2 py-2.5 font-normal">
                  <div className="flex items-center gap-2">
                    <PlaySongButton row={row} />
                    <div className="flex min-w-0 flex-col items-start gap-1">
                      <Link
                        to={paths.review.href(row.id)}
                        className="font-medium text-foreground underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {row.title}
                      </Link>
                      {row.has_sixty_percent_reviews ? <ReadyMarker /> : null}
                    </div>
                  </div>
                </th>
                <td className="px-2 py-2.5">
                  <ArtistName artist={row.artist} compact />
                </td>
                <td className="px-2 py-2.5 whitespace-nowrap text-muted-foreground">
                  <SubmittedDate iso={row.submitted_at} />
                </td>
                <td className="px-2 py-2.5 tabular-nums">v{row.current_version_number}</td>
                <td className="px-2 py-2.5 whitespace-nowrap">
                  <ReviewCount row={row} teamSize={teamSize} />
                </td>
                <td className="px-2 py-2.5 text-right">
                  <AverageValue row={row} field="musical" />
                </td>
                <td className="px-2 py-2.5 text-right">
                  <AverageValue row={row} field="artist" />
                </td>
                <td className="px-2 py-2.5 text-right">
                  <AverageValue row={row} field="overall" />
                </td>
                <td className="px-2 py-2.5">
                  <SongStatus row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
