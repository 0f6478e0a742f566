import { getParty } from '@music-review/core/contracts/parties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { catalogueKeys } from './keys';

/** GET /api/v1/parties/{id}: here only for the name of the person a filter names. */
export function usePartyName(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: catalogueKeys.party(id),
    queryFn: ({ signal }) => api.call(getParty, { params: { id }, signal }),
    enabled: id !== '',
    select: (party) => party.name,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
