import { PIPELINE_STATUSES, type PipelineStatus } from '@music-review/core/distribution';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DistributionFilters } from './api/keys';

export const DISTRIBUTION_TABS = ['releases', 'destinations'] as const;
export type DistributionTab = (typeof DISTRIBUTION_TABS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The release list's filters from the URL. Values the server would refuse (an unknown status, a
 * destination that is not an id) are dropped here, so an edited URL shows every release instead of
 * an error.
 */
export function filtersFrom(searchParams: URLSearchParams): DistributionFilters {
  const status = searchParams.get('status') ?? '';
  const destination = searchParams.get('destination') ?? '';
  return {
    status: (PIPELINE_STATUSES as readonly string[]).includes(status) ? (status as PipelineStatus) : '',
    destination: UUID.test(destination) ? destination.toLowerCase() : '',
    q: (searchParams.get('q') ?? '').trim().slice(0, 200),
  };
}

/**
 * /distribution's state in the URL: the tab (?tab=destinations; releases by default) and the list's
 * filters (?status=, ?destination=, ?q=). A changed filter is a history entry, so Back undoes it;
 * typing in the search box replaces the entry instead of adding one per pause.
 */
export function useDistributionUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(searchParams), [searchParams]);
  const tab: DistributionTab = searchParams.get('tab') === 'destinations' ? 'destinations' : 'releases';

  const setParam = useCallback(
    (name: 'tab' | keyof DistributionFilters, value: string) =>
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

  const setFilter = useCallback(
    <K extends keyof DistributionFilters>(name: K, value: DistributionFilters[K]) => setParam(name, value),
    [setParam],
  );
  const clearFilters = useCallback(
    () =>
      setSearchParams((previous) => {
        const next = new URLSearchParams(previous);
        for (const name of ['status', 'destination', 'q']) next.delete(name);
        return next;
      }),
    [setSearchParams],
  );
  const setTab = useCallback(
    (next: DistributionTab) => setParam('tab', next === 'releases' ? '' : next),
    [setParam],
  );

  return { tab, setTab, filters, setFilter, clearFilters };
}
