import { sql } from 'drizzle-orm';
import { type Database, queryRows } from './db/index.ts';
import { rateLimitBuckets } from './db/schema.ts';
import { AppError } from './errors.ts';

export interface RateLimiter {
  /** Counts one attempt under key; throws 429 with Retry-After once more than limit fall in the window. */
  hit(key: string, limit: number, windowSeconds: number): Promise<void>;
  /** Counts one event without refusing it (failed sign-ins: the next attempt is the one refused). */
  record(key: string, windowSeconds: number): Promise<void>;
  /** Looks without counting (used to refuse before doing expensive work such as hashing). */
  check(key: string, limit: number, windowSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * One event per cooldown, counted from the last allowed one (not a clock window, which would let
   * two events through seconds apart across a window boundary); Retry-After is what remains.
   */
  cooldown(key: string, cooldownSeconds: number): Promise<void>;
  /**
   * Growing delays (sign-in guesses at one account from one address): after `free` failures under
   * key, each further attempt must wait 1 s, 2 s, 4 s ... (at most maxDelaySeconds) from the last
   * failure; until then it is refused with Retry-After. Failures are forgotten a day after the last.
   */
  checkBackoff(key: string, policy: BackoffPolicy): Promise<void>;
  /** One more failure under a backoff key (reset() clears them). */
  recordBackoff(key: string): Promise<void>;
}

export interface BackoffPolicy {
  free: number;
  maxDelaySeconds: number;
}

/** Seconds to wait after `failures` failures: none for the free ones, then doubling from 1 s. */
export function backoffDelaySeconds(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.free) return 0;
  const doublings = Math.min(failures - policy.free, 30);
  return Math.min(policy.maxDelaySeconds, 2 ** doublings);
}

/**
 * Fixed-window counters in PostgreSQL, so every server copy shares them. Old windows are swept
 * now and then by the same statement path (cheap, indexed by primary key).
 */
export function createRateLimiter(database: Database): RateLimiter {
  const windowOf = (windowSeconds: number) => {
    const ms = windowSeconds * 1000;
    const start = Math.floor(Date.now() / ms) * ms;
    return { start: new Date(start), retryAfter: Math.max(1, Math.ceil((start + ms - Date.now()) / 1000)) };
  };
  const refuse = (retryAfter: number) =>
    new AppError('rate_limited', 'Too many requests. Please wait a moment and try again.', {
      'Retry-After': String(retryAfter),
    });
  let calls = 0;
  async function increment(key: string, windowSeconds: number) {
    const { start, retryAfter } = windowOf(windowSeconds);
    const [row] = await database.global
      .insert(rateLimitBuckets)
      .values({ key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimitBuckets.key, rateLimitBuckets.windowStart],
        set: { count: sql`${rateLimitBuckets.count} + 1` },
      })
      .returning({ count: rateLimitBuckets.count });
    if (++calls % 500 === 0) {
      await database.global.execute(
        sql`delete from rate_limit_buckets where window_start < now() - interval '1 day'`,
      );
    }
    return { count: row?.count ?? 0, retryAfter };
  }
  return {
    async hit(key, limit, windowSeconds) {
      const { count, retryAfter } = await increment(key, windowSeconds);
      if (count > limit) throw refuse(retryAfter);
    },
    async record(key, windowSeconds) {
      await increment(key, windowSeconds);
    },
    async check(key, limit, windowSeconds) {
      const { start, retryAfter } = windowOf(windowSeconds);
      const rows = await queryRows<{ count: number }>(
        database.global,
        sql`select count from rate_limit_buckets where key = ${key} and window_start = ${start.toISOString()}`,
      );
      const count = Number(rows[0]?.count ?? 0);
      if (count >= limit) throw refuse(retryAfter);
    },
    async reset(key) {
      await database.global.execute(sql`delete from rate_limit_buckets where key = ${key}`);
    },
    async cooldown(key, cooldownSeconds) {
      // The row's window_start is when the last allowed event happened.
      const rows = await queryRows<{ allowed: boolean; retry_after: number | null }>(
        database.global,
        sql`
        with last as (
          select max(window_start) as at from rate_limit_buckets
          where key = ${key} and window_start > now() - make_interval(secs => ${cooldownSeconds})
        ), ins as (
          insert into rate_limit_buckets (key, window_start, count)
          select ${key}, now(), 1 from last where last.at is null
          on conflict do nothing
          returning 1
        )
        select exists (select 1 from ins) as allowed,
          ceil(extract(epoch from ((select at from last) + make_interval(secs => ${cooldownSeconds}) - now())))::int
            as retry_after`,
      );
      const row = rows[0];
      if (!row?.allowed) throw refuse(Math.max(1, Number(row?.retry_after ?? cooldownSeconds)));
    },
    async checkBackoff(key, policy) {
      // A backoff key's rows: count = failures, window_start = when the last one happened.
      const rows = await queryRows<{ failures: number; since_last: number | null }>(
        database.global,
        sql`select coalesce(sum(count), 0)::int as failures,
              extract(epoch from (now() - max(window_start)))::float8 as since_last
            from rate_limit_buckets where key = ${key}`,
      );
      const failures = Number(rows[0]?.failures ?? 0);
      const delay = backoffDelaySeconds(failures, policy);
      const remaining = delay - Number(rows[0]?.since_last ?? delay);
      if (delay > 0 && remaining > 0) throw refuse(Math.max(1, Math.ceil(remaining)));
    },
    async recordBackoff(key) {
      // One row per key, moved to now with the count carried over (the old sweep forgets it after a day).
      await database.global.execute(sql`
        with previous as (delete from rate_limit_buckets where key = ${key} returning count)
        insert into rate_limit_buckets (key, window_start, count)
        select ${key}, now(), coalesce((select sum(count) from previous), 0) + 1
        on conflict (key, window_start) do update set count = rate_limit_buckets.count + excluded.count`);
    },
  };
}
