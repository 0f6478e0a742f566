import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { accountingKeys } from './accounting-keys';
import { useBatched } from './finance-refresh';
import { paymentsKeys } from './payments-keys';

// A payment recorded by another member; any ledger entry (a publication's earnings, an advance, a
// payment's share) moves what is owed and what is unrecouped. A publication writes many entries at
// once: they refetch once, batched.
const PAYMENT_TOPICS = ['table:royalty_payments', 'table:ledger_entries'];

/**
 * While /finance is open: a payment or ledger change refetches what is owed, the history and the
 * contracts' balances (the summary's "To pay" and "Unrecouped advances" come from them).
 */
export function usePaymentsRefresh() {
  const queryClient = useQueryClient();
  const refresh = useBatched(() => {
    void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
    void queryClient.invalidateQueries({ queryKey: accountingKeys.deals });
  });
  useRealtimeTopics(PAYMENT_TOPICS, refresh);
}
