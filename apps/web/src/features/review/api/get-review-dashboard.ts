import { getReviewDashboard, listMyReviews } from '@music-review/core/contracts/reviews';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const reviewDashboardQueryKey = ['review', 'dashboard'] as const;

/** GET /api/v1/review-dashboard, refetched whenever songs or reviews change (realtime). */
export function useReviewDashboard() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey });
  useRealtimeTopic('table:reviews', invalidate);
  useRealtimeTopic('table:songs', invalidate);
  return useQuery({
    queryKey: reviewDashboardQueryKey,
    queryFn: ({ signal }) => api.call(getReviewDashboard, { signal }),
  });
}

/**
 * My Reviews past the dashboard's first page: pages of GET /api/v1/review-dashboard/reviewed from
 * the dashboard's cursor, fetched only once the reader asks (`enabled`). Filed under the dashboard's
 * key, so whatever refreshes the dashboard refreshes these pages too.
 */
export function useMoreReviews(cursor: string | null, enabled: boolean) {
  const api = useApiClient();
  return useInfiniteQuery({
    queryKey: [...reviewDashboardQueryKey, 'reviewed', cursor] as const,
    queryFn: ({ pageParam, signal }) => api.call(listMyReviews, { query: { cursor: pageParam }, signal }),
    initialPageParam: cursor ?? '',
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    enabled: enabled && cursor !== null,
    retry: false,
  });
}
