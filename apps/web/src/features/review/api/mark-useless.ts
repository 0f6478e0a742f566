import { markSongUseless } from '@music-review/core/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { reviewDashboardQueryKey } from './get-review-dashboard';
import { songQueryKey } from './get-song';
import { songReviewsQueryKey } from './get-song-reviews';

/**
 * POST /api/v1/songs/{id}/reviews/mine/useless: a quick pass. It counts as the user's review of the
 * current version (the song leaves their pending list) but its zero scores stay out of averages.
 */
export function useMarkUseless(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(markSongUseless, { params: { id: songId } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: songReviewsQueryKey(songId) }),
        queryClient.invalidateQueries({ queryKey: songQueryKey(songId), exact: true }),
        queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey }),
      ]);
    },
  });
}
