import { ArrowDownWideNarrow, ArrowUpNarrowWide } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { SearchField } from '../../../components/search-field';
import { Button } from '../../../components/ui/button';
import { inputClasses } from '../../../components/ui/text-field';
import { cn } from '../../../lib/cn';
import {
  OVERVIEW_SORTS,
  type OverviewMineFilter,
  type OverviewQuery,
  type OverviewSort,
  type OverviewStatusFilter,
} from '../overview-query';

const STATUS_OPTIONS: { value: OverviewStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'signed', label: 'Signed' },
  { value: 'passed', label: 'Passed' },
];

const MINE_OPTIONS: { value: OverviewMineFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'reviewed', label: 'Reviewed by me' },
  { value: 'unreviewed', label: 'Not reviewed by me' },
];

export const SORT_LABELS: Record<OverviewSort, string> = {
  submitted_at: 'Submitted',
  title: 'Title',
  status: 'Status',
  version: 'Version',
  reviews: 'Reviews',
  musical: 'Musical average',
  artist_score: 'Artist average',
  overall: 'Overall average',
  days_left: 'Days left',
};

function SelectField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export interface OverviewFiltersProps {
  query: OverviewQuery;
  onChange: (patch: Partial<OverviewQuery>) => void;
  onSearch: (q: string) => void;
  /** Below 768 px there are no column headers to click: sorting gets its own controls. */
  showSortControls: boolean;
  onSort: (sort: OverviewSort) => void;
}

export function OverviewFilters({
  query,
  onChange,
  onSearch,
  showSortControls,
  onSort,
}: OverviewFiltersProps) {
  const selectClasses = cn(inputClasses, 'w-full pr-8 sm:w-auto');
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and jsdom
    <div
      role="search"
      aria-label="Filter songs"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <SearchField
        label="Search songs"
        value={query.q}
        onSearch={onSearch}
        className="min-w-0 flex-1 sm:min-w-64"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
        <SelectField label="Status">
          {(id) => (
            <select
              id={id}
              value={query.status}
              onChange={(event) => onChange({ status: event.target.value as OverviewStatusFilter })}
              className={selectClasses}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </SelectField>
        <SelectField label="Mine">
          {(id) => (
            <select
              id={id}
              value={query.mine}
              onChange={(event) => onChange({ mine: event.target.value as OverviewMineFilter })}
              className={selectClasses}
            >
              {MINE_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )}
        </SelectField>
      </div>
      <label className="flex h-10 items-center gap-2 text-sm text-foreground">
        <input
          type="checkbox"
          checked={query.ready}
          onChange={(event) => onChange({ ready: event.target.checked })}
          className="size-4 cursor-pointer accent-primary"
        />
        Ready for decision only
      </label>
      {showSortControls ? (
        <div className="flex items-end gap-2">
          <SelectField label="Sort by">
            {(id) => (
              <select
                id={id}
                value={query.sort}
                onChange={(event) => onSort(event.target.value as OverviewSort)}
                className={cn(inputClasses, 'pr-8')}
              >
                {OVERVIEW_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            )}
          </SelectField>
          <Button
            variant="outline"
            size="icon"
            aria-label={
              query.order === 'asc' ? 'Ascending, switch to descending' : 'Descending, switch to ascending'
            }
            onClick={() => onChange({ order: query.order === 'asc' ? 'desc' : 'asc' })}
          >
            {query.order === 'asc' ? (
              <ArrowUpNarrowWide aria-hidden="true" />
            ) : (
              <ArrowDownWideNarrow aria-hidden="true" />
            )}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
