import { getPayee } from '@music-review/core/contracts/parties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { peopleKeys } from './keys';

/** GET /api/v1/payees/{id}: a payee with the people paying into it and its master shares. */
export function usePayee(id: string | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: peopleKeys.payee(id ?? ''),
    queryFn: ({ signal }) => api.call(getPayee, { params: { id: id ?? '' }, signal }),
    enabled: id !== null,
  });
}
