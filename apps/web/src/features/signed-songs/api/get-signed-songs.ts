import type { OverviewDto } from '@music-review/core/api';
import { keepPreviousData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const SIGNED_SONGS_PAGE_SIZE = 50;

/**
 * Under the 'overview' prefix on purpose: the list comes from GET /api/v1/overview, so whatever
 * refreshes the Overview (a bulk decision, for one) refreshes this list too.
 */
export const signedSongsQueryKey = (search: string) => ['overview', 'signed-songs', search] as const;

/**
 * The label's signed songs, newest submission first (GET /api/v1/overview?status=signed), 50 at a
 * time; `search` matches the title or the artist. Refetched when songs or reviews change.
 */
export function useSignedSongs(search: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: ['overview', 'signed-songs'] });
  useRealtimeTopic('table:songs', invalidate);
  useRealtimeTopic('table:reviews', invalidate);
  return useInfiniteQuery({
    queryKey: signedSongsQueryKey(search),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({
        status: 'signed',
        sort: 'submitted_at',
        order: 'desc',
        limit: String(SIGNED_SONGS_PAGE_SIZE),
        offset: String(pageParam),
      });
      if (search) params.set('q', search);
      return api.get<OverviewDto>(`/api/v1/overview?${params}`, { signal });
    },
    // A new search keeps the current cards on screen until its results arrive.
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.songs.length;
      return lastPage.songs.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
