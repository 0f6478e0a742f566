import { getSignedSongOverview } from '@music-review/core/contracts/signed-songs';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useWorkflowRefresh } from './workflow-refresh';

export const signedSongOverviewQueryKey = (songId: string) => ['signed-songs', 'overview', songId] as const;

/** One signed song's progress and blockers (GET /api/v1/signed-songs/{songId}), kept live. */
export function useSignedSongOverview(songId: string) {
  const api = useApiClient();
  useWorkflowRefresh();
  return useQuery({
    queryKey: signedSongOverviewQueryKey(songId),
    queryFn: ({ signal }) => api.call(getSignedSongOverview, { params: { songId }, signal }),
  });
}
