import type { ReviewDashboardDto } from '@music-review/core/api';
import { REVIEW_DEADLINE_DAYS } from '@music-review/core/review-rules';
import type { Database } from '../../platform/db/index.ts';

const DAY_MS = 86_400_000;

/**
 * The next instant after `now` at which a card's days-left number (and so its badge, and whether a
 * pending song has expired) changes: daysLeft is ceil((deadline - now) / day), which steps down each
 * time the remaining time crosses a whole number of days.
 */
export function nextDaysLeftChange(submittedAt: Date | string, now: Date): number {
  const deadline = new Date(submittedAt).getTime() + REVIEW_DEADLINE_DAYS * DAY_MS;
  const remaining = deadline - now.getTime();
  return deadline - (Math.ceil(remaining / DAY_MS) - 1) * DAY_MS;
}

/**
 * The organization's data version: a counter that statement-level triggers raise on every change to
 * songs, song_revisions, reviews and reviewers (migration 0005). One primary-key read, outside any
 * transaction.
 */
export async function organizationDataVersion(database: Database, organizationId: string): Promise<string> {
  const rows = await database.prepared<{ version: string }>(
    'organization_data_version',
    'select version::text as version from organization_data_versions where organization_id = $1',
    [organizationId],
  );
  return rows[0]?.version ?? '0';
}

interface Entry {
  version: string;
  validUntil: number;
  dto: ReviewDashboardDto;
}

/**
 * Each reviewer's last dashboard, served again while the organization's data version is unchanged
 * and no card's days-left has stepped (decision 0005). Bounded: the least recently used entries go
 * first; 0 entries turns the cache off.
 */
export function createDashboardCache(maxEntries = 1000) {
  const entries = new Map<string, Entry>();
  const keyOf = (organizationId: string, reviewerId: string) => `${organizationId}/${reviewerId}`;
  return {
    get(organizationId: string, reviewerId: string, version: string, now: Date) {
      if (maxEntries === 0) return undefined;
      const key = keyOf(organizationId, reviewerId);
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version || now.getTime() >= entry.validUntil) {
        entries.delete(key);
        return undefined;
      }
      // Refresh its place in the least-recently-used order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.dto;
    },
    set(organizationId: string, reviewerId: string, entry: Entry) {
      if (maxEntries === 0) return;
      const key = keyOf(organizationId, reviewerId);
      entries.delete(key);
      entries.set(key, entry);
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export type DashboardCache = ReturnType<typeof createDashboardCache>;
