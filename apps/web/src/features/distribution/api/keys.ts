import type { PipelineStatus } from '@music-review/core/distribution';

/** What the release list asks the server for (the URL's filters). */
export interface DistributionFilters {
  status: PipelineStatus | '';
  destination: string;
  q: string;
}

/** Releases per "Show more". */
export const DISTRIBUTION_PAGE_SIZE = 50;

/**
 * The distribution cache keys, all under 'distribution', so a change announced over realtime
 * refreshes whatever of it is on screen with one invalidation.
 */
export const distributionKeys = {
  all: ['distribution'] as const,
  lists: ['distribution', 'releases'] as const,
  list: (filters: DistributionFilters) => ['distribution', 'releases', filters] as const,
  release: (id: string) => ['distribution', 'release', id] as const,
  destinations: ['distribution', 'destinations'] as const,
};
