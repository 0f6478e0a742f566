import type { Database } from '../db/index.ts';
import { LruMap } from './lru-map.ts';

/**
 * The organization's data version: a counter that statement-level triggers raise on every change to
 * the tables cached answers are built from (migrations 0005 and 0008: songs, song_revisions,
 * reviews, reviewers, contracts, metadata_forms). One primary-key read, outside any transaction.
 */
export async function organizationDataVersion(database: Database, organizationId: string): Promise<string> {
  return (await organizationVersions(database, organizationId)).data;
}

/**
 * The label's data version and its income version (migration 0024: raised only by the tables the
 * statement-derived analytics answers read).
 */
export async function organizationVersions(
  database: Database,
  organizationId: string,
): Promise<{ data: string; income: string; count: string }> {
  const rows = await database.preparedAsOwner<{
    version: string;
    income_version: string;
    count_version: string;
  }>(
    'one primary-key read on the hot path of cached answers, filtered on the organization',
    'organization_versions',
    `select version::text as version, income_version::text as income_version,
       count_version::text as count_version
     from organization_data_versions where organization_id = $1`,
    [organizationId],
  );
  return {
    data: rows[0]?.version ?? '0',
    income: rows[0]?.income_version ?? '0',
    count: rows[0]?.count_version ?? '0',
  };
}

interface Entry<T> {
  version: string;
  validUntil: number;
  value: T;
}

/**
 * Answers filed under an organization's data version (decisions 0005 and 0007): an entry is served
 * again only for the same version and before its validUntil. Bounded: the least recently used
 * entries go first; 0 entries turns the cache off. Misses for the same key and version share one
 * computation (single flight). With `weigh`, `maxEntries` bounds the entries' total weight instead.
 */
export function createVersionedCache<T>(maxEntries = 1000, weigh?: (value: T) => number) {
  const entries = new LruMap<string, Entry<T>>(maxEntries, weigh && ((entry) => weigh(entry.value)));
  const inFlight = new Map<string, Promise<T>>();

  function get(key: string, version: string, now: Date): T | undefined {
    if (maxEntries === 0) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now.getTime() >= entry.validUntil) {
      entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  function set(key: string, entry: Entry<T>) {
    if (maxEntries === 0) return;
    entries.set(key, entry);
  }

  return {
    get,
    set,
    /** Whether an answer is kept for key at version (its place in the LRU order unchanged). */
    has(key: string, version: string, now: Date): boolean {
      const entry = entries.peek(key);
      return entry !== undefined && entry.version === version && now.getTime() < entry.validUntil;
    },
    get enabled() {
      return maxEntries > 0;
    },
    get size() {
      return entries.size;
    },
    /**
     * The cached answer for key at version, or the one computation in flight for it, or a new one
     * whose result is stored until validUntil(result) (default: until the version changes).
     */
    async through(
      key: string,
      version: string,
      now: Date,
      compute: () => Promise<T>,
      validUntil: (value: T) => number = () => Number.POSITIVE_INFINITY,
    ): Promise<T> {
      const cached = get(key, version, now);
      if (cached !== undefined) return cached;
      const flightKey = `${key}\u0000${version}`;
      const running = inFlight.get(flightKey);
      if (running) return running;
      const computing = compute()
        .then((value) => {
          set(key, { version, validUntil: validUntil(value), value });
          return value;
        })
        .finally(() => inFlight.delete(flightKey));
      inFlight.set(flightKey, computing);
      return computing;
    },
  };
}

export type VersionedCache<T> = ReturnType<typeof createVersionedCache<T>>;
