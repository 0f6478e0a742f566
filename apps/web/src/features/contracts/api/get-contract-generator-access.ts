import { getContractGeneratorAccess } from '@music-review/core/contracts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { contractsQueryKey } from './contracts-cache';

export const generatorAccessQueryKey = [...contractsQueryKey, 'generator'] as const;

/** GET /api/v1/contracts/generator: whether the label's plan lets it generate contracts, and why not. */
export function useGeneratorAccess() {
  const api = useApiClient();
  return useQuery({
    queryKey: generatorAccessQueryKey,
    queryFn: ({ signal }) => api.call(getContractGeneratorAccess, { signal }),
  });
}
