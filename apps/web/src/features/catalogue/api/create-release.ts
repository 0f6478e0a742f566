import { createRelease } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** POST /api/v1/catalogue/releases ("New release"): a release from recordings, in order. */
export function useCreateRelease() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createRelease>) => api.call(createRelease, { body }),
    onSuccess: (release) => {
      queryClient.setQueryData(catalogueKeys.release(release.id), release);
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('releases') });
      void queryClient.invalidateQueries({ queryKey: catalogueKeys.lists('recordings') });
    },
  });
}
