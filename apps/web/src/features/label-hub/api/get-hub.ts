import { getLabelHub } from '@music-review/core/contracts/hub';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const hubQueryKey = ['hub'] as const;

/** GET /api/v1/hub, refetched live whenever a table behind one of its numbers or dots changes. */
export function useHub() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: hubQueryKey });
  useRealtimeTopic('table:songs', refresh);
  useRealtimeTopic('table:reviews', refresh);
  useRealtimeTopic('table:reviewers', refresh);
  useRealtimeTopic('table:contracts', refresh);
  useRealtimeTopic('table:metadata_forms', refresh);
  useRealtimeTopic('table:user_presence', refresh);
  useRealtimeTopic('table:organization_usage_metrics', refresh);
  useRealtimeTopic('table:organizations', refresh);
  return useQuery({
    queryKey: hubQueryKey,
    queryFn: ({ signal }) => api.call(getLabelHub, { signal }),
  });
}
