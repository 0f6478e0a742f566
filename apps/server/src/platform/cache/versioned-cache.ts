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

/** A computation's key in flight: the entry's key and the version it computes. */
const flightKeyOf = (key: string, version: string) => `${key}\u0000${version}`;

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
  /** Computations whose failure `throughOrKept` reports (once each, however many were answered). */
  const reported = new WeakSet<Promise<T>>();

  /**
   * The answer kept for key at version. One of another version stays kept (the new one replaces it
   * when computed): `throughOrKept` may answer it meanwhile, even while `through` computes the new
   * one (the analytics refresh ahead does). An expired one goes.
   */
  function get(key: string, version: string, now: Date): T | undefined {
    if (maxEntries === 0) return undefined;
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now.getTime() >= entry.validUntil) {
      entries.delete(key);
      return undefined;
    }
    return entry.version === version ? entry.value : undefined;
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
    /** Whether the answer for key at version is being computed. */
    pending(key: string, version: string): boolean {
      return inFlight.has(flightKeyOf(key, version));
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
      return flight(key, version, compute, validUntil);
    },

    /**
     * As `through`, but when the kept answer for key is of another version (still before its
     * validUntil), the new one is waited for `waitMs` only: past it, the kept answer is answered,
     * `stale`, and stays kept while the new one is computed (one computation, as `through`), which
     * replaces it when done. A failed computation leaves the kept answer; `onError` hears of it
     * once.
     */
    async throughOrKept(
      key: string,
      version: string,
      now: Date,
      compute: () => Promise<T>,
      options: { waitMs: number; validUntil?: (value: T) => number; onError?: (error: unknown) => void },
    ): Promise<{ value: T; stale: boolean }> {
      const validUntil = options.validUntil ?? (() => Number.POSITIVE_INFINITY);
      const entry = maxEntries === 0 ? undefined : entries.get(key);
      const kept = entry && now.getTime() < entry.validUntil ? entry : undefined;
      if (entry && !kept) entries.delete(key);
      if (kept?.version === version) return { value: kept.value, stale: false };
      const computing = flight(key, version, compute, validUntil);
      if (!kept) return { value: await computing, stale: false };
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = Symbol('late');
      const first = await Promise.race([
        computing,
        new Promise<typeof late>((resolve) => {
          timer = setTimeout(() => resolve(late), options.waitMs);
        }),
      ]).finally(() => clearTimeout(timer));
      if (first !== late) return { value: first as T, stale: false };
      if (!reported.has(computing)) {
        reported.add(computing);
        computing.catch((error: unknown) => options.onError?.(error));
      }
      return { value: kept.value, stale: true };
    },
  };

  /** The one computation of key at version: joined when running, kept when done. */
  function flight(
    key: string,
    version: string,
    compute: () => Promise<T>,
    validUntil: (value: T) => number,
  ): Promise<T> {
    const flightKey = flightKeyOf(key, version);
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
  }
}

export type VersionedCache<T> = ReturnType<typeof createVersionedCache<T>>;
