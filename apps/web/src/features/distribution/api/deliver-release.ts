import { deliverRelease } from '@music-review/core/contracts/distribution';
import type { DeliveryKind } from '@music-review/core/distribution';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

/**
 * POST /api/v1/distribution/releases/{id}/deliver: a new delivery, an update or a takedown to every
 * enabled destination. Refused with 422 (not ready, the ERN failed the schema) or 409 (one in
 * flight, never delivered); either way the release is read again, so the last validation shows.
 */
export function useDeliverRelease(releaseId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: DeliveryKind) =>
      api.call(deliverRelease, { params: { id: releaseId }, body: { kind } }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: distributionKeys.release(releaseId) });
      void queryClient.invalidateQueries({ queryKey: distributionKeys.lists });
    },
  });
}
