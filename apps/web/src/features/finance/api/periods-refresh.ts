import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { accountingKeys } from './accounting-keys';

// A period's row announces its run starting, ending or failing, and its approval and publication.
const PERIOD_TOPICS = ['table:royalty_periods'];

/**
 * While the Statements tab is open: a change to a period refetches the periods on screen and their
 * statements (a run that ends replaces them). A publication moves every contract's balance too.
 */
export function usePeriodsRefresh() {
  const queryClient = useQueryClient();
  useRealtimeTopics(PERIOD_TOPICS, () => {
    void queryClient.invalidateQueries({ queryKey: accountingKeys.periods });
    void queryClient.invalidateQueries({ queryKey: accountingKeys.statements });
    void queryClient.invalidateQueries({ queryKey: accountingKeys.deals });
  });
}
