import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { SongReviewsDto } from './types';

export const songReviewsQueryKey = (songId: string) => ['review', 'song', songId, 'reviews'] as const;

/** GET /api/v1/songs/{id}/reviews: others' reviews of the current version only after mine. */
export function useSongReviews(songId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: songReviewsQueryKey(songId),
    queryFn: ({ signal }) =>
      api.get<SongReviewsDto>(`/api/v1/songs/${encodeURIComponent(songId)}/reviews`, { signal }),
  });
}
