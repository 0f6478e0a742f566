import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { catalogueKeys } from './keys';

// Every table the grid, the drawers, "Needs attention" and the settings read. An import announces
// one BULK change per batch; it arrives here like any other change.
const CATALOGUE_TOPICS = [
  'recordings',
  'releases',
  'works',
  'parties',
  'payees',
  'catalogue_settings',
  'upc_pool',
  'saved_views',
].map((table) => `table:${table}`);

/** Changes arriving together (an import's batches) refetch once. */
const REFRESH_DELAY_MS = 300;

/**
 * While mounted, a change to the catalogue refetches what is on screen: the visible pages of the grid
 * (the scroll position stays, the row count is kept), an open record (its form keeps what the member
 * typed) and the counts. Queries not on screen are only marked stale.
 */
export function useCatalogueRefresh() {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useRealtimeTopics(CATALOGUE_TOPICS, () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
      REFRESH_DELAY_MS,
    );
  });
}
