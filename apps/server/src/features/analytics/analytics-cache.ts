/**
 * Analytics answers cached per label and query against the label's data version (decision 0030,
 * "Cached answers"; the versioned cache of decisions 0005 and 0007). An answer that sums a year of
 * every recording costs up to 2 s on a large label, while labels open the same views again and
 * again and the data changes only on an import, a resolution, a period, a setting or a review:
 * statement-level triggers raise `organization_data_versions.version` on every table these answers
 * read (migrations 0005, 0008, 0016 and 0023), and an answer is served again only under the version
 * it was computed at. The statement-derived answers use the narrower income version (migration
 * 0024, `VERSION_OF`), which reviews, comments and song edits leave alone.
 *
 * - One cache per server copy (per AppContext), bounded LRU of `ANALYTICS_CACHE_ENTRIES` answers
 *   (0 turns it off), shared by every analytics endpoint; misses for the same key and version share
 *   one computation.
 * - The key is the label, the endpoint and the normalised query. No answer differs per member (the
 *   funnel lists every member; none is blind), so the member is not in the key. The plan gate is
 *   checked by the caller before asking, so a cached answer is never served to a plan without it.
 * - The version is the one read with the session at the start of the request, before any row, so an
 *   answer is never older than the version it is filed under.
 * - An answer that took today's date for a default (a range without dates, the funnel's weeks up to
 *   today) is also keyed by the UTC day and expires at the next UTC midnight.
 * - After a change, a request waits `ANALYTICS_FRESH_WAIT_MS` for the new answer; past it, it is
 *   answered the kept one with `updating: true` while the new one is computed (decision 0034): a
 *   year of rollups summed again takes seconds on a large label, and every request arriving
 *   meanwhile waited for it. Every answer says `updating`; the page asks again while it is true.
 */
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { LruMap } from '../../platform/cache/lru-map.ts';
import { markShared } from '../../platform/cache/shared-answers.ts';
import { createVersionedCache, organizationVersions } from '../../platform/cache/versioned-cache.ts';
import { createLimiter } from '../../platform/limiter.ts';
import { sanitizeError } from '../../platform/logging.ts';

/** The cached endpoints (the key's second part). */
export type AnalyticsAnswer =
  | 'performance'
  | 'breakdown'
  | 'missing_income'
  | 'catalogue_value'
  | 'funnel'
  | 'demo_revenue';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A query as part of a key: its fields in name order, the absent and empty ones left out (an empty
 * filter is no filter), ids in lower case (PostgreSQL reads a uuid in either case).
 */
export function queryKey(query: Readonly<Record<string, unknown>>): string {
  const fields = Object.keys(query)
    .sort()
    .flatMap((name) => {
      const value = query[name];
      if (value === undefined || value === null || value === '') return [];
      return [[name, typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : value]];
    });
  return JSON.stringify(fields);
}

/** The next midnight UTC after `now` (the date defaults are UTC days and months). */
export function nextUtcDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
}

/**
 * Which version an answer is filed under: the statement-derived answers under the income version
 * (raised by imports, rollups, alerts, periods, settings, deals, the ledger and the recordings and
 * releases they name; migration 0024), so that reviewing demos keeps them; the A&R funnel under the
 * data version (songs, reviews, members); demo to revenue, which reads both, under both.
 */
const VERSION_OF: Record<AnalyticsAnswer, 'income' | 'data' | 'both'> = {
  performance: 'income',
  breakdown: 'income',
  missing_income: 'income',
  catalogue_value: 'income',
  funnel: 'data',
  demo_revenue: 'both',
};

/** How often each server copy renews the viewed answers of labels whose data changed. */
export const ANALYTICS_REFRESH_MS = 15_000;
/** Renewed: answers viewed in the last hour, the most recently viewed first, this many per label. */
const REFRESH_WITHIN_MS = 60 * 60_000;
const REFRESH_PER_LABEL = 20;

/** Whether an answer is the kept one, answered while the label's new one is being computed. */
export type Updating = { updating: boolean };

/** An answer a member viewed: what renews it once its label's data changes. */
interface Viewed {
  org: string;
  answer: AnalyticsAnswer;
  /** The UTC day it took for a default ("YYYY-MM-DD"), or null. */
  day: string | null;
  compute: () => Promise<unknown>;
  validUntil: () => number;
  lastViewed: number;
}

/** The version an answer is filed under, from the label's two versions. */
function versionOf(answer: AnalyticsAnswer, versions: { data: string; income: string }): string {
  const kind = VERSION_OF[answer];
  return kind === 'both' ? `${versions.data}/${versions.income}` : versions[kind];
}

function createAnalyticsCache(ctx: AppContext) {
  const cache = createVersionedCache<unknown>(ctx.config.ANALYTICS_CACHE_ENTRIES);
  const computed = new Map<AnalyticsAnswer, number>();
  /**
   * Every computation waits for one of ANALYTICS_COMPUTE_CONCURRENCY slots: after a change each view
   * starts its own, and 20 at once took every connection of the pool for seconds, so requests that
   * only read a session or a version waited behind them (a 9.3 s wait in the benchmark).
   */
  const slots = createLimiter(ctx.config.ANALYTICS_COMPUTE_CONCURRENCY);
  /** By cache key, least recently viewed first; at most as many as the cache holds. */
  const viewed = new LruMap<string, Viewed>(ctx.config.ANALYTICS_CACHE_ENTRIES);
  /** Each kept answer's copy marked `updating`, made once and shared like the answer. */
  const updatingCopies = new WeakMap<object, object>();
  const updatingCopy = (value: object) => {
    let copy = updatingCopies.get(value);
    if (!copy) {
      copy = markShared({ ...value, updating: true });
      updatingCopies.set(value, copy);
    }
    return copy;
  };

  const versionFor = async (answer: AnalyticsAnswer, member: Member) =>
    versionOf(
      answer,
      member.dataVersion !== undefined && member.incomeVersion !== undefined
        ? { data: member.dataVersion, income: member.incomeVersion }
        : await organizationVersions(ctx.database, member.organizationId),
    );

  return {
    get enabled() {
      return cache.enabled;
    },
    /** How many answers are kept now. */
    get size() {
      return cache.size;
    },
    /**
     * How many times an endpoint's answer was computed, cached or not (the tests prove a hit with it,
     * without timing).
     */
    computations(answer: AnalyticsAnswer): number {
      return computed.get(answer) ?? 0;
    },

    /**
     * The label's answer to `query` at the request's data version: the kept one, the one being
     * computed, or `compute()`'s; after a change, the kept one marked `updating` when the new one
     * takes longer than ANALYTICS_FRESH_WAIT_MS. `today`: the answer took today's date for a default.
     * `current`: never the kept one (an export's file holds the current figures).
     */
    async answer<T extends object>(
      member: Member,
      answer: AnalyticsAnswer,
      query: Readonly<Record<string, unknown>>,
      compute: () => Promise<T>,
      options: { today?: boolean; now?: Date; current?: boolean } = {},
    ): Promise<T & Updating> {
      const count = () => computed.set(answer, (computed.get(answer) ?? 0) + 1);
      if (!cache.enabled) {
        count();
        return { ...(await slots.run(compute)), updating: false };
      }
      const run = async () => {
        count();
        // Kept answers are shared: each route checks and serializes one once (shared-answers.ts).
        return markShared({ ...(await slots.run(compute)), updating: false });
      };
      const org = member.organizationId;
      const now = options.now ?? new Date();
      const version = await versionFor(answer, member);
      const day = options.today ? now.toISOString().slice(0, 10) : null;
      const until = options.today ? nextUtcDay(now) : Number.POSITIVE_INFINITY;
      const key = `${org}/${answer}${day ? `/${day}` : ''}/${queryKey(query)}`;
      const validUntil = () => until;
      viewed.set(key, { org, answer, day, compute: run, validUntil, lastViewed: now.getTime() });
      if (options.current) return (await cache.through(key, version, now, run, validUntil)) as T & Updating;
      const { value, stale } = await cache.throughOrKept(key, version, now, run, {
        waitMs: ctx.config.ANALYTICS_FRESH_WAIT_MS,
        validUntil,
        onError: (error) => console.warn('an analytics answer could not be computed', sanitizeError(error)),
      });
      return (stale ? updatingCopy(value as object) : value) as T & Updating;
    },

    /**
     * Refresh ahead: the answers members viewed in the last hour whose label's data changed since,
     * computed again now (one at a time, the most recently viewed first, REFRESH_PER_LABEL per
     * label), so the next view finds them kept instead of waiting seconds for a year of rollups.
     * Each server copy runs it every ANALYTICS_REFRESH_MS for its own cache (main.ts). Answers the
     * number computed again.
     */
    async refresh(now = new Date()): Promise<number> {
      if (!cache.enabled) return 0;
      const today = now.toISOString().slice(0, 10);
      const byLabel = new Map<string, Array<[string, Viewed]>>();
      for (const [key, entry] of viewed) {
        // Older than the hour, or filed under a past day (its key is not asked again): forgotten.
        if (now.getTime() - entry.lastViewed > REFRESH_WITHIN_MS || (entry.day && entry.day !== today)) {
          viewed.delete(key);
          continue;
        }
        const list = byLabel.get(entry.org);
        if (list) list.push([key, entry]);
        else byLabel.set(entry.org, [[key, entry]]);
      }
      let renewed = 0;
      for (const [org, list] of byLabel) {
        const versions = await organizationVersions(ctx.database, org);
        const recent = list.sort((a, b) => b[1].lastViewed - a[1].lastViewed).slice(0, REFRESH_PER_LABEL);
        for (const [key, entry] of recent) {
          const version = versionOf(entry.answer, versions);
          if (cache.has(key, version, now)) continue;
          await cache.through(key, version, now, entry.compute, entry.validUntil);
          renewed++;
        }
      }
      return renewed;
    },
  };
}

export type AnalyticsCache = ReturnType<typeof createAnalyticsCache>;

const caches = new WeakMap<AppContext, AnalyticsCache>();

/** The one analytics cache of this server copy (its context). */
export function analyticsCache(ctx: AppContext): AnalyticsCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createAnalyticsCache(ctx);
    caches.set(ctx, cache);
  }
  return cache;
}
