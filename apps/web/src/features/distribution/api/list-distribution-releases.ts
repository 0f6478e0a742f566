import { listDistributionReleases } from '@music-review/core/contracts/distribution';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { DISTRIBUTION_PAGE_SIZE, type DistributionFilters, distributionKeys } from './keys';

/**
 * GET /api/v1/distribution/releases: the label's releases with their pipeline status, 50 at a time
 * ("Show more"), filtered on the server; every page carries the label-wide counts.
 */
export function useDistributionReleases(filters: DistributionFilters, { enabled = true } = {}) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: distributionKeys.list(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listDistributionReleases, {
        query: {
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.destination ? { destination: filters.destination } : {}),
          ...(filters.q ? { q: filters.q } : {}),
          limit: DISTRIBUTION_PAGE_SIZE,
          offset: pageParam,
        },
        signal,
      }),
    enabled,
    // A new filter keeps the rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.rows.length;
      return lastPage.rows.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
