import { recordPayments } from '@music-review/core/contracts/royalties';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import type { PaymentsBody } from '../payments-types';
import { accountingKeys } from './accounting-keys';
import { paymentsKeys } from './payments-keys';

/**
 * POST /api/v1/finance/payments: payments made, each into the ledger of the contracts that owed it.
 * 400 names the row's field (`items.2.amount`: more than is owed; `items.0.paid_on`: in a published
 * period). What is owed, the history and every contract's balance and ledger are read again.
 */
export function useRecordPayments() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentsBody) => api.call(recordPayments, { body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountingKeys.deals });
    },
  });
}
