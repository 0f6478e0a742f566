/**
 * The SQL of catalogue performance (decision 0030). Every figure is summed from the smallest table
 * that can answer it:
 * - `statement_rollups_monthly` (month, store, territory) when nothing asks for a recording;
 * - `statement_rollups_recording` (month, recording, release) when nothing asks for a store or country;
 * - `statement_lines` only when a request needs both (an artist or release filter with a store or
 *   territory one), always narrowed to the artist's or release's recordings first (their indexes
 *   carry the month). Lines as reported are one per recording and place: a rollup of both held as
 *   many rows (migration 0025).
 * A row counts while its import is `imported`: every read joins the import.
 *
 * A line's release is its own (matched by UPC or catalogue number); a line matched by its ISRC only
 * takes its recording's first release (earliest release date, undated last). The artist is the
 * recording's display artist, or the release's for a line sold as a whole release.
 */
import { LIFECYCLE_RULES } from '@music-review/core/analytics';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export type Grain = 'monthly' | 'recording' | 'full';

export interface Filters {
  artist?: string | undefined;
  release?: string | undefined;
  store?: string | undefined;
  territory?: string | undefined;
}

/**
 * The filters with the ids the artist and release filters stand for (`resolveFilters`), so that a
 * filtered query reads the rollup through its recording and release indexes instead of joining
 * every row in the range to the catalogue.
 */
export interface ResolvedFilters extends Filters {
  /** The artist's recordings, and releases (for lines sold as a whole release). */
  artistIds?: { recordings: string[]; releases: string[] };
  /** The recordings whose first release is the release (lines matched by ISRC alone). */
  releaseRecordings?: string[];
}

const TABLES: Record<Grain, string> = {
  monthly: 'statement_rollups_monthly',
  recording: 'statement_rollups_recording',
  full: 'statement_lines',
};

/**
 * The smallest table that holds what a query reads: the filters' columns plus what it groups by
 * (`recording`: recording, release or artist; `place`: store or territory).
 */
export function grainFor(filters: Filters, needs: { recording?: boolean; place?: boolean } = {}): Grain {
  const recording = needs.recording === true || Boolean(filters.artist) || Boolean(filters.release);
  const place = needs.place === true || Boolean(filters.store) || Boolean(filters.territory);
  if (recording && place) return 'full';
  return recording ? 'recording' : 'monthly';
}

interface Scope {
  org: string;
  grain: Grain;
  filters: ResolvedFilters;
  /** "YYYY-MM", both included. */
  from: string;
  to: string;
}

/**
 * Each recording's first release: the earliest dated one, else any (by id). Only lines matched by
 * their ISRC alone read it.
 */
const firstReleaseCte = (org: string) => sql`first_release as (
    select distinct on (t.recording_id) t.recording_id, t.release_id, rl.release_date
    from release_tracks t
    join releases rl on rl.id = t.release_id and rl.organization_id = ${org}
    where t.organization_id = ${org}
    order by t.recording_id, rl.release_date asc nulls last, rl.id
  )`;

/**
 * `from <rollup> r join the import ... where <range and filters>`: the rollup rows a query sums.
 * Every filter reads the rollup's own columns (the artist and release filters as ids), so a
 * filtered query walks the recording and release indexes.
 */
function rowsOf(scope: Scope): SQL {
  const { org, filters } = scope;
  const where: SQL[] = [
    sql`r.organization_id = ${org}`,
    sql`r.sale_month >= ${`${scope.from}-01`}::date`,
    sql`r.sale_month <= ${`${scope.to}-01`}::date`,
  ];
  if (filters.artist) {
    const ids = filters.artistIds;
    if (!ids) throw new Error('resolveFilters first');
    where.push(sql`(r.recording_id = any(${uuids(ids.recordings)})
      or (r.recording_id is null and r.release_id = any(${uuids(ids.releases)})))`);
  }
  if (filters.release) {
    if (!filters.releaseRecordings) throw new Error('resolveFilters first');
    where.push(sql`(r.release_id = ${filters.release}::uuid
      or (r.release_id is null and r.recording_id = any(${uuids(filters.releaseRecordings)})))`);
  }
  if (filters.store) where.push(sql`r.store = ${filters.store}`);
  if (filters.territory) where.push(sql`r.territory = ${filters.territory}`);
  return sql`from ${sql.identifier(TABLES[scope.grain])} r
    join royalty_imports i on i.id = r.import_id and i.organization_id = ${org} and i.status = 'imported'
    where ${sql.join(where, sql` and `)}`;
}

/**
 * The CTE `g`: the rollup rows summed per `columns`, sale month and currency (several imports and
 * sale types fold into one row), with net, quantity and stream quantity. Queries then join the
 * catalogue and the rates to these fewer rows.
 */
function grouped(scope: Scope, columns: readonly string[], where: SQL = sql``): SQL {
  const keys = sql.raw([...columns.map((c) => `r.${c}`), 'r.sale_month', 'r.currency'].join(', '));
  return sql`g as (
      select ${keys}, sum(r.net) as net, sum(r.quantity) as quantity,
        coalesce(sum(r.quantity) filter (where r.sale_type = 'stream'), 0) as streams
      ${rowsOf(scope)} ${where}
      group by ${keys}
    )`;
}

const withCtes = (...ctes: SQL[]) => sql`with ${sql.join(ctes, sql`, `)} `;

/** Ids as one uuid[] parameter (a PostgreSQL array literal). */
const uuids = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

// ---------------------------------------------------------------------------------------------------
// The label

/** Whether the label has an imported statement, and its latest sale month ("YYYY-MM") among them. */
export async function labelState(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ imported: number; latest_month: string | null }>(
    tx,
    sql`select count(*)::int as imported, max(summary->>'last_month') as latest_month
        from royalty_imports where organization_id = ${org} and status = 'imported'`,
  );
  return { hasImport: (row?.imported ?? 0) > 0, latestMonth: row?.latest_month ?? null };
}

/**
 * The ids behind the artist and release filters: the artist's recordings and releases (exact
 * display artist), and the recordings on the release whose first release it is (the release of a
 * line matched by ISRC alone, as the breakdown counts it). Small reads by index.
 */
export async function resolveFilters(tx: OrgTx, org: string, filters: Filters): Promise<ResolvedFilters> {
  const resolved: ResolvedFilters = { ...filters };
  if (filters.artist) {
    const [row] = await queryRows<{ recordings: string[] | null; releases: string[] | null }>(
      tx,
      sql`select
          (select array_agg(id::text) from recordings where organization_id = ${org} and display_artist = ${filters.artist}) as recordings,
          (select array_agg(id::text) from releases where organization_id = ${org} and display_artist = ${filters.artist}) as releases`,
    );
    resolved.artistIds = { recordings: row?.recordings ?? [], releases: row?.releases ?? [] };
  }
  if (filters.release) {
    const rows = await queryRows<{ recording_id: string; release_id: string }>(
      tx,
      sql`select distinct on (t.recording_id) t.recording_id::text as recording_id, t.release_id::text as release_id
          from release_tracks t
          join releases rl on rl.id = t.release_id and rl.organization_id = ${org}
          where t.organization_id = ${org} and t.recording_id in (
            select recording_id from release_tracks where organization_id = ${org} and release_id = ${filters.release})
          order by t.recording_id, rl.release_date asc nulls last, rl.id`,
    );
    resolved.releaseRecordings = rows
      .filter((r) => r.release_id === filters.release)
      .map((r) => r.recording_id);
  }
  return resolved;
}

export async function releaseExists(tx: OrgTx, org: string, id: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from releases where organization_id = ${org} and id = ${id}`,
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// The plan's monthly exports (the spec's check_export_limit / record_export_usage, as the
// catalogue's Export CSV calls them in catalogue/csv-export.repo.ts)

export async function checkExportLimit(tx: OrgTx, org: string, exportType: string) {
  const [row] = await queryRows<{ allowed: boolean | null }>(
    tx,
    sql`select check_export_limit(${org}, ${exportType}) as allowed`,
  );
  return row?.allowed === true;
}

export async function recordExportUsage(tx: OrgTx, org: string, exportType: string) {
  await tx.execute(sql`select record_export_usage(${org}, ${exportType})`);
}

export async function monthlyExportLimit(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ monthly_export_limit: number }>(
    tx,
    sql`select p.monthly_export_limit from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${org}`,
  );
  return row?.monthly_export_limit ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Sums

export type MonthSumRow = { month: string; currency: string; net: string; units: string; streams: string };

/** Net, units and streams per sale month and currency (the few rows every answer converts). */
export function monthSums(tx: OrgTx, scope: Scope) {
  return queryRows<MonthSumRow>(
    tx,
    sql`select to_char(r.sale_month, 'YYYY-MM') as month, r.currency, sum(r.net)::text as net,
          sum(r.quantity)::text as units,
          coalesce(sum(r.quantity) filter (where r.sale_type = 'stream'), 0)::text as streams
        ${rowsOf(scope)}
        group by r.sale_month, r.currency order by r.sale_month, r.currency`,
  );
}

/**
 * Converted income and units per lifecycle bucket (core analytics.ts lifecycleBucket, in SQL: new
 * before the release month + 3 months, recent before + 19, back catalogue after). `fx` is the
 * rates join on `g` (currency.ts fxJoin).
 */
export function lifecycleSums(tx: OrgTx, scope: Scope, fx: SQL) {
  const { org } = scope;
  const months = (n: number) => sql.raw(`interval '${n} months'`);
  return queryRows<{ bucket: string; income: string; units: string }>(
    tx,
    sql`${withCtes(firstReleaseCte(org), grouped(scope, ['recording_id', 'release_id']))}
        select b.bucket, coalesce(sum(b.income), 0)::text as income, sum(b.quantity)::text as units
        from (
          select case when d.month is null then 'unknown'
              when g.sale_month < d.month + ${months(LIFECYCLE_RULES.newUnderMonths)} then 'new'
              when g.sale_month < d.month + ${months(LIFECYCLE_RULES.recentUpToMonths + 1)} then 'recent'
              else 'back_catalogue' end as bucket,
            g.net * fx.rate as income, g.quantity
          from g
          left join releases rel on rel.id = g.release_id and rel.organization_id = ${org}
          left join first_release fr on fr.recording_id = g.recording_id
          cross join lateral (select date_trunc('month', coalesce(rel.release_date, fr.release_date))::date as month) d
          ${fx}
        ) b
        group by b.bucket`,
  );
}

/** Streams and converted stream income per store, most streams first. */
export function streamsByStore(tx: OrgTx, scope: Scope, fx: SQL) {
  return queryRows<{ store: string | null; streams: string; income: string }>(
    tx,
    sql`${withCtes(grouped(scope, ['store'], sql`and r.sale_type = 'stream'`))}
        select g.store, sum(g.quantity)::text as streams, coalesce(sum(g.net * fx.rate), 0)::text as income
        from g ${fx}
        group by g.store
        order by sum(g.quantity) desc, g.store asc nulls last`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Breakdown

export type BreakdownDimensionSql = 'store' | 'territory' | 'release' | 'track' | 'artist';

export type BreakdownRow = {
  kind: 'item' | 'unmatched' | 'release_only' | 'no_release' | 'not_given';
  key: string | null;
  income: string;
  units: string;
  streams: string;
  previous_income: string;
  rank: number;
  previous_rank: number | null;
  total_rows: number;
  title: string | null;
  artist: string | null;
};

/** Each dimension's columns in `g`, its row kind and key, and the catalogue it joins for them. */
const KEYS: Record<
  BreakdownDimensionSql,
  { columns: string[]; kind: string; key: string; joins: 'none' | 'release' | 'artist' }
> = {
  store: {
    columns: ['store'],
    kind: `case when g.store is null then 'not_given' else 'item' end`,
    key: 'g.store',
    joins: 'none',
  },
  territory: {
    columns: ['territory'],
    kind: `case when g.territory is null then 'not_given' else 'item' end`,
    key: 'g.territory',
    joins: 'none',
  },
  release: {
    columns: ['recording_id', 'release_id'],
    kind: `case when g.recording_id is null and g.release_id is null then 'unmatched'
      when coalesce(g.release_id, fr.release_id) is null then 'no_release' else 'item' end`,
    key: 'coalesce(g.release_id, fr.release_id)::text',
    joins: 'release',
  },
  track: {
    columns: ['recording_id', 'release_id'],
    kind: `case when g.recording_id is not null then 'item' when g.release_id is not null then 'release_only'
      else 'unmatched' end`,
    key: 'coalesce(g.recording_id, g.release_id)::text',
    joins: 'none',
  },
  artist: {
    columns: ['recording_id', 'release_id'],
    kind: `case when g.recording_id is null and g.release_id is null then 'unmatched' else 'item' end`,
    key: 'coalesce(rec.display_artist, rel.display_artist)',
    joins: 'artist',
  },
};

/** What a row's title and artist are read from, after ranking (only the rows answered). */
function titleJoins(dimension: BreakdownDimensionSql, org: string) {
  if (dimension === 'release')
    return {
      columns: sql`lr.title, lr.display_artist as artist`,
      joins: sql`left join releases lr on k.kind = 'item' and lr.id = k.key::uuid and lr.organization_id = ${org}`,
    };
  if (dimension === 'track')
    return {
      columns: sql`coalesce(lt.title, lr.title) as title, coalesce(lt.display_artist, lr.display_artist) as artist`,
      joins: sql`left join recordings lt on k.kind = 'item' and lt.id = k.key::uuid and lt.organization_id = ${org}
        left join releases lr on k.kind = 'release_only' and lr.id = k.key::uuid and lr.organization_id = ${org}`,
    };
  return { columns: sql`null::text as title, null::text as artist`, joins: sql`` };
}

/**
 * Income per key of a dimension over `scope` (the previous range's first month to the current
 * range's last), split at `currentFrom`: the current range's income, units and streams, the
 * previous range's income, each range's rank by income (largest first; ties by key), and how many
 * keys the current range has. Only keys with lines in the current range are answered, best first,
 * at most `limit` (all when null).
 */
export function breakdown(
  tx: OrgTx,
  scope: Scope,
  fx: SQL,
  dimension: BreakdownDimensionSql,
  currentFrom: string,
  limit: number | null,
) {
  const { org } = scope;
  const { columns, kind, key, joins } = KEYS[dimension];
  const catalogue =
    joins === 'release'
      ? sql`left join first_release fr on fr.recording_id = g.recording_id`
      : joins === 'artist'
        ? sql`left join recordings rec on rec.id = g.recording_id and rec.organization_id = ${org}
            left join releases rel on rel.id = g.release_id and rel.organization_id = ${org}`
        : sql``;
  const titles = titleJoins(dimension, org);
  return queryRows<BreakdownRow>(
    tx,
    sql`${withCtes(
      ...(joins === 'release' ? [firstReleaseCte(org)] : []),
      grouped(scope, columns),
      sql`keyed as (
          select ${sql.raw(kind)} as kind, ${sql.raw(key)} as key,
            g.sale_month >= ${`${currentFrom}-01`}::date as is_current, g.net * fx.rate as income, g.quantity,
            g.streams
          from g ${catalogue} ${fx}
        )`,
      sql`per_key as (
          select kind, key,
            coalesce(sum(income) filter (where is_current), 0) as income,
            coalesce(sum(quantity) filter (where is_current), 0) as units,
            coalesce(sum(streams) filter (where is_current), 0) as streams,
            coalesce(sum(income) filter (where not is_current), 0) as previous_income,
            bool_or(is_current) as in_current, bool_or(not is_current) as in_previous
          from keyed group by kind, key
        )`,
      sql`previous_ranks as (
          select kind, key, row_number() over (order by previous_income desc, kind, key nulls last) as previous_rank
          from per_key where in_previous
        )`,
      sql`ranked as (
          select p.kind, p.key, p.income, p.units, p.streams, p.previous_income,
            row_number() over (order by p.income desc, p.kind, p.key nulls last) as rank,
            count(*) over () as total_rows
          from per_key p where p.in_current
          order by rank ${limit === null ? sql`` : sql`limit ${limit}`}
        )`,
    )}select k.kind, k.key, k.income::text as income, k.units::text as units, k.streams::text as streams,
          k.previous_income::text as previous_income, k.rank::int as rank, pr.previous_rank::int as previous_rank,
          k.total_rows::int as total_rows, ${titles.columns}
        from ranked k
        left join previous_ranks pr on pr.kind = k.kind and pr.key is not distinct from k.key
        ${titles.joins}
        order by k.rank`,
  );
}
