import { getContract } from '@music-review/core/contracts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { contractsQueryKey } from './contracts-cache';

export const contractDetailQueryKey = (id: string) => [...contractsQueryKey, 'detail', id] as const;

/** GET /api/v1/contracts/{id}: a contract with its signers and audit trail, fetched once `enabled`. */
export function useContractDetail(id: string, enabled: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: contractDetailQueryKey(id),
    queryFn: ({ signal }) => api.call(getContract, { params: { id }, signal }),
    enabled,
  });
}
