import { listPaymentsDue } from '@music-review/core/contracts/royalties';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { paymentsKeys } from './payments-keys';

/**
 * GET /api/v1/finance/payments/due: every payee that published statements leave owed money, largest
 * first, whether above their minimum payout, what is missing to pay them, and the totals per currency
 * of those above it (the summary's "To pay").
 */
export function usePaymentsDue({ enabled = true } = {}) {
  const api = useApiClient();
  return useQuery({
    queryKey: paymentsKeys.due,
    queryFn: ({ signal }) => api.call(listPaymentsDue, { signal }),
    enabled,
  });
}
