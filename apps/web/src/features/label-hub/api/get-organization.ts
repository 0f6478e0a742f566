import { getOrganization } from '@music-review/core/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const organizationQueryKey = ['organization'] as const;

/** GET /api/v1/organization: the caller's label; invite_code is present for admins only. */
export function useOrganization() {
  const api = useApiClient();
  return useQuery({
    queryKey: organizationQueryKey,
    queryFn: ({ signal }) => api.call(getOrganization, { signal }),
  });
}
