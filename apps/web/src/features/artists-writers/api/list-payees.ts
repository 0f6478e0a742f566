import { listPayees } from '@music-review/core/contracts/parties';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { PEOPLE_PAGE_SIZE, peopleKeys } from './keys';

/** GET /api/v1/payees: the label's payees, 50 at a time, searched by name on the server. */
export function usePayees(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: peopleKeys.payees(q),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listPayees, {
        query: { limit: PEOPLE_PAGE_SIZE, offset: pageParam, ...(q ? { q } : {}) },
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.rows.length;
      return lastPage.rows.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
