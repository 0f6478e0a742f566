import { getNeedsAttention } from '@music-review/core/contracts/catalogue';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/catalogue/attention: conflicts and gaps, each linked to where it is fixed. */
export function useNeedsAttention(enabled = true) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.attention,
    queryFn: ({ signal }) => api.call(getNeedsAttention, { query: {}, signal }),
    enabled,
  });
}
