import { listReceiptFiles } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { accountingKeys } from './accounting-keys';

/**
 * GET /api/v1/finance/deals/{id}/receipt-files: the files of the project folder of the contract's
 * song (none deleted), newest first, and the song a new receipt is uploaded to.
 */
export function useReceiptFiles(dealId: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: accountingKeys.receiptFiles(dealId),
    queryFn: ({ signal }) => api.call(listReceiptFiles, { params: { id: dealId }, signal }),
  });
}
