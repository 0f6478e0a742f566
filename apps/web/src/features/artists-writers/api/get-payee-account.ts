import { getPayeeAccount } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { peopleKeys } from './keys';

/**
 * GET /api/v1/finance/payees/{id}/account: the payee's royalty balance per contract, statements and
 * payments. Kept under the people keys, so a realtime change to people or payees reloads it too.
 */
export function usePayeeAccount(payeeId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: peopleKeys.payeeAccount(payeeId),
    queryFn: ({ signal }) => api.call(getPayeeAccount, { params: { id: payeeId }, signal }),
  });
}
