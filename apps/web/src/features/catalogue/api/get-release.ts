import { getRelease } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/releases/{id}: every field, the ordered tracks and the audit log. */
export function useRelease(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.release(id),
    queryFn: ({ signal }) => api.call(getRelease, { params: { id }, signal }),
  });
}
