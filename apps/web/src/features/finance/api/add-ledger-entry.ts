import { addLedgerEntry } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { EntryBody } from '../accounting-types';
import { accountingKeys } from './accounting-keys';

/**
 * POST /api/v1/finance/deals/{id}/ledger: an opening balance, advance, cost or adjustment. 400 names
 * the field (a currency not the payee's, a date in a published period). The ledger and every
 * balance on the Contracts tab are read again.
 */
export function useAddLedgerEntry(dealId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EntryBody) => api.call(addLedgerEntry, { params: { id: dealId }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: accountingKeys.deals }),
  });
}
