import { listTeamPresence } from '@music-review/core/contracts/presence';
import { PRESENCE_MENU_POLL_MS } from '@music-review/core/presence';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const teamPresenceQueryKey = ['presence', 'team'] as const;

/**
 * GET /api/v1/presence while mounted (the open user menu): refreshed every 10 s and on any change
 * of user_presence or track_viewers (spec sections 2 and 9).
 */
export function useTeamPresence() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamPresenceQueryKey });
  useRealtimeTopic('table:user_presence', refresh);
  useRealtimeTopic('table:track_viewers', refresh);
  return useQuery({
    queryKey: teamPresenceQueryKey,
    queryFn: ({ signal }) => api.call(listTeamPresence, { signal }),
    refetchInterval: PRESENCE_MENU_POLL_MS,
    // Who is online changes by the minute: never show an old answer as fresh.
    staleTime: 0,
  });
}
