import { submitMyReview } from '@music-review/core/contracts/reviews';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-context';
import { reviewDashboardQueryKey } from './get-review-dashboard';
import { songQueryKey } from './get-song';
import { songReviewsQueryKey } from './get-song-reviews';

export const SCORES_REQUIRED_MESSAGE = 'Give all three scores from 1 to 10';

const score = z
  .number({ error: SCORES_REQUIRED_MESSAGE })
  .int(SCORES_REQUIRED_MESSAGE)
  .min(1, SCORES_REQUIRED_MESSAGE)
  .max(10, SCORES_REQUIRED_MESSAGE);

/** The review form's input: three whole scores 1-10 and an optional comment. */
export const reviewInputSchema = z.object({
  musical_score: score,
  artist_score: score,
  overall_score: score,
  comment: z.string().trim().max(5000).optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** PUT /api/v1/songs/{id}/reviews/mine: creates (201) or edits (200) the user's review. */
export function useSaveMyReview(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => api.call(submitMyReview, { params: { id: songId }, body: input }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: songReviewsQueryKey(songId) }),
        queryClient.invalidateQueries({ queryKey: songQueryKey(songId), exact: true }),
        queryClient.invalidateQueries({ queryKey: reviewDashboardQueryKey }),
      ]);
    },
  });
}
