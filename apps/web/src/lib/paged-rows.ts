/** One answer of a paged list endpoint: a page of rows and how many there are in all. */
export interface RowsPage<Row> {
  rows: readonly Row[];
  total: number;
}

/**
 * The rows of the pages loaded so far, in order, and the total (as the first page counted it),
 * from an infinite query's data; no rows while it loads.
 */
export function pagedRows<Row>(data: { pages: readonly RowsPage<Row>[] } | undefined): {
  rows: Row[];
  total: number;
} {
  const pages = data?.pages ?? [];
  return { rows: pages.flatMap((page) => page.rows), total: pages[0]?.total ?? 0 };
}
