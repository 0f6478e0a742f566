import { listTrackViewers } from '@music-review/core/contracts/track-viewers';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const trackViewersQueryKey = (songId: string) => ['track-viewers', songId] as const;

/** Viewers drop out of the 2-minute window without any change to announce it: look again this often. */
export const TRACK_VIEWERS_POLL_MS = 30_000;

/**
 * GET /api/v1/songs/{id}/viewers: who is on the song now, refetched on every track_viewers change
 * of this song and every 30 s (the window closes silently).
 */
export function useTrackViewers(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic('table:track_viewers', (change) => {
    if (change.song_id === songId)
      void queryClient.invalidateQueries({ queryKey: trackViewersQueryKey(songId) });
  });
  return useQuery({
    queryKey: trackViewersQueryKey(songId),
    queryFn: ({ signal }) => api.call(listTrackViewers, { params: { id: songId }, signal }),
    enabled: songId !== '',
    refetchInterval: TRACK_VIEWERS_POLL_MS,
    staleTime: 0,
  });
}
