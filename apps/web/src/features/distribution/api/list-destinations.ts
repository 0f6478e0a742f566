import { listDestinations } from '@music-review/core/contracts/distribution';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { distributionKeys } from './keys';

/** GET /api/v1/distribution/destinations: the label's destinations, no secret, with unmatched acknowledgements. */
export function useDestinations({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: distributionKeys.destinations,
    queryFn: ({ signal }) => api.call(listDestinations, { signal }),
    enabled,
  });
}
