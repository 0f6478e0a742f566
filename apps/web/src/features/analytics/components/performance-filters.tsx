import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { BreakdownDto } from '../analytics-types';
import type { FilterName, PerformanceFilters } from '../analytics-url';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * A month, YYYY-MM. Browsers without a month picker show a text box: what is typed is kept here
 * until it is a whole month (or empty), and only then becomes the filter.
 */
function MonthField({
  label,
  value,
  shown,
  onChange,
}: {
  label: string;
  /** The month in the URL ('' = the server's default). */
  value: string;
  /** What the answer used when the URL has none. */
  shown: string;
  onChange: (month: string) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState(value || shown);
  useEffect(() => setDraft(value || shown), [value, shown]);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <input
        id={id}
        type="month"
        className={fieldClass}
        value={draft}
        placeholder="YYYY-MM"
        min="1900-01"
        max="2999-12"
        onChange={(event) => {
          const next = event.target.value.trim();
          setDraft(next);
          if (next === '' || MONTH.test(next)) onChange(next);
        }}
      />
    </div>
  );
}

/** The choices of a filter: an answer's rows with a key (Unmatched and "not given" cannot be chosen). */
export function choicesOf(answer: BreakdownDto | undefined): { value: string; label: string }[] {
  return (answer?.rows ?? [])
    .filter((row) => row.kind === 'item' && row.key !== null)
    .map((row) => ({ value: row.key!, label: row.label }));
}

function SelectField({
  label,
  all,
  value,
  choices,
  currentLabel,
  onChange,
}: {
  label: string;
  /** The choice that is no filter ("All stores"). */
  all: string;
  value: string;
  choices: readonly { value: string; label: string }[];
  /** The chosen value's name when the choices do not hold it (it sold nothing in the range). */
  currentLabel?: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hasCurrent = value === '' || choices.some((choice) => choice.value === value);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-foreground">
        {label}
      </label>
      <select id={id} className={fieldClass} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{all}</option>
        {hasCurrent ? null : <option value={value}>{currentLabel ?? value}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export interface FilterChoices {
  artist: BreakdownDto | undefined;
  release: BreakdownDto | undefined;
  store: BreakdownDto | undefined;
  territory: BreakdownDto | undefined;
  /** The chosen release's title from another answer, when it is not among the choices. */
  releaseTitle?: string | undefined;
}

/**
 * Performance's filters: the months (the answer's range until one is chosen), artist, release, store
 * and territory (each the ones that earned in the range, largest first), and "Clear filters". Every
 * change goes into the URL, which the answers follow. They wrap on a phone.
 */
export function PerformanceFiltersBar({
  filters,
  range,
  choices,
  onChange,
  onClear,
}: {
  filters: PerformanceFilters;
  /** The range the last answer covered (the defaults). */
  range: { from: string; to: string } | undefined;
  choices: FilterChoices;
  onChange: (name: FilterName, value: string) => void;
  onClear: () => void;
}) {
  const isFiltered = Object.values(filters).some((value) => value !== '');
  const labelOf = (answer: BreakdownDto | undefined, key: string) =>
    answer?.rows.find((row) => row.key === key)?.label;
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">Filters</legend>
      <div className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:items-end sm:*:w-44">
        <MonthField
          label="From"
          value={filters.from}
          shown={range?.from ?? ''}
          onChange={(v) => onChange('from', v)}
        />
        <MonthField
          label="To"
          value={filters.to}
          shown={range?.to ?? ''}
          onChange={(v) => onChange('to', v)}
        />
        <SelectField
          label="Artist"
          all="All artists"
          value={filters.artist}
          choices={choicesOf(choices.artist)}
          onChange={(v) => onChange('artist', v)}
        />
        <SelectField
          label="Release"
          all="All releases"
          value={filters.release}
          choices={choicesOf(choices.release)}
          currentLabel={labelOf(choices.release, filters.release) ?? choices.releaseTitle}
          onChange={(v) => onChange('release', v)}
        />
        <SelectField
          label="Store"
          all="All stores"
          value={filters.store}
          choices={choicesOf(choices.store)}
          onChange={(v) => onChange('store', v)}
        />
        <SelectField
          label="Territory"
          all="All territories"
          value={filters.territory}
          choices={choicesOf(choices.territory)}
          onChange={(v) => onChange('territory', v)}
        />
        <div className="col-span-2 flex items-end">
          <Button variant="outline" onClick={onClear} disabled={!isFiltered} className="w-full">
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
