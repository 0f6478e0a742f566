import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { analyticsKeys } from './keys';

/**
 * Changes arriving together refetch once, at most this long after the first. Longer than Finance's
 * 300 ms: a large import announces its progress many times a second, and what analytics shows only
 * changes once it ends, so a few seconds late is soon enough and spares the server.
 */
export const ANALYTICS_REFRESH_DELAY_MS = 2000;

// An import that ends, is discarded or has its lines deleted (royalty_imports); a resolution that
// matches lines and so rebuilds their rollups (royalty_aliases); a period's exchange rates
// (royalty_periods) and the reporting currency (finance_settings), which change every converted
// figure. Statement lines and rollups have no trigger of their own.
const TOPICS = [
  'table:royalty_imports',
  'table:royalty_aliases',
  'table:royalty_periods',
  'table:finance_settings',
];

/** While /analytics is open, what it shows is read again when statements or their rates change. */
export function useAnalyticsRefresh() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeTopics(TOPICS, () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(() => {
      timer.current = undefined;
      // The A&R funnel reads review data only: none of these change it.
      void queryClient.invalidateQueries({
        queryKey: analyticsKeys.all,
        predicate: (query) => query.queryKey[1] !== 'funnel',
      });
    }, ANALYTICS_REFRESH_DELAY_MS);
  });
}
