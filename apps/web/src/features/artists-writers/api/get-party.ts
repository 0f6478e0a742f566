import { getParty } from '@music-review/core/contracts/parties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { peopleKeys } from './keys';

/** GET /api/v1/parties/{id}: a person page's record with their credits, contracts and history. */
export function useParty(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: peopleKeys.party(id),
    queryFn: ({ signal }) => api.call(getParty, { params: { id }, signal }),
  });
}
