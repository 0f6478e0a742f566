import { listLedger } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/** Receipt links are signed for an hour: the ledger is read again well before. */
const RECEIPT_LINK_REFRESH_MS = 30 * 60 * 1000;

/**
 * GET /api/v1/finance/deals/{id}/ledger: every entry of a contract, oldest first, and each payee's
 * balance. Read again every 30 minutes so the receipts' signed links (valid an hour) never go stale.
 */
export function useLedger(dealId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.ledger(dealId),
    queryFn: ({ signal }) => api.call(listLedger, { params: { id: dealId }, signal }),
    refetchInterval: RECEIPT_LINK_REFRESH_MS,
  });
}
