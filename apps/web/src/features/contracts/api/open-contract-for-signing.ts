import { openContractForSigning } from '@music-review/core/contracts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

// The public calls: the signer has no account and the token is the only credential. The server reads
// no session on these routes, so a label member trying the link is treated like the signer.

export const publicContractQueryKey = (contractId: string, token: string) =>
  ['public-contract', contractId, token] as const;

/**
 * GET /api/v1/public/contracts/{id}?token=: the signing page's document, who signs and the signer the
 * link is for. A refused link stays refused, so no retry or refetch on focus.
 */
export function usePublicContract(contractId: string, token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: publicContractQueryKey(contractId, token),
    queryFn: ({ signal }) =>
      api.call(openContractForSigning, { params: { id: contractId }, query: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
