import { getRecording } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/recordings/{id}: every field, credits, work, splits, releases and audit log. */
export function useRecording(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.recording(id),
    queryFn: ({ signal }) => api.call(getRecording, { params: { id }, signal }),
  });
}
