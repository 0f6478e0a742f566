import { getSignedSongOverview, listSignedSongs } from '@music-review/core/contracts/signed-songs';
import type { WorkflowStage } from '@music-review/core/signed-songs';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';

export const SIGNED_SONGS_PAGE_SIZE = 50;

export interface SignedSongsFilters {
  search: string;
  artist: string;
  stage: WorkflowStage | '';
}

export const signedSongsQueryKey = (filters: SignedSongsFilters) =>
  ['signed-songs', 'list', filters] as const;
export const signedSongOverviewQueryKey = (songId: string) => ['signed-songs', 'overview', songId] as const;

// Every table a chip or the Overview tab reads: a change to any of them refreshes both.
const WORKFLOW_TOPICS = [
  'songs',
  'reviews',
  'contracts',
  'metadata_forms',
  'label_copies',
  'song_assets',
  'release_readiness',
  'marketing_campaigns',
  'marketing_tasks',
  'project_files',
].map((table) => `table:${table}`);

function useWorkflowRefresh() {
  const queryClient = useQueryClient();
  const invalidate = () => void queryClient.invalidateQueries({ queryKey: ['signed-songs'] });
  useRealtimeTopics(WORKFLOW_TOPICS, invalidate);
}

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

/** One signed song's progress and blockers (GET /api/v1/signed-songs/{songId}), kept live. */
export function useSignedSongOverview(songId: string) {
  const api = useApiClient();
  useWorkflowRefresh();
  return useQuery({
    queryKey: signedSongOverviewQueryKey(songId),
    queryFn: ({ signal }) => api.call(getSignedSongOverview, { params: { songId }, signal }),
  });
}
