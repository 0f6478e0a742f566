import { getRecordingLineage } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/recordings/{id}/lineage: the demo, its reviews, the decision, the contract. */
export function useRecordingLineage(id: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.lineage(id),
    queryFn: ({ signal }) => api.call(getRecordingLineage, { params: { id }, signal }),
    enabled,
  });
}
