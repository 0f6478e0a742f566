import { updateRelease } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** PATCH /api/v1/catalogue/releases/{id}: the changed fields and track order; a stale row_version answers 409. */
export function useUpdateRelease() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BodyOf<typeof updateRelease> }) =>
      api.call(updateRelease, { params: { id }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(catalogueKeys.release(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('releases') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.attention });
    },
  });
}
