import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import type { OverviewListProps } from './overview-table';
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

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm text-foreground">{children}</dd>
    </div>
  );
}

/**
 * The Overview below 768 px: a card per song. On a phone, staff scan a song's title, status and
 * scores together; a ten-column table scrolled sideways hides most of that at any moment.
 */
export function OverviewCards({
  rows,
  teamSize,
  selection,
  isBusy,
}: Omit<OverviewListProps, 'sort' | 'order' | 'onSort'>) {
  const selectAllId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2 self-start text-sm text-muted-foreground">
        <SelectionCheckbox
          id={selectAllId}
          label="Select all on this page"
          checked={selection.pageState === 'all'}
          indeterminate={selection.pageState === 'some'}
          onChange={selection.togglePage}
        />
        <label htmlFor={selectAllId}>Select all on this page</label>
      </div>
      <ul
        aria-label="Songs"
        aria-busy={isBusy || undefined}
        className={cn('flex flex-col gap-3', isBusy && 'opacity-60')}
      >
        {rows.map((row) => {
          const titleId = `overview-card-${row.id}`;
          const isSelected = selection.isSelected(row.id);
          return (
            <li key={row.id}>
              <article
                aria-labelledby={titleId}
                className={cn(
                  'flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-card',
                  isSelected ? 'border-primary' : 'border-border',
                )}
              >
                <div className="flex items-start gap-3">
                  <SelectionCheckbox
                    label={`Select ${row.title}`}
                    checked={isSelected}
                    onChange={(selected) => selection.toggle(row.id, selected)}
                    className="mt-2.5"
                  />
                  <div className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <h3 id={titleId} className="text-base leading-tight font-semibold">
                      <Link
                        to={paths.review.href(row.id)}
                        className="[overflow-wrap:anywhere] text-foreground underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        {row.title}
                      </Link>
                    </h3>
                    <ArtistName artist={row.artist} className="text-sm" />
                  </div>
                  <PlaySongButton row={row} />
                </div>
                <div className="flex flex-wrap items-center gap-1.5">
                  <SongStatus row={row} />
                  {row.has_sixty_percent_reviews ? <ReadyMarker /> : null}
                </div>
                <dl className="grid grid-cols-3 gap-x-3 gap-y-2">
                  <Fact label="Submitted">
                    <SubmittedDate iso={row.submitted_at} />
                  </Fact>
                  <Fact label="Version">v{row.current_version_number}</Fact>
                  <Fact label="Reviews">
                    <ReviewCount row={row} teamSize={teamSize} />
                  </Fact>
                  <Fact label="Musical avg">
                    <AverageValue row={row} field="musical" />
                  </Fact>
                  <Fact label="Artist avg">
                    <AverageValue row={row} field="artist" />
                  </Fact>
                  <Fact label="Overall avg">
                    <AverageValue row={row} field="overall" />
                  </Fact>
                </dl>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
