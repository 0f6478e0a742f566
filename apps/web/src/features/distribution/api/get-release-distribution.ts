import { getReleaseDistribution } from '@music-review/core/contracts/distribution';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

/** While the server still inspects a release's files, the page asks again this often. */
export const CHECKING_REFETCH_MS = 2000;

/**
 * GET /api/v1/distribution/releases/{id}: readiness, deal terms, stores, deliveries, the last
 * validation and the history. Asked again every 2 s while files are being checked.
 */
export function useReleaseDistribution(id: string, { enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: distributionKeys.release(id),
    queryFn: ({ signal }) => api.call(getReleaseDistribution, { params: { id }, signal }),
    enabled,
    // Readiness is worked out on every read: coming back from fixing a recording in the catalogue
    // must show the fix, so the page always asks again when it opens.
    staleTime: 0,
    refetchInterval: (query) =>
      (query.state.data?.readiness.checking ?? 0) > 0 ? CHECKING_REFETCH_MS : false,
  });
}
