/**
 * The Overview's view state (search, filters, sort, page) and how it lives in the URL, so a link or
 * the back button restores exactly what the user was looking at. Pure: no React, no fetching.
 */

import {
  OVERVIEW_MINE,
  OVERVIEW_SORTS,
  OVERVIEW_STATUSES,
  type OverviewMineFilter,
  type OverviewSort,
  type OverviewStatusFilter,
} from '@music-review/core/api';
import type { getOverview } from '@music-review/core/contracts/overview';
import type { QueryOf } from '@music-review/core/endpoint';

export {
  OVERVIEW_MINE,
  OVERVIEW_SORTS,
  OVERVIEW_STATUSES,
  type OverviewMineFilter,
  type OverviewSort,
  type OverviewStatusFilter,
};

export const OVERVIEW_PAGE_SIZE = 50;
export type SortOrder = 'asc' | 'desc';

export interface OverviewQuery {
  q: string;
  status: OverviewStatusFilter;
  ready: boolean;
  mine: OverviewMineFilter;
  sort: OverviewSort;
  order: SortOrder;
  /** 1-based. */
  page: number;
}

export const DEFAULT_OVERVIEW_QUERY: OverviewQuery = {
  q: '',
  status: 'all',
  ready: false,
  mine: 'all',
  sort: 'submitted_at',
  order: 'desc',
  page: 1,
};

/**
 * The order a column starts in when first chosen: words A to Z, the soonest deadline first, and
 * numbers and dates biggest or newest first, which is what someone sorting a column looks for.
 */
export function defaultOrderFor(sort: OverviewSort): SortOrder {
  return sort === 'title' || sort === 'status' || sort === 'days_left' ? 'asc' : 'desc';
}

function oneOf<T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** Reads the view from the page's search params; anything unknown falls back to the default. */
export function parseOverviewQuery(params: URLSearchParams): OverviewQuery {
  const sort = oneOf(OVERVIEW_SORTS, params.get('sort'), DEFAULT_OVERVIEW_QUERY.sort);
  const page = Number(params.get('page'));
  return {
    q: params.get('q')?.trim() ?? '',
    status: oneOf(OVERVIEW_STATUSES, params.get('status'), 'all'),
    ready: params.get('ready') === 'true',
    mine: oneOf(OVERVIEW_MINE, params.get('mine'), 'all'),
    sort,
    order: oneOf(['asc', 'desc'] as const, params.get('order'), defaultOrderFor(sort)),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The page's search params for a view: defaults are left out, so the plain /overview stays plain. */
export function toOverviewSearchParams(query: OverviewQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status !== 'all') params.set('status', query.status);
  if (query.ready) params.set('ready', 'true');
  if (query.mine !== 'all') params.set('mine', query.mine);
  if (query.sort !== DEFAULT_OVERVIEW_QUERY.sort) params.set('sort', query.sort);
  if (query.sort !== DEFAULT_OVERVIEW_QUERY.sort || query.order !== DEFAULT_OVERVIEW_QUERY.order) {
    params.set('order', query.order);
  }
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}

/**
 * The API's query for a view (GET /api/v1/overview): the filters that narrow the list, then the
 * sort and the page.
 */
export function toOverviewApiQuery(query: OverviewQuery): QueryOf<typeof getOverview> {
  return {
    ...(query.q ? { q: query.q } : {}),
    ...(query.status !== 'all' ? { status: query.status } : {}),
    ...(query.ready ? { ready: 'true' as const } : {}),
    ...(query.mine !== 'all' ? { mine: query.mine } : {}),
    sort: query.sort,
    order: query.order,
    limit: OVERVIEW_PAGE_SIZE,
    offset: (query.page - 1) * OVERVIEW_PAGE_SIZE,
  };
}

/** The same as a query string (it names a view, e.g. for the selection kept per view). */
export function toOverviewApiParams(query: OverviewQuery): URLSearchParams {
  return new URLSearchParams(
    Object.entries(toOverviewApiQuery(query)).map(([key, value]) => [key, String(value)]),
  );
}

/** True when any filter narrows the list (the sort and the page do not). */
export function hasOverviewFilters(query: OverviewQuery): boolean {
  return query.q !== '' || query.status !== 'all' || query.ready || query.mine !== 'all';
}
