import { listLedger } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** GET /api/v1/finance/deals/{id}/ledger: every entry of a contract, oldest first, and each payee's balance. */
export function useLedger(dealId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.ledger(dealId),
    queryFn: ({ signal }) => api.call(listLedger, { params: { id: dealId }, signal }),
  });
}
