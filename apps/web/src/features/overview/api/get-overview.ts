import { getOverview } from '@music-review/core/contracts/overview';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { type OverviewQuery, toOverviewApiParams, toOverviewApiQuery } from '../overview-query';

/** Prefix of every overview query; a change to any song or review makes them all stale. */
export const overviewQueryKey = ['overview'] as const;

/** GET /api/v1/overview for one view, refetched whenever songs or reviews change (realtime). */
export function useOverview(query: OverviewQuery) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: overviewQueryKey });
  useRealtimeTopic('table:songs', invalidate);
  useRealtimeTopic('table:reviews', invalidate);
  const search = toOverviewApiParams(query).toString();
  return useQuery({
    queryKey: [...overviewQueryKey, search],
    queryFn: ({ signal }) => api.call(getOverview, { query: toOverviewApiQuery(query), signal }),
    // Sorting, filtering and paging keep the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
