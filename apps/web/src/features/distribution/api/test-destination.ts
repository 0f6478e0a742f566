import { testDestination } from '@music-review/core/contracts/distribution';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** POST /api/v1/distribution/destinations/{id}/test: connects and lists the acknowledgement folder. */
export function useTestDestination() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (id: string) => api.call(testDestination, { params: { id } }),
  });
}
