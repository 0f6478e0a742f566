import { getMarketingGeneralIntake } from '@music-review/core/contracts/marketing';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const generalIntakeQueryKey = ['marketing', 'general'] as const;

/** GET /api/v1/marketing/general: the label-wide intake's links and newest submissions, live. */
export function useGeneralIntake() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: generalIntakeQueryKey }),
    [queryClient],
  );
  useRealtimeTopic('table:marketing_forms', refresh);
  return useQuery({
    queryKey: generalIntakeQueryKey,
    queryFn: ({ signal }) => api.call(getMarketingGeneralIntake, { signal }),
  });
}
