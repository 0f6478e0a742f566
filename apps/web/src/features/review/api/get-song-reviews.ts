import { listSongReviews } from '@music-review/core/contracts/reviews';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const songReviewsQueryKey = (songId: string) => ['review', 'song', songId, 'reviews'] as const;

/** GET /api/v1/songs/{id}/reviews: others' reviews of the current version only after mine. */
export function useSongReviews(songId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: songReviewsQueryKey(songId),
    queryFn: ({ signal }) => api.call(listSongReviews, { params: { id: songId }, signal }),
  });
}
