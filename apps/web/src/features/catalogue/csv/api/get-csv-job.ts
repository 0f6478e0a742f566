import { getJob } from '@music-review/core/contracts/jobs';
import { isFinishedJob } from '@music-review/core/jobs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../../lib/api-context';
import { useRealtimeTopic } from '../../../../lib/realtime-context';

export const csvJobKey = (id: string) => ['catalogue', 'csv-job', id] as const;

/** How often a running job is asked again when no realtime change arrives. */
const POLL_MS = 1000;

/**
 * GET /api/v1/jobs/{id}: a dry run's or an import's progress and result. Its changes arrive over the
 * socket (table jobs, to its starter only); it is also asked every second until it has finished.
 */
export function useCsvJob(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic('table:jobs', (change) => {
    if (change.id === id) void queryClient.invalidateQueries({ queryKey: csvJobKey(id) });
  });
  return useQuery({
    queryKey: csvJobKey(id),
    queryFn: ({ signal }) => api.call(getJob, { params: { id }, signal }),
    refetchInterval: (query) =>
      query.state.data && isFinishedJob(query.state.data.status) ? false : POLL_MS,
  });
}
