import type { ChangeMessage } from '@music-review/core/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { distributionKeys } from './keys';

/** Changes arriving together (a delivery updating every store) refetch once. */
const REFRESH_DELAY_MS = 300;

// What /distribution shows: the releases' pipeline, their stores and the destinations.
const LIST_TOPICS = [
  'releases',
  'release_distribution',
  'distribution_store_status',
  'distribution_deliveries',
  'distribution_destinations',
  'distribution_acks',
].map((table) => `table:${table}`);

// What one release's page shows: its stores, deliveries and history (each change names the
// release), its deal terms, and the destinations (Deliver needs one).
const RELEASE_TOPICS = [
  'distribution_store_status',
  'distribution_deliveries',
  'distribution_events',
  'release_distribution',
  'distribution_destinations',
  'releases',
].map((table) => `table:${table}`);

function useDebounced(run: () => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), REFRESH_DELAY_MS);
  };
}

/** While mounted, a change to any release's distribution or to a destination refetches the list and the destinations. */
export function useDistributionListRefresh() {
  const queryClient = useQueryClient();
  const refresh = useDebounced(() => {
    void queryClient.invalidateQueries({ queryKey: distributionKeys.lists });
    void queryClient.invalidateQueries({ queryKey: distributionKeys.destinations });
  });
  useRealtimeTopics(LIST_TOPICS, refresh);
}

/** Whether a change concerns the release on screen (ids compared as the database writes them, lower case). */
export function concernsRelease(change: ChangeMessage, releaseId: string): boolean {
  const id = releaseId.toLowerCase();
  if (change.table === 'distribution_destinations') return true;
  if (change.table === 'releases') return change.id?.toLowerCase() === id;
  return change.release_id?.toLowerCase() === id || (change.event === 'BULK' && !change.release_id);
}

/** While mounted, a change to this release's stores, deliveries or history refetches the page's data. */
export function useReleaseDistributionRefresh(releaseId: string) {
  const queryClient = useQueryClient();
  const refresh = useDebounced(
    () => void queryClient.invalidateQueries({ queryKey: distributionKeys.release(releaseId) }),
  );
  useRealtimeTopics(RELEASE_TOPICS, (change) => {
    if (concernsRelease(change, releaseId)) refresh();
  });
}
