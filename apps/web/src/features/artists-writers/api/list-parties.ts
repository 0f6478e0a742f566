import { listParties } from '@music-review/core/contracts/parties';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { type PartyListFilters, PEOPLE_PAGE_SIZE, peopleKeys } from './keys';

/**
 * GET /api/v1/parties: the label's people (with one role, or all), 50 at a time, searched by name, other
 * credited names, legal name, IPI or ISNI on the server.
 */
export function useParties(filters: PartyListFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: peopleKeys.parties(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listParties, {
        query: {
          ...(filters.role ? { role: filters.role } : {}),
          sort: filters.sort,
          limit: PEOPLE_PAGE_SIZE,
          offset: pageParam,
          ...(filters.q ? { q: filters.q } : {}),
        },
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
