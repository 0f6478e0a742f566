import { getTeam } from '@music-review/core/contracts/team';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const teamQueryKey = ['team'] as const;

/** GET /api/v1/team (admins): members and roles, the invitation code, the plan and its usage. */
export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: teamQueryKey,
    queryFn: ({ signal }) => api.call(getTeam, { signal }),
    enabled,
  });
}
