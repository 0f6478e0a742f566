import { listPayees } from '@music-review/core/contracts/parties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys, PAYEE_CHOICES_LIMIT } from './accounting-keys';

/** GET /api/v1/payees: the label's payees a contract's terms may name (the first 200). */
export function usePayeeChoices() {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.payees,
    queryFn: ({ signal }) => api.call(listPayees, { query: { limit: PAYEE_CHOICES_LIMIT }, signal }),
    staleTime: 30_000,
  });
}
