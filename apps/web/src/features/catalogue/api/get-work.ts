import { getWork } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/works/{id}: writers with shares (and their history), recordings, audit log. */
export function useWork(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.work(id),
    queryFn: ({ signal }) => api.call(getWork, { params: { id }, signal }),
  });
}
