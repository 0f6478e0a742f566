import {
  PIPELINE_STATUS_LABELS,
  PIPELINE_STATUSES,
  type PipelineStatus,
} from '@music-review/core/distribution';
import { SearchField } from '../../../components/search-field';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/text-field';
import type { DistributionFilters } from '../api/keys';
import type { DestinationDto } from '../distribution-types';

/** Search, pipeline status and destination for the release list; every change goes to the URL. */
export function ReleaseFilters({
  filters,
  destinations,
  onChange,
  onClear,
}: {
  filters: DistributionFilters;
  destinations: readonly DestinationDto[];
  onChange: <K extends keyof DistributionFilters>(name: K, value: DistributionFilters[K]) => void;
  onClear: () => void;
}) {
  const isFiltered = Boolean(filters.status || filters.destination || filters.q);
  // A destination in the URL that is not (or no longer) in the list still shows as chosen.
  const isUnknownDestination =
    filters.destination !== '' && !destinations.some((d) => d.id === filters.destination);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and jsdom
    <div
      role="search"
      aria-label="Filter releases"
      className="flex flex-col gap-3 md:flex-row md:flex-wrap md:items-end"
    >
      <SearchField
        label="Search releases"
        value={filters.q}
        onSearch={(q) => onChange('q', q)}
        placeholder="Title, artist, UPC or catalogue number"
        className="min-w-0 md:max-w-sm md:flex-1"
      />
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end">
        <SelectField
          label="Status"
          value={filters.status}
          onChange={(event) => onChange('status', event.target.value as PipelineStatus | '')}
          className="sm:w-44"
        >
          <option value="">All</option>
          {PIPELINE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PIPELINE_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Destination"
          value={filters.destination}
          onChange={(event) => onChange('destination', event.target.value)}
          className="sm:w-52"
        >
          <option value="">All</option>
          {destinations.map((destination) => (
            <option key={destination.id} value={destination.id}>
              {destination.name}
            </option>
          ))}
          {isUnknownDestination ? <option value={filters.destination}>Another destination</option> : null}
        </SelectField>
        {isFiltered ? (
          <Button variant="ghost" onClick={onClear} className="col-span-2 justify-self-start">
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
