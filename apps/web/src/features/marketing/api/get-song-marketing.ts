import { getSongMarketing } from '@music-review/core/contracts/marketing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const songMarketingQueryKey = (songId: string) => ['marketing', 'song', songId] as const;

/**
 * GET /api/v1/songs/{songId}/marketing: the song's campaigns with their tasks and its questionnaire
 * with its links, live (any change to campaigns, tasks or forms reloads it).
 */
export function useSongMarketing(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: songMarketingQueryKey(songId) }),
    [queryClient, songId],
  );
  useRealtimeTopic('table:marketing_campaigns', refresh);
  useRealtimeTopic('table:marketing_tasks', refresh);
  useRealtimeTopic('table:marketing_forms', refresh);
  return useQuery({
    queryKey: songMarketingQueryKey(songId),
    queryFn: ({ signal }) => api.call(getSongMarketing, { params: { songId }, signal }),
  });
}

/** Reloads the song's Marketing tab: what every change made from it does on success. */
export function useInvalidateSongMarketing(songId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: songMarketingQueryKey(songId) });
}
