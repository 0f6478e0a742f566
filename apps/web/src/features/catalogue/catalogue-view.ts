/**
 * The catalogue grid's view (tab, search, filters, sort) and how it lives in the URL, so a view can be
 * bookmarked, shared and saved, and Back steps through views. The open record (a drawer) and the
 * open panel are URL state too. Pure: no React, no fetching.
 */
import {
  CATALOGUE_TABS,
  type CatalogueTab,
  RECORDING_ORIGINS,
  RELEASE_STATUSES,
  type RecordingOrigin,
  type ReleaseStatus,
} from '@music-review/core/catalogue';
import type { listRecordings, listReleases, listWorks } from '@music-review/core/contracts/catalogue';
import type { QueryOf } from '@music-review/core/endpoint';

/** Rows per request: a screenful several times over, well under the API's 200. */
export const CATALOGUE_PAGE_SIZE = 100;

export type SortDir = 'asc' | 'desc';

export const SORTS = {
  recordings: ['title', 'artist', 'year', 'isrc', 'updated'],
  releases: ['title', 'artist', 'release_date', 'catalogue_number', 'updated'],
  works: ['title', 'iswc', 'updated'],
} as const satisfies Record<CatalogueTab, readonly string[]>;
export type SortOf<T extends CatalogueTab> = (typeof SORTS)[T][number];

export const MISSING = {
  recordings: ['isrc', 'work', 'split', 'any'],
  releases: ['upc', 'codes', 'any'],
  works: ['iswc', 'shares', 'any'],
} as const satisfies Record<CatalogueTab, readonly string[]>;
export type MissingOf<T extends CatalogueTab> = (typeof MISSING)[T][number];

export const MISSING_LABELS: { [T in CatalogueTab]: Record<MissingOf<T>, string> } = {
  recordings: { isrc: 'ISRC', work: 'Work', split: 'Master split', any: 'Any of these' },
  releases: { upc: 'UPC/EAN', codes: 'Track ISRCs', any: 'Any of these' },
  works: { iswc: 'ISWC', shares: 'Shares totalling 100%', any: 'Any of these' },
};

/** The filters a tab offers (the party filter is "artist" in the API for every tab). */
export const TAB_FILTERS = {
  recordings: ['artist', 'year', 'origin', 'missing'],
  releases: ['status', 'artist', 'year', 'missing'],
  works: ['artist', 'missing'],
} as const satisfies Record<CatalogueTab, readonly FilterKey[]>;

export type FilterKey = 'artist' | 'year' | 'origin' | 'status' | 'missing';

export interface CatalogueView {
  tab: CatalogueTab;
  q: string;
  /** A party id, or '' for anyone. */
  artist: string;
  /** A year from 1900 to 2100, or ''. */
  year: string;
  origin: RecordingOrigin | '';
  status: ReleaseStatus | '';
  /** One of MISSING[tab], or ''. */
  missing: string;
  /** One of SORTS[tab]. */
  sort: string;
  dir: SortDir;
}

export const DEFAULT_SORT = 'title';

export function emptyView(tab: CatalogueTab): CatalogueView {
  return {
    tab,
    q: '',
    artist: '',
    year: '',
    origin: '',
    status: '',
    missing: '',
    sort: DEFAULT_SORT,
    dir: 'asc',
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null | undefined): T | undefined =>
  value != null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isYear = (value: string) => /^\d{4}$/.test(value) && Number(value) >= 1900 && Number(value) <= 2100;

/** A filter value as read from a URL or a saved view; anything a tab does not take is dropped. */
type RawFilters = Partial<
  Record<'q' | 'sort' | 'dir' | FilterKey, string | number | boolean | null | undefined>
>;

function viewFrom(tab: CatalogueTab, raw: RawFilters): CatalogueView {
  const str = (key: keyof RawFilters) => {
    const value = raw[key];
    return value === undefined || value === null ? '' : String(value).trim();
  };
  const offered: readonly FilterKey[] = TAB_FILTERS[tab];
  const artist = str('artist');
  const year = str('year');
  return {
    tab,
    q: str('q').slice(0, 200),
    artist: offered.includes('artist') && UUID.test(artist) ? artist.toLowerCase() : '',
    year: offered.includes('year') && isYear(year) ? year : '',
    origin: (offered.includes('origin') && oneOf(RECORDING_ORIGINS, str('origin'))) || '',
    status: (offered.includes('status') && oneOf(RELEASE_STATUSES, str('status'))) || '',
    missing: oneOf(MISSING[tab] as readonly string[], str('missing')) ?? '',
    sort: oneOf(SORTS[tab] as readonly string[], str('sort')) ?? DEFAULT_SORT,
    dir: oneOf(['asc', 'desc'] as const, str('dir')) ?? 'asc',
  };
}

/** The view in the page's search params; anything unknown falls back to the default. */
export function parseView(params: URLSearchParams): CatalogueView {
  const tab = oneOf(CATALOGUE_TABS, params.get('tab')) ?? 'recordings';
  return viewFrom(tab, Object.fromEntries(params.entries()));
}

/** The filters a saved view keeps (the tab is saved beside them). */
export function viewFilters(view: CatalogueView): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  if (view.q) filters.q = view.q;
  if (view.artist) filters.artist = view.artist;
  if (view.year) filters.year = Number(view.year);
  if (view.origin) filters.origin = view.origin;
  if (view.status) filters.status = view.status;
  if (view.missing) filters.missing = view.missing;
  if (view.sort !== DEFAULT_SORT) filters.sort = view.sort;
  if (view.dir !== 'asc') filters.dir = view.dir;
  return filters;
}

/** A saved view's filters as a view of its tab (filters it no longer knows are dropped). */
export function viewFromSaved(
  tab: CatalogueTab,
  filters: Record<string, string | number | boolean>,
): CatalogueView {
  return viewFrom(tab, filters);
}

/** Whether any filter or the search narrows the rows (the sort does not). */
export function hasFilters(view: CatalogueView): boolean {
  return Boolean(view.q || view.artist || view.year || view.origin || view.status || view.missing);
}

/** The params the open record and panel use; a view change keeps them, a tab change does not. */
export const RECORD_PARAMS = { recordings: 'recording', releases: 'release', works: 'work' } as const;
export type RecordKind = keyof typeof RECORD_PARAMS;
export const PANEL_PARAM = 'panel';
export const PANELS = ['attention', 'settings'] as const;
export type CataloguePanel = (typeof PANELS)[number];

/**
 * The search params of a view, keeping `keep`'s record and panel params when the tab stays; defaults
 * are left out, so the plain /catalogue stays plain.
 */
export function toSearchParams(view: CatalogueView, keep?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== 'recordings') params.set('tab', view.tab);
  for (const [key, value] of Object.entries(viewFilters(view))) params.set(key, String(value));
  if (keep && parseView(keep).tab === view.tab) {
    for (const key of [...Object.values(RECORD_PARAMS), PANEL_PARAM]) {
      const value = keep.get(key);
      if (value) params.set(key, value);
    }
  }
  return params;
}

/** A string naming the rows a view shows (cache keys, the selection's scope). */
export const viewKey = (view: CatalogueView) => `${view.tab}?${toSearchParams(view).toString()}`;

export type RecordingsQuery = QueryOf<typeof listRecordings>;
export type ReleasesQuery = QueryOf<typeof listReleases>;
export type WorksQuery = QueryOf<typeof listWorks>;

/** The filters of a view as the list endpoint of its tab takes them (paging added by the caller). */
export function toApiQuery(view: CatalogueView): RecordingsQuery | ReleasesQuery | WorksQuery {
  const common = {
    ...(view.q ? { q: view.q } : {}),
    ...(view.artist ? { artist: view.artist } : {}),
    dir: view.dir,
  };
  if (view.tab === 'recordings') {
    return {
      ...common,
      ...(view.year ? { year: Number(view.year) } : {}),
      ...(view.origin ? { origin: view.origin } : {}),
      ...(view.missing ? { missing: view.missing as MissingOf<'recordings'> } : {}),
      sort: view.sort as SortOf<'recordings'>,
    } satisfies RecordingsQuery;
  }
  if (view.tab === 'releases') {
    return {
      ...common,
      ...(view.year ? { year: Number(view.year) } : {}),
      ...(view.status ? { status: view.status } : {}),
      ...(view.missing ? { missing: view.missing as MissingOf<'releases'> } : {}),
      sort: view.sort as SortOf<'releases'>,
    } satisfies ReleasesQuery;
  }
  return {
    ...common,
    ...(view.missing ? { missing: view.missing as MissingOf<'works'> } : {}),
    sort: view.sort as SortOf<'works'>,
  } satisfies WorksQuery;
}

/** Whether two views of one tab show the same rows in the same order. */
export const sameFilters = (a: CatalogueView, b: CatalogueView) =>
  a.tab === b.tab && viewKey(a) === viewKey(b);

/** A click on a column header: the same column flips its order; another starts A to Z (newest first for "updated"). */
export function sortPatch(view: CatalogueView, sort: string): Pick<CatalogueView, 'sort' | 'dir'> {
  if (sort === view.sort) return { sort, dir: view.dir === 'asc' ? 'desc' : 'asc' };
  return { sort, dir: sort === 'updated' ? 'desc' : 'asc' };
}
