import { listSignedSongs } from '@music-review/core/contracts/signed-songs';
import type { WorkflowStage } from '@music-review/core/signed-songs';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useWorkflowRefresh } from './workflow-refresh';

export const SIGNED_SONGS_PAGE_SIZE = 50;

export interface SignedSongsFilters {
  search: string;
  artist: string;
  stage: WorkflowStage | '';
}

export const signedSongsQueryKey = (filters: SignedSongsFilters) =>
  ['signed-songs', 'list', filters] as const;

/**
 * The label's signed songs with their workflow chips, newest submission first, 50 at a time
 * (GET /api/v1/signed-songs); `search` matches the title or the artist, `artist` is one artist
 * exactly (any case), `stage` the first step not done yet.
 */
export function useSignedSongs(filters: SignedSongsFilters) {
  const api = useApiClient();
  useWorkflowRefresh();
  return useInfiniteQuery({
    queryKey: signedSongsQueryKey(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listSignedSongs, {
        query: {
          limit: SIGNED_SONGS_PAGE_SIZE,
          offset: pageParam,
          ...(filters.search ? { q: filters.search } : {}),
          ...(filters.artist ? { artist: filters.artist } : {}),
          ...(filters.stage ? { stage: filters.stage } : {}),
        },
        signal,
      }),
    // A new search keeps the current cards on screen until its results arrive.
    placeholderData: keepPreviousData,
    getNextPageParam: (lastPage, _pages, lastOffset) => {
      const next = lastOffset + lastPage.songs.length;
      return lastPage.songs.length > 0 && next < lastPage.total ? next : undefined;
    },
  });
}
