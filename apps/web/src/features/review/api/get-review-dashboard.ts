import { useQuery, useQueryClient } from '@tanstack/react-query';
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
