import { listMyFeedback } from '@music-review/core/contracts/feedback';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

export const myFeedbackQueryKey = ['feedback', 'mine'] as const;

/** GET /api/v1/feedback: what the caller sent, newest first (also refreshed from their other tabs). */
export function useMyFeedback() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopic(
    'table:feedback',
    () => void queryClient.invalidateQueries({ queryKey: myFeedbackQueryKey }),
  );
  return useQuery({
    queryKey: myFeedbackQueryKey,
    queryFn: ({ signal }) => api.call(listMyFeedback, { signal }),
  });
}
