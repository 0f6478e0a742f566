import { listSavedViews } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/views: the member's saved grid views. */
export function useSavedViews(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.views,
    queryFn: ({ signal }) => api.call(listSavedViews, { signal }),
    enabled,
  });
}
