import { useQueries } from '@tanstack/react-query';
import type { ApiClient } from '../../../../lib/api-client';
import { useApiClient } from '../../../../lib/api-context';
import { catalogueKeys } from '../../api/keys';
import { CATALOGUE_PAGE_SIZE, type CatalogueView } from '../../catalogue-view';

export interface RowsPage<Row> {
  rows: Row[];
  total: number;
}

export type FetchPage<Row> = (
  api: ApiClient,
  paging: { limit: number; offset: number },
  signal: AbortSignal,
) => Promise<RowsPage<Row>>;

/** The rows from `start` to `end` (indexes into the whole filtered list), both included. */
export interface RowRange {
  start: number;
  end: number;
}

/** The pages (0-based) that hold a range of rows. */
export function pagesOf(range: RowRange): number[] {
  const first = Math.floor(Math.max(0, range.start) / CATALOGUE_PAGE_SIZE);
  const last = Math.floor(Math.max(range.start, range.end) / CATALOGUE_PAGE_SIZE);
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/**
 * A list of up to 100,000 rows fetched a page at a time, only where the user looks: the grid
 * reports the rows in view, and the pages holding them are asked for (the first page always, for
 * the total). Scrolling far down with the scrollbar asks only for the pages landed on, not every page
 * before them. A refetch (realtime) keeps each page's rows on screen until the new ones arrive.
 */
export function usePagedRows<Row>(view: CatalogueView, range: RowRange, fetchPage: FetchPage<Row>) {
  const api = useApiClient();
  const wanted = [...new Set([0, ...pagesOf(range)])];
  const pages = useQueries({
    queries: wanted.map((pageIndex) => ({
      queryKey: catalogueKeys.page(view, pageIndex),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        fetchPage(api, { limit: CATALOGUE_PAGE_SIZE, offset: pageIndex * CATALOGUE_PAGE_SIZE }, signal),
    })),
  });

  const byPage = new Map<number, RowsPage<Row>>();
  wanted.forEach((pageIndex, i) => {
    const data = pages[i]?.data;
    if (data) byPage.set(pageIndex, data);
  });
  const first = pages[0]!;
  const rowAt = (index: number): Row | undefined =>
    byPage.get(Math.floor(index / CATALOGUE_PAGE_SIZE))?.rows[index % CATALOGUE_PAGE_SIZE];
  /** The rows of the pages in view ("Select all on this page"). */
  const rowsInView = pagesOf(range).flatMap((pageIndex) => byPage.get(pageIndex)?.rows ?? []);

  return {
    total: first.data?.total,
    rowAt,
    rowsInView,
    isPending: first.isPending,
    error: first.error ?? pages.find((page) => page.error)?.error ?? null,
    isFetching: pages.some((page) => page.isFetching),
    refetch: () => Promise.all(pages.map((page) => page.refetch())),
  };
}
