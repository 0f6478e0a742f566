import type { MyReviewsPageDto } from '@music-review/core/api';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import type { ReviewDashboardDto } from './types';

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
    queryFn: ({ signal }) => api.get<ReviewDashboardDto>('/api/v1/review-dashboard', { signal }),
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
    queryFn: ({ pageParam, signal }) =>
      api.get<MyReviewsPageDto>(`/api/v1/review-dashboard/reviewed?cursor=${encodeURIComponent(pageParam)}`, {
        signal,
      }),
    initialPageParam: cursor ?? '',
    getNextPageParam: (last) => (last.has_more && last.next_cursor ? last.next_cursor : undefined),
    enabled: enabled && cursor !== null,
    retry: false,
  });
}
