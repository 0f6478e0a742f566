import { getBranding } from '@music-review/core/contracts/branding';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** Prefix of every branding query; the organization id follows, so labels never share an entry. */
export const brandingQueryKey = ['branding'] as const;
export const brandingQueryKeyFor = (organizationId: string) => [...brandingQueryKey, organizationId] as const;

/** Signed logo and favicon links last 12 to 24 hours (server); refetching hourly keeps them fresh. */
const REFETCH_MS = 60 * 60_000;

/** GET /api/v1/branding for the caller's organization; off while there is none. */
export function useBrandingQuery(organizationId: string | null | undefined) {
  const api = useApiClient();
  return useQuery({
    queryKey: brandingQueryKeyFor(organizationId ?? ''),
    queryFn: ({ signal }) => api.call(getBranding, { signal }),
    enabled: !!organizationId,
    refetchInterval: REFETCH_MS,
  });
}
