import {
  CATALOGUE_TEXTS,
  RECORDING_ORIGIN_LABELS,
  RECORDING_ORIGINS,
  RELEASE_STATUS_LABELS,
  RELEASE_STATUSES,
  type RecordingOrigin,
  type ReleaseStatus,
} from '@music-review/core/catalogue';
import { SlidersHorizontal } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { SearchField } from '../../../../components/search-field';
import { Button } from '../../../../components/ui/button';
import { SelectField, TextField } from '../../../../components/ui/text-field';
import { useIsDesktop } from '../../../../lib/use-media-query';
import { usePartyName } from '../../api/get-party';
import { type CatalogueView, hasFilters, MISSING, MISSING_LABELS, TAB_FILTERS } from '../../catalogue-view';
import { PartyPicker } from './pickers';

const PLACEHOLDERS = {
  recordings: 'Title, artist or ISRC',
  releases: 'Title, artist, UPC or catalogue number',
  works: 'Title, writer or ISWC',
} as const;

/** Applies a typed year once it is a whole year (or empty), not at every key. */
function YearFilter({ value, onChange }: { value: string; onChange: (year: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <TextField
      label="Year"
      inputMode="numeric"
      maxLength={4}
      placeholder="Any"
      value={text}
      onChange={(event) => {
        const next = event.target.value.replace(/\D/g, '');
        setText(next);
        if (next === '' || (next.length === 4 && Number(next) >= 1900 && Number(next) <= 2100))
          onChange(next);
      }}
      className="sm:w-24"
    />
  );
}

/** The search and filters a tab offers; every change goes to the URL (a new view). */
export function CatalogueFilters({
  view,
  onChange,
}: {
  view: CatalogueView;
  onChange: (patch: Partial<CatalogueView>) => void;
}) {
  const offered: readonly string[] = TAB_FILTERS[view.tab];
  const isDesktop = useIsDesktop();
  const [isOpen, setIsOpen] = useState(false);
  const filtersId = useId();
  const active = [view.artist, view.year, view.origin, view.status, view.missing].filter(Boolean).length;
  const artistName = usePartyName(view.artist);
  const missing = MISSING[view.tab];
  const missingLabels: Record<string, string> = MISSING_LABELS[view.tab];
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some supported browsers and jsdom
    <div
      role="search"
      aria-label="Filter the catalogue"
      className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-end"
    >
      <SearchField
        label={CATALOGUE_TEXTS.search}
        value={view.q}
        onSearch={(q) => onChange({ q })}
        placeholder={PLACEHOLDERS[view.tab]}
        className="min-w-0 flex-1 lg:min-w-64"
      />
      {isDesktop ? null : (
        <Button
          variant="outline"
          className="self-start"
          aria-expanded={isOpen}
          aria-controls={filtersId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 ? ' ' : null}
          {active > 0 ? (
            <span className="min-w-5 rounded-full bg-primary px-1.5 text-xs leading-5 text-primary-foreground tabular-nums">
              {active}
            </span>
          ) : null}
        </Button>
      )}
      <div
        id={filtersId}
        // On a phone the filters fold away under their button, so the rows start near the top.
        hidden={!isDesktop && !isOpen}
        className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end"
      >
        {offered.includes('status') ? (
          <SelectField
            label="Status"
            value={view.status}
            onChange={(event) => onChange({ status: event.target.value as ReleaseStatus | '' })}
          >
            <option value="">All</option>
            {RELEASE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {RELEASE_STATUS_LABELS[status]}
              </option>
            ))}
          </SelectField>
        ) : null}
        {offered.includes('artist') ? (
          <PartyPicker
            label={view.tab === 'works' ? 'Writer or publisher' : 'Artist'}
            partyRole={view.tab === 'works' ? undefined : 'artist'}
            placeholder="Anyone"
            value={view.artist ? { id: view.artist, label: artistName.data ?? '' } : null}
            onChange={(party) => onChange({ artist: party?.id ?? '' })}
            className="col-span-2 sm:w-56"
          />
        ) : null}
        {offered.includes('year') ? (
          <YearFilter value={view.year} onChange={(year) => onChange({ year })} />
        ) : null}
        {offered.includes('origin') ? (
          <SelectField
            label="Origin"
            value={view.origin}
            onChange={(event) => onChange({ origin: event.target.value as RecordingOrigin | '' })}
          >
            <option value="">All</option>
            {RECORDING_ORIGINS.map((origin) => (
              <option key={origin} value={origin}>
                {RECORDING_ORIGIN_LABELS[origin]}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField
          label="Missing"
          value={view.missing}
          onChange={(event) => onChange({ missing: event.target.value })}
        >
          <option value="">Show all</option>
          {missing.map((key) => (
            <option key={key} value={key}>
              {missingLabels[key]}
            </option>
          ))}
        </SelectField>
        {hasFilters(view) ? (
          <Button
            variant="ghost"
            onClick={() => onChange({ q: '', artist: '', year: '', origin: '', status: '', missing: '' })}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
