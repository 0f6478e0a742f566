import { setStoreStatus } from '@music-review/core/contracts/distribution';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { ReleaseDistributionDto } from '../distribution-types';
import { distributionKeys } from './keys';

/** POST /api/v1/distribution/releases/{id}/store-status: what a distributor's dashboard says, with a note. */
export function useSetStoreStatus(releaseId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof setStoreStatus>) =>
      api.call(setStoreStatus, { params: { id: releaseId }, body }),
    onSuccess: ({ stores }) => {
      queryClient.setQueryData<ReleaseDistributionDto>(distributionKeys.release(releaseId), (current) =>
        current ? { ...current, stores } : current,
      );
      // The history gained the change, and the list's status may have moved.
      void queryClient.invalidateQueries({ queryKey: distributionKeys.release(releaseId) });
      void queryClient.invalidateQueries({ queryKey: distributionKeys.lists });
    },
  });
}
