import { analyticsLines } from '@music-review/core/contracts/analytics-income';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { LinesFilter } from '../analytics-types';
import { analyticsKeys, LINES_PAGE_SIZE } from './keys';

/**
 * GET /api/v1/analytics/lines for one alert's filter (its recording, source, store or territory and
 * months): the statement lines behind it, newest month first, 50 at a time, with what they add up to.
 */
export function useAnalyticsLines(filter: LinesFilter) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: analyticsKeys.lines(filter),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      api.call(analyticsLines, {
        query: { ...filter, limit: LINES_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
        signal,
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}
