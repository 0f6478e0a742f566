import { DISTRIBUTION_TEXTS } from '@music-review/core/distribution';
import { Disc3, Plus, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { pagedRows } from '../../../lib/paged-rows';
import type { DistributionFilters } from '../api/keys';
import type { useDistributionReleases } from '../api/list-distribution-releases';
import type { DestinationDto } from '../distribution-types';
import { countLabel } from './format';
import { ReleaseFilters } from './release-filters';
import { ReleaseList } from './release-list';

/** What to do when there is no destination: admins add one, members ask an admin. */
function NoDestinationNotice({ isAdmin, onAdd }: { isAdmin: boolean; onAdd: () => void }) {
  return (
    <Alert variant="info">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span>
          No destination yet: releases are delivered to a distributor’s server, a bucket or a folder.{' '}
          {isAdmin ? 'Add one before you deliver.' : 'Ask an admin of your label to add one.'}
        </span>
        {isAdmin ? (
          <Button size="sm" variant="outline" onClick={onAdd}>
            <Plus aria-hidden="true" />
            {DISTRIBUTION_TEXTS.addDestination}
          </Button>
        ) : null}
      </div>
    </Alert>
  );
}

/** The Releases tab: filters, the releases with their pipeline status, "Show more". */
export function ReleasesPanel({
  releases,
  filters,
  onFilterChange,
  onClearFilters,
  destinations,
  isAdmin,
  onAddDestination,
}: {
  releases: ReturnType<typeof useDistributionReleases>;
  filters: DistributionFilters;
  onFilterChange: <K extends keyof DistributionFilters>(name: K, value: DistributionFilters[K]) => void;
  onClearFilters: () => void;
  /** Null while they load. */
  destinations: readonly DestinationDto[] | null;
  isAdmin: boolean;
  onAddDestination: () => void;
}) {
  const { rows, total } = pagedRows(releases.data);
  const isFiltered = Boolean(filters.status || filters.destination || filters.q);
  const hasNoDestination = destinations !== null && destinations.length === 0;

  let content: ReactNode;
  if (releases.isPending) {
    content = <ListSkeleton label="Loading releases" />;
  } else if (releases.isError && rows.length === 0) {
    content = (
      <LoadError
        message={releases.error.message || 'The releases could not be loaded.'}
        onRetry={() => void releases.refetch()}
      />
    );
  } else if (rows.length === 0 && isFiltered) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No releases match these filters"
        actions={
          <Button variant="outline" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      >
        Search looks at titles, artists, UPCs and catalogue numbers.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={Disc3}
        title="No releases to distribute yet"
        actions={
          <>
            <Link to={paths.catalogue.href({ tab: 'releases' })} className={buttonClasses()}>
              Add a release in the catalogue
            </Link>
            {hasNoDestination && isAdmin ? (
              <Button variant="outline" onClick={onAddDestination}>
                <Plus aria-hidden="true" />
                {DISTRIBUTION_TEXTS.addDestination}
              </Button>
            ) : null}
          </>
        }
      >
        <p>
          Releases you create in the catalogue (Catalogue → Releases → “New release”) appear here, with what
          each store still needs before you can deliver.
        </p>
        {hasNoDestination ? (
          <p className="mt-2">
            {isAdmin
              ? 'Then add a destination: where the releases are sent.'
              : 'An admin of your label adds the destinations releases are sent to.'}
          </p>
        ) : null}
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <ReleaseList rows={rows} />
        <ShowMore
          list={releases}
          shown={rows.length}
          total={total}
          errorMessage="More releases could not be loaded. Try again."
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {hasNoDestination && rows.length > 0 ? (
        <NoDestinationNotice isAdmin={isAdmin} onAdd={onAddDestination} />
      ) : null}
      <ReleaseFilters
        filters={filters}
        destinations={destinations ?? []}
        onChange={onFilterChange}
        onClear={onClearFilters}
      />
      {releases.data ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {countLabel(total, 'release', 'releases')}
          {isFiltered ? (total === 1 ? ' matches these filters' : ' match these filters') : ''}
        </p>
      ) : null}
      {content}
    </div>
  );
}
