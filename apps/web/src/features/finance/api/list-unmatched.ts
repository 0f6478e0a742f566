import { listUnmatched } from '@music-review/core/contracts/royalties';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { financeKeys, UNMATCHED_PAGE_SIZE } from './keys';

/**
 * GET /api/v1/finance/unmatched: the lines that matched nothing, grouped by source and identifier,
 * largest amount first (the server's order, kept), 50 groups at a time, searched on the server.
 */
export function useUnmatched(q: string, { enabled = true } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: financeKeys.unmatched(q),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listUnmatched, {
        query: { ...(q ? { q } : {}), limit: UNMATCHED_PAGE_SIZE, offset: pageParam },
        signal,
      }),
    enabled,
    // A new search keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.rows.length;
      return lastPage.rows.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
