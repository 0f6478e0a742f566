import type { PeopleTab } from '@music-review/core/catalogue';
import { CATALOGUE_TEXTS } from '@music-review/core/catalogue';
import { SearchX, UserPlus, Users } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, ListSkeleton, LoadError, ShowMore } from '../../../components/list-states';
import { SearchField } from '../../../components/search-field';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/text-field';
import { pagedRows } from '../../../lib/paged-rows';
import { useParties } from '../api/list-parties';
import { countLabel } from '../lib/format';
import { partyFiltersFrom, ROLE_NOUNS, SORT_LABELS, TAB_ROLES } from '../lib/people-filters';
import { PartyList } from './party-list';
import { isPlanRequired, PlanRequired } from './plan-required';

/** The Artists or Writers tab: a searchable, paged list of people with one role. */
export function PartiesPanel({
  tab,
  onAddPerson,
}: {
  tab: Exclude<PeopleTab, 'payees'>;
  onAddPerson: () => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = partyFiltersFrom(tab, searchParams);
  const parties = useParties(filters);
  const noun = ROLE_NOUNS[filters.role];

  const setParam = useCallback(
    (name: 'q' | 'role' | 'sort', value: string) =>
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value) next.set(name, value);
          else next.delete(name);
          return next;
        },
        { replace: name === 'q' },
      ),
    [setSearchParams],
  );
  const onSearch = useCallback((q: string) => setParam('q', q), [setParam]);

  const { rows, total } = pagedRows(parties.data);

  let content: ReactNode;
  if (parties.isPending) {
    content = <ListSkeleton label={`Loading ${noun.many}`} />;
  } else if (parties.isError && rows.length === 0) {
    content = isPlanRequired(parties.error) ? (
      <PlanRequired />
    ) : (
      <LoadError
        message={parties.error.message || `Failed to load ${noun.many}`}
        onRetry={() => void parties.refetch()}
      />
    );
  } else if (rows.length === 0 && filters.q) {
    content = (
      <EmptyState
        icon={SearchX}
        title={`No ${noun.many} match “${filters.q}”`}
        actions={
          <Button variant="outline" onClick={() => setParam('q', '')}>
            Clear search
          </Button>
        }
      >
        Search looks at credited names, other credited names, legal names, IPI and ISNI.
      </EmptyState>
    );
  } else if (rows.length === 0) {
    content = (
      <EmptyState
        icon={Users}
        title={`No ${noun.many} yet`}
        actions={
          <Button onClick={onAddPerson}>
            <UserPlus aria-hidden="true" />
            {CATALOGUE_TEXTS.addPerson}
          </Button>
        }
      >
        People appear here as songs are signed and metadata is confirmed, or add them yourself.
      </EmptyState>
    );
  } else {
    content = (
      <div className="flex flex-col gap-3">
        <PartyList label={noun.heading} parties={rows} />
        <ShowMore list={parties} shown={rows.length} total={total} errorMessage="Failed to load more" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <SearchField
          role="search"
          label={`Search ${ROLE_NOUNS[TAB_ROLES[tab][0]].many}`}
          placeholder="Name, IPI or ISNI"
          value={filters.q}
          onSearch={onSearch}
          className="sm:max-w-sm sm:flex-1"
        />
        {/* The two selects side by side on a phone too. */}
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <SelectField
            label="Show"
            value={filters.role}
            onChange={(event) =>
              setParam('role', event.target.value === TAB_ROLES[tab][0] ? '' : event.target.value)
            }
            className="sm:w-44"
          >
            {TAB_ROLES[tab].map((role) => (
              <option key={role} value={role}>
                {ROLE_NOUNS[role].heading}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Sort by"
            value={filters.sort}
            onChange={(event) => setParam('sort', event.target.value === 'name' ? '' : event.target.value)}
            className="sm:w-48"
          >
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
      </div>
      {parties.data ? (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {countLabel(total, noun.one, noun.many)}
          {filters.q ? ` matching “${filters.q}”` : ''}
        </p>
      ) : null}
      {content}
    </div>
  );
}
