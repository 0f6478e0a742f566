import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** The tabs of issue 17, in order. */
export const ANALYTICS_TABS = [
  'performance',
  'ar',
  'demo-revenue',
  'missing-income',
  'catalogue-value',
] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

const isAnalyticsTab = (value: string | null): value is AnalyticsTab =>
  (ANALYTICS_TABS as readonly (string | null)[]).includes(value);

/** The Performance tab's filters as the URL and the API name them; '' is no filter. */
export interface PerformanceFilters {
  /** First month, YYYY-MM ('' = the server's default range). */
  from: string;
  to: string;
  artist: string;
  /** A release id. */
  release: string;
  store: string;
  /** ISO 3166-1 alpha-2. */
  territory: string;
}
export const FILTER_NAMES = ['from', 'to', 'artist', 'release', 'store', 'territory'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The A&R tab's range: days, YYYY-MM-DD ('' = the server's default, the last 12 weeks). */
export interface ArRangeFilter {
  from: string;
  to: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A value the URL holds, kept only when it has the shape the API takes (a hand-edited URL asks nothing odd). */
function read(params: URLSearchParams, name: string, shape?: RegExp) {
  const value = (params.get(name) ?? '').trim().slice(0, 200);
  return shape && !shape.test(value) ? '' : value;
}

/** The filters of a query string (exported for the tests and the links that build one). */
export function filtersFrom(params: URLSearchParams): PerformanceFilters {
  return {
    from: read(params, 'from', MONTH),
    to: read(params, 'to', MONTH),
    artist: read(params, 'artist'),
    release: read(params, 'release'),
    store: read(params, 'store'),
    territory: read(params, 'territory', /^[A-Za-z]{2}$/).toUpperCase(),
  };
}

/** The filters the API is sent: the empty ones left out. */
export function filterQuery(filters: Partial<PerformanceFilters>): Partial<PerformanceFilters> {
  const query: Partial<PerformanceFilters> = {};
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value) query[name] = value;
  }
  return query;
}

function setOrDelete(next: URLSearchParams, name: string, value: string) {
  if (value) next.set(name, value);
  else next.delete(name);
}

/** Parameters that belong to one tab: they go when another tab opens. */
const TAB_PARAMS = ['alert'];

/**
 * /analytics's state in the URL, so a reload or a shared link shows the same thing: the tab
 * (?tab=ar; Performance by default), Performance's filters (?from=2025-01&to=2025-06&store=Spotify
 * ...), the A&R range (?ar_from=2025-01-06&ar_to=2025-03-30) and the missing-income alert whose lines
 * are open (?alert=). A tab, a filter or an alert is a history entry, so Back undoes it.
 */
export function useAnalyticsUrl() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AnalyticsTab = isAnalyticsTab(requested) ? requested : 'performance';
  const filters = filtersFrom(searchParams);
  const arRange: ArRangeFilter = {
    from: read(searchParams, 'ar_from', DAY),
    to: read(searchParams, 'ar_to', DAY),
  };
  const alert = read(searchParams, 'alert');

  // The router shows a new URL in a transition, after the address bar has it: a second change made
  // before that render (two filters in quick succession) would start from the URL before the first
  // and undo it. So a change starts from the query this hook last sent while the page still shows
  // the one it was sent from (once another is shown, that one: Back, a link).
  const rendered = searchParams.toString();
  const sent = useRef<{ from: string; to: string } | null>(null);
  const update = useCallback(
    (change: (next: URLSearchParams) => void) => {
      const base = sent.current?.from === rendered ? sent.current.to : rendered;
      const next = new URLSearchParams(base);
      change(next);
      sent.current = { from: rendered, to: next.toString() };
      setSearchParams(next);
    },
    [rendered, setSearchParams],
  );
  const setTab = useCallback(
    (value: AnalyticsTab) =>
      update((next) => {
        for (const name of TAB_PARAMS) next.delete(name);
        setOrDelete(next, 'tab', value === 'performance' ? '' : value);
      }),
    [update],
  );
  const setFilter = useCallback(
    (name: FilterName, value: string) => update((next) => setOrDelete(next, name, value.trim())),
    [update],
  );
  const clearFilters = useCallback(
    () =>
      update((next) => {
        for (const name of FILTER_NAMES) next.delete(name);
      }),
    [update],
  );
  const setArRange = useCallback(
    (range: ArRangeFilter) =>
      update((next) => {
        setOrDelete(next, 'ar_from', range.from);
        setOrDelete(next, 'ar_to', range.to);
      }),
    [update],
  );
  const setAlert = useCallback((id: string) => update((next) => setOrDelete(next, 'alert', id)), [update]);

  return { tab, setTab, filters, setFilter, clearFilters, arRange, setArRange, alert, setAlert };
}

export type AnalyticsUrl = ReturnType<typeof useAnalyticsUrl>;
