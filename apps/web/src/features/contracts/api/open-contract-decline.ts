import { openContractDecline } from '@music-review/core/contracts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

export const publicDeclineQueryKey = (token: string) => ['public-contract-decline', token] as const;

/**
 * GET /api/v1/public/contract-declines/{token} (public, the token is the only credential): the
 * contract a decline link is for. A refused link stays refused, so no retry or refetch on focus.
 */
export function usePublicDecline(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: publicDeclineQueryKey(token),
    queryFn: ({ signal }) => api.call(openContractDecline, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
