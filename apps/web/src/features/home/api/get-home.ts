import { getHome } from '@music-review/core/contracts/hub';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const homeQueryKey = ['home'] as const;

/**
 * GET /api/v1/home, refetched live: songs and reviews move the pending list; notifications, mentions
 * and read marks move the rest (the server sends the caller only what they may see).
 */
export function useHome() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: homeQueryKey });
  useRealtimeTopic('table:songs', refresh);
  useRealtimeTopic('table:song_revisions', refresh);
  useRealtimeTopic('table:reviews', refresh);
  useRealtimeTopic('table:notifications', refresh);
  useRealtimeTopic('table:message_mentions', refresh);
  useRealtimeTopic('table:message_reads', refresh);
  return useQuery({
    queryKey: homeQueryKey,
    queryFn: ({ signal }) => api.call(getHome, { signal }),
  });
}
