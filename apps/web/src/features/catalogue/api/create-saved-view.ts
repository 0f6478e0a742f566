import { createSavedView } from '@music-review/core/contracts/catalogue';
import type { BodyOf } from '@music-review/core/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** POST /api/v1/catalogue/views: saves a tab's current filters under a name. */
export function useCreateSavedView() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof createSavedView>) => api.call(createSavedView, { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.views }),
  });
}
