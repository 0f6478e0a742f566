import { INCOME_ALERT_RULES } from '@music-review/core/analytics-income';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * Missing income (decision 0030): the label's income_alerts, rebuilt from the lines of the imports
 * compared (each recording per store and per territory; migration 0025) whenever an import's
 * rollups or status change. Every statement names the label.
 */

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;

/** 'YYYY-MM' months as an array of first days. */
const monthArray = (months: readonly string[]) =>
  sql`array[${sql.join(
    months.map((m) => sql`${`${m}-01`}::date`),
    sql`, `,
  )}]::date[]`;

export type ImportedImportRow = { id: string; source: string; created_at: string; months: string[] };

/** The label's imported imports with their sale months (from the summary the import wrote). */
export async function importedImports(tx: OrgTx, org: string) {
  return queryRows<ImportedImportRow>(
    tx,
    sql`select i.id, i.source, to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as created_at,
          coalesce((select array_agg(distinct m->>'month') from jsonb_array_elements(
            case when jsonb_typeof(i.summary->'months') = 'array' then i.summary->'months' else '[]'::jsonb end) m),
            '{}') as months
        from royalty_imports i
        where i.organization_id = ${org} and i.status = 'imported'`,
  );
}

/**
 * One refresh at a time per label: two imports finishing together each delete and insert the
 * label's alerts, and the second must see the first's (taken at the end of the transaction).
 */
export async function lockLabelAlerts(tx: OrgTx, org: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`income_alerts:${org}`}))`);
}

export async function deleteLabelAlerts(tx: OrgTx, org: string) {
  await tx.execute(sql`delete from income_alerts where organization_id = ${org}`);
}

/** Drops the alerts of these sources (each alert names its source in its detail). */
export async function deleteSourceAlerts(tx: OrgTx, org: string, sources: readonly string[]) {
  await tx.execute(
    sql`delete from income_alerts where organization_id = ${org}
        and detail->>'source' in (${sql.join(
          sources.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
}

export async function countLabelAlerts(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from income_alerts where organization_id = ${org}`,
  );
  return row?.n ?? 0;
}

export interface SourcePlan {
  source: string;
  latestId: string;
  current: string[];
  previous: string[];
  importIds: string[];
}

/**
 * Inserts one source's alerts (at most the label's cap, largest previous net first). Reads the
 * rollups of the source's imports that hold the compared months, those months only: per pair
 * (recording and store, recording and territory) and currency, the net of each month.
 */
export async function insertSourceAlerts(tx: OrgTx, org: string, plan: SourcePlan) {
  const previousCount = plan.previous.length;
  const currentCount = plan.current.length;
  const detail: SQL = sql`jsonb_build_object('source', ${plan.source}::text,
    'current_from', ${plan.current[0]}::text, 'current_to', ${plan.current.at(-1)}::text,
    'previous_from', ${plan.previous[0]}::text, 'previous_to', ${plan.previous.at(-1)}::text,
    'current_months', ${currentCount}::int, 'previous_months', ${previousCount}::int)`;
  await tx.execute(
    sql`with monthly as (
          select r.recording_id, d.dimension, d.value, r.currency, r.sale_month,
            r.sale_month = any(${monthArray(plan.current)}) as is_current, sum(r.net) as net
          from statement_lines r
          cross join lateral (values ('store'::text, r.store), ('territory'::text, r.territory)) d(dimension, value)
          where r.organization_id = ${org} and r.import_id = any(${uuidArray(plan.importIds)})
            and r.sale_month = any(${monthArray([...plan.previous, ...plan.current])})
            and r.recording_id is not null and d.value is not null
          group by r.recording_id, d.dimension, d.value, r.currency, r.sale_month
        ),
        pairs as (
          select recording_id, dimension, value, currency,
            coalesce(sum(net) filter (where not is_current), 0) as previous_net,
            count(*) filter (where not is_current and net > 0) as income_months,
            coalesce(sum(net) filter (where is_current), 0) as current_net,
            bool_or(bool_or(is_current)) over (partition by recording_id, dimension, value) as reported_any
          from monthly
          group by recording_id, dimension, value, currency
        )
        insert into income_alerts (organization_id, kind, recording_id, dimension, value, import_id, period_start,
          previous_net, current_net, currency, detail)
        select ${org}::uuid, case when reported_any then 'drop' else 'missing' end, recording_id, dimension, value,
          ${plan.latestId}::uuid, ${`${plan.current[0]}-01`}::date, previous_net, current_net, currency, ${detail}
        from pairs
        where income_months = ${previousCount}
          and (not reported_any
            or current_net * ${previousCount} < previous_net * ${currentCount} * ${INCOME_ALERT_RULES.dropShare}::numeric)
        order by previous_net desc, recording_id, dimension, value, currency
        limit ${INCOME_ALERT_RULES.maxAlerts}`,
  );
}

/** Keeps the label's most valuable alerts (largest previous net first) up to the cap. */
export async function trimLabelAlerts(tx: OrgTx, org: string) {
  await tx.execute(
    sql`delete from income_alerts where organization_id = ${org} and id not in (
          select id from income_alerts where organization_id = ${org}
          order by previous_net desc, recording_id, dimension, value, currency
          limit ${INCOME_ALERT_RULES.maxAlerts})`,
  );
}

export type AlertRow = {
  id: string;
  kind: 'missing' | 'drop';
  dimension: 'store' | 'territory';
  value: string;
  recording_id: string;
  recording_title: string;
  recording_artist: string;
  recording_isrc: string | null;
  source: string;
  source_name: string | null;
  import_id: string;
  import_file_name: string;
  previous_net: string;
  current_net: string;
  currency: string;
  detail: {
    current_from: string;
    current_to: string;
    previous_from: string;
    previous_to: string;
    current_months: number;
    previous_months: number;
  };
};

const ALERT_SELECT = sql`select a.id, a.kind, a.dimension, a.value, a.recording_id, rec.title as recording_title,
    rec.display_artist as recording_artist, rec.isrc as recording_isrc, i.source, m.name as source_name,
    a.import_id, i.file_name as import_file_name, a.previous_net::text as previous_net,
    a.current_net::text as current_net, a.currency, a.detail
  from income_alerts a
  join recordings rec on rec.id = a.recording_id
  join royalty_imports i on i.id = a.import_id
  left join royalty_mappings m on m.id = i.mapping_id`;

const alertOrder = sql`order by a.previous_net desc, rec.title, a.dimension, a.value, a.id`;

export async function listAlerts(
  tx: OrgTx,
  org: string,
  options: { kind?: string | undefined; limit: number; offset: number },
) {
  const where = options.kind
    ? sql`a.organization_id = ${org} and a.kind = ${options.kind}`
    : sql`a.organization_id = ${org}`;
  const rows = await queryRows<AlertRow>(
    tx,
    sql`${ALERT_SELECT} where ${where} ${alertOrder} limit ${options.limit} offset ${options.offset}`,
  );
  const [count] = await queryRows<{ n: number; imports: boolean }>(
    tx,
    sql`select (select count(*)::int from income_alerts a where ${where}) as n,
          exists (select 1 from royalty_imports where organization_id = ${org} and status = 'imported') as imports`,
  );
  return { rows, total: count?.n ?? 0, hasStatements: count?.imports ?? false };
}

/** Every alert of the label (at most the cap), for the CSV. */
export async function allAlerts(tx: OrgTx, org: string) {
  return queryRows<AlertRow>(tx, sql`${ALERT_SELECT} where a.organization_id = ${org} ${alertOrder}`);
}
