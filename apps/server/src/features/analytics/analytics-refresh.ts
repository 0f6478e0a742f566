import type { AppContext } from '../../context.ts';
import { runPeriodically } from '../../platform/periodic.ts';
import { ANALYTICS_REFRESH_MS, analyticsCache } from './analytics-cache.ts';

/**
 * Every ANALYTICS_REFRESH_MS, this server copy computes again the analytics answers its members
 * viewed in the last hour whose label's data changed since (analytics-cache.ts `refresh`): after an
 * import, a resolution or a catalogue edit, the views a label uses are kept again before anyone asks.
 * Each copy renews its own cache (the cache is per copy); runs never overlap. Off with the cache
 * (ANALYTICS_CACHE_ENTRIES=0).
 */
export function startAnalyticsRefresh(ctx: AppContext): { stop(): Promise<void> } | null {
  const cache = analyticsCache(ctx);
  if (!cache.enabled) return null;
  const job = runPeriodically(() => cache.refresh(), {
    intervalMs: ANALYTICS_REFRESH_MS,
    failure: 'the analytics answers could not be renewed',
  });
  return { stop: job.stop };
}
