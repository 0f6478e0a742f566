import { listSongAssets } from '@music-review/core/contracts/assets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';

export const songAssetsQueryKey = (songId: string) => ['song-assets', songId] as const;

/**
 * GET /api/v1/songs/{songId}/assets: the song's release and artist assets (every version of each
 * kind) and its readiness, live: uploads by others and a confirmed metadata form refresh it.
 */
export function useSongAssets(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopics(['table:song_assets', 'table:release_readiness', 'table:metadata_forms'], () => {
    void queryClient.invalidateQueries({ queryKey: songAssetsQueryKey(songId) });
  });
  return useQuery({
    queryKey: songAssetsQueryKey(songId),
    queryFn: ({ signal }) => api.call(listSongAssets, { params: { songId }, signal }),
    // Download URLs are signed for an hour: refresh well before.
    refetchInterval: 30 * 60 * 1000,
  });
}

/** Reloads the song's assets: what every change made from the tabs does afterwards. */
export function useRefreshAssets(songId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: songAssetsQueryKey(songId) });
}
