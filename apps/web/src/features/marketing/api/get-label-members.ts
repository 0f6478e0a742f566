import { listReviewers } from '@music-review/core/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const labelMembersQueryKey = ['marketing', 'members'] as const;

/** GET /api/v1/reviewers: who a task can be assigned to. */
export function useLabelMembers() {
  const api = useApiClient();
  return useQuery({
    queryKey: labelMembersQueryKey,
    queryFn: ({ signal }) => api.call(listReviewers, { signal }),
    staleTime: 60_000,
  });
}
