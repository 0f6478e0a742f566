import { listContractTemplates } from '@music-review/core/contracts/contracts';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { contractsQueryKey } from './contracts-cache';

export const contractTemplatesQueryKey = [...contractsQueryKey, 'templates'] as const;

/** GET /api/v1/contract-templates: the built-in templates, then the label's own. */
export function useContractTemplates() {
  const api = useApiClient();
  return useQuery({
    queryKey: contractTemplatesQueryKey,
    queryFn: ({ signal }) => api.call(listContractTemplates, { signal }),
  });
}
