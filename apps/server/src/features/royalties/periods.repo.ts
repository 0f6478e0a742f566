import type { SerializedStatement } from '@music-review/core/royalty-engine';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** Accounting periods, their statements, and what a run reads (decision 0029). */

export type PeriodRow = {
  id: string;
  start_month: string;
  end_month: string;
  status: string;
  import_ids: string[];
  rates: Array<{ from: string; to: string; rate: string }>;
  summary: {
    payable?: Array<{ currency: string; minor: string }>;
    uncontracted?: Array<{ currency: string; net: string }>;
    statements?: number;
  };
  error: string | null;
  job_id: string | null;
  run_at: string | null;
  approved_at: string | null;
  published_at: string | null;
};

const SELECT_PERIOD = sql`select id, to_char(start_month, 'YYYY-MM') as start_month, to_char(end_month, 'YYYY-MM') as end_month,
    status, import_ids, rates, summary, error, job_id, run_at, approved_at, published_at from royalty_periods`;

export async function cadenceOf(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ period_cadence: string }>(
    tx,
    sql`select period_cadence from finance_settings where organization_id = ${org}`,
  );
  return (row?.period_cadence ?? 'quarterly') as 'monthly' | 'quarterly' | 'half_yearly';
}

export async function saveCadence(tx: OrgTx, org: string, cadence: string) {
  await tx.execute(
    sql`insert into finance_settings (organization_id, period_cadence) values (${org}, ${cadence})
        on conflict (organization_id) do update set period_cadence = excluded.period_cadence, updated_at = now()`,
  );
}

/** The currency analytics shows income in (finance_settings.reporting_currency, default USD). */
export async function reportingCurrencyOf(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ reporting_currency: string }>(
    tx,
    sql`select reporting_currency from finance_settings where organization_id = ${org}`,
  );
  return row?.reporting_currency ?? 'USD';
}

export async function saveReportingCurrency(tx: OrgTx, org: string, currency: string) {
  await tx.execute(
    sql`insert into finance_settings (organization_id, reporting_currency) values (${org}, ${currency})
        on conflict (organization_id) do update set reporting_currency = excluded.reporting_currency, updated_at = now()`,
  );
}

export async function countPeriods(tx: OrgTx, org: string) {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from royalty_periods where organization_id = ${org}`,
  );
  return row?.n ?? 0;
}

export async function listPeriods(tx: OrgTx, org: string) {
  return queryRows<PeriodRow>(
    tx,
    sql`${SELECT_PERIOD} where organization_id = ${org} order by start_month desc`,
  );
}

export async function findPeriod(tx: OrgTx, org: string, id: string, lock = false) {
  const [row] = await queryRows<PeriodRow>(
    tx,
    lock
      ? sql`${SELECT_PERIOD} where organization_id = ${org} and id = ${id} for update`
      : sql`${SELECT_PERIOD} where organization_id = ${org} and id = ${id}`,
  );
  return row;
}

/** A period overlapping these months, if any. */
export async function overlapping(tx: OrgTx, org: string, start: string, end: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from royalty_periods where organization_id = ${org}
        and start_month <= ${`${end}-01`}::date and end_month >= ${`${start}-01`}::date limit 1`,
  );
  return row;
}

export async function insertPeriod(tx: OrgTx, org: string, start: string, end: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into royalty_periods (organization_id, start_month, end_month)
        values (${org}, ${`${start}-01`}::date, ${`${end}-01`}::date) returning id`,
  );
  return row!.id;
}

export async function updatePeriod(
  tx: OrgTx,
  org: string,
  id: string,
  values: Partial<{
    status: string;
    importIds: string[];
    rates: unknown[];
    summary: Record<string, unknown>;
    error: string | null;
    jobId: string;
    runBy: string;
    approvedBy: string;
    publishedBy: string;
  }>,
) {
  const sets = [
    values.status !== undefined ? sql`status = ${values.status}` : null,
    values.importIds !== undefined
      ? sql`import_ids = array[${sql.join(
          values.importIds.map((i) => sql`${i}::uuid`),
          sql`, `,
        )}]::uuid[]`
      : null,
    values.rates !== undefined ? sql`rates = ${JSON.stringify(values.rates)}::jsonb` : null,
    values.summary !== undefined ? sql`summary = ${JSON.stringify(values.summary)}::jsonb` : null,
    values.error !== undefined ? sql`error = ${values.error}` : null,
    values.jobId !== undefined ? sql`job_id = ${values.jobId}` : null,
    values.runBy !== undefined ? sql`run_by = ${values.runBy}, run_at = now()` : null,
    values.approvedBy !== undefined ? sql`approved_by = ${values.approvedBy}, approved_at = now()` : null,
    values.publishedBy !== undefined ? sql`published_by = ${values.publishedBy}, published_at = now()` : null,
  ].filter((s) => s !== null);
  if (sets.length === 0) return;
  await tx.execute(
    sql`update royalty_periods set ${sql.join(sets, sql`, `)} where organization_id = ${org} and id = ${id}`,
  );
}

/** The imported imports with lines in these months (a run's default choice). */
export async function importsWithSales(tx: OrgTx, org: string, start: string, end: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select i.id from royalty_imports i
        where i.organization_id = ${org} and i.status = 'imported'
          and exists (select 1 from jsonb_array_elements(coalesce(i.summary->'months', '[]'::jsonb)) m
                      where m->>'month' between ${start} and ${end})
        order by i.created_at`,
  );
  return rows.map((r) => r.id);
}

export async function importedIds(tx: OrgTx, org: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from royalty_imports where organization_id = ${org} and status = 'imported'
        and id = any(array[${sql.join(
          ids.map((i) => sql`${i}::uuid`),
          sql`, `,
        )}]::uuid[])`,
  );
  return rows.map((r) => r.id);
}

// ---- What a run reads ----

export type ReceiptRow = {
  recording_id: string;
  release_id: string | null;
  sale_type: 'stream' | 'download' | 'physical' | 'sync' | 'other';
  territory: string | null;
  store: string | null;
  currency: string;
  quantity: number;
  net: string;
  gross: string | null;
};

/**
 * The period's matched receipts of the chosen imports, summed per recording, release, sale type,
 * territory, store and currency. Lines matched to a release only are summed per those keys first,
 * then each sum is spread over the release's tracks in equal parts (to 12 decimals; the last track
 * takes what is left, so the parts add up to the sum exactly; decision 0029); a release without
 * tracks is left out (and counted apart). Summing first is one hash aggregate over the lines, not a
 * sort of every spread line (about half the run's time at a million lines).
 */
export async function periodReceipts(
  tx: OrgTx,
  org: string,
  importIds: readonly string[],
  start: string,
  end: string,
) {
  if (importIds.length === 0) return [];
  const ids = sql`array[${sql.join(
    importIds.map((i) => sql`${i}::uuid`),
    sql`, `,
  )}]::uuid[]`;
  return queryRows<ReceiptRow>(
    tx,
    sql`with sums as (
          select l.recording_id, l.release_id, l.sale_type, l.territory, l.store, l.currency,
            sum(l.quantity) as quantity, sum(l.net) as net, sum(l.gross) as gross
          from statement_lines l
          where l.organization_id = ${org} and l.import_id = any(${ids})
            and l.sale_month between ${`${start}-01`}::date and ${`${end}-01`}::date
            and (l.recording_id is not null or l.release_id is not null)
          group by 1, 2, 3, 4, 5, 6
        ),
        tracks as (
          select t.release_id, t.recording_id,
            row_number() over (partition by t.release_id order by t.disc_number, t.track_number, t.recording_id) as rn,
            count(*) over (partition by t.release_id) as n
          from release_tracks t where t.organization_id = ${org}
            and t.release_id in (select distinct release_id from sums where recording_id is null)
        ),
        spread as (
          select recording_id, release_id, sale_type, territory, store, currency, quantity, net, gross
          from sums where recording_id is not null
          union all
          select t.recording_id, l.release_id, l.sale_type, l.territory, l.store, l.currency,
            case when t.rn = t.n then l.quantity - (t.n - 1) * (l.quantity / t.n) else l.quantity / t.n end,
            case when t.rn = t.n then l.net - (t.n - 1) * trunc(l.net / t.n, 12) else trunc(l.net / t.n, 12) end,
            case when l.gross is null then null
              when t.rn = t.n then l.gross - (t.n - 1) * trunc(l.gross / t.n, 12) else trunc(l.gross / t.n, 12) end
          from sums l join tracks t on t.release_id = l.release_id
          where l.recording_id is null
        )
        select recording_id, release_id, sale_type, territory, store, currency, sum(quantity)::int as quantity,
          sum(net)::text as net, sum(gross)::text as gross
        from spread group by 1, 2, 3, 4, 5, 6
        order by 1, 2, 3, 4, 5, 6`,
  );
}

export type StatementRow = {
  id: string;
  period_id: string;
  payee_id: string;
  payee_name: string;
  currency: string;
  detail: SerializedStatement;
  changes: Array<{ field: string; before: string; after: string }> | null;
};

export async function listStatements(tx: OrgTx, org: string, periodId: string) {
  return queryRows<StatementRow>(
    tx,
    sql`select s.id, s.period_id, s.payee_id, p.name as payee_name, s.currency, s.detail, s.changes
        from royalty_statements s join payees p on p.id = s.payee_id
        where s.organization_id = ${org} and s.period_id = ${periodId}
        order by p.name, s.id`,
  );
}

export async function findStatement(tx: OrgTx, org: string, id: string) {
  const [row] = await queryRows<StatementRow>(
    tx,
    sql`select s.id, s.period_id, s.payee_id, p.name as payee_name, s.currency, s.detail, s.changes
        from royalty_statements s join payees p on p.id = s.payee_id
        where s.organization_id = ${org} and s.id = ${id}`,
  );
  return row;
}

export async function replaceStatements(
  tx: OrgTx,
  org: string,
  periodId: string,
  rows: Array<{
    payeeId: string;
    currency: string;
    opening: bigint;
    earnings: bigint;
    closing: bigint;
    payable: bigint;
    detail: SerializedStatement;
    changes: unknown[] | null;
  }>,
) {
  await tx.execute(
    sql`delete from royalty_statements where organization_id = ${org} and period_id = ${periodId}`,
  );
  // A few hundred statements a statement: a run writes a thousand payees in a handful of round trips.
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200).map(
      (r) =>
        sql`(${org}, ${periodId}, ${r.payeeId}, ${r.currency}, ${r.opening.toString()}, ${r.earnings.toString()},
          ${r.closing.toString()}, ${r.payable.toString()}, ${JSON.stringify(r.detail)}::jsonb,
          ${r.changes ? JSON.stringify(r.changes) : null}::jsonb)`,
    );
    await tx.execute(
      sql`insert into royalty_statements (organization_id, period_id, payee_id, currency, opening_minor, earnings_minor,
            closing_minor, payable_minor, detail, changes)
          values ${sql.join(values, sql`, `)}`,
    );
  }
}

/** The period's statements without their lines: what a re-run compares its figures with. */
export async function statementFigures(tx: OrgTx, org: string, periodId: string) {
  const rows = await queryRows<{ detail: SerializedStatement }>(
    tx,
    sql`select (detail - 'lines') || '{"lines": []}'::jsonb as detail from royalty_statements
        where organization_id = ${org} and period_id = ${periodId}`,
  );
  return rows.map((r) => r.detail);
}

/** Titles for a statement's lines. */
export async function titlesOf(
  tx: OrgTx,
  org: string,
  recordingIds: readonly string[],
  releaseIds: readonly string[],
) {
  const recordings =
    recordingIds.length === 0
      ? []
      : await queryRows<{ id: string; title: string; isrc: string | null }>(
          tx,
          sql`select id, title, isrc from recordings where organization_id = ${org} and id = any(array[${sql.join(
            recordingIds.map((i) => sql`${i}::uuid`),
            sql`, `,
          )}]::uuid[])`,
        );
  const releases =
    releaseIds.length === 0
      ? []
      : await queryRows<{ id: string; title: string }>(
          tx,
          sql`select id, title from releases where organization_id = ${org} and id = any(array[${sql.join(
            releaseIds.map((i) => sql`${i}::uuid`),
            sql`, `,
          )}]::uuid[])`,
        );
  return {
    recordings: new Map(recordings.map((r) => [r.id, r])),
    releases: new Map(releases.map((r) => [r.id, r])),
  };
}

/** The currencies the label's contracts pay in (the rates a run needs go to these). */
export async function dealPayeeCurrencies(tx: OrgTx, org: string) {
  const rows = await queryRows<{ currency: string }>(
    tx,
    sql`select distinct p.currency from royalty_deal_payees dp join payees p on p.id = dp.payee_id
        where dp.organization_id = ${org} order by 1`,
  );
  return rows.map((r) => r.currency);
}

// ---- Statement documents and links (statement-documents.ts, statement-links.ts) ----

/** Titles and codes for a statement's lines: recordings (title, ISRC), releases (title, UPC). */
export async function statementCatalogueOf(
  tx: OrgTx,
  org: string,
  recordingIds: readonly string[],
  releaseIds: readonly string[],
) {
  const ids = (list: readonly string[]) =>
    sql`array[${sql.join(
      list.map((i) => sql`${i}::uuid`),
      sql`, `,
    )}]::uuid[]`;
  const recordings =
    recordingIds.length === 0
      ? []
      : await queryRows<{ id: string; title: string; isrc: string | null }>(
          tx,
          sql`select id, title, isrc from recordings where organization_id = ${org} and id = any(${ids(recordingIds)})`,
        );
  const releases =
    releaseIds.length === 0
      ? []
      : await queryRows<{ id: string; title: string; upc: string | null }>(
          tx,
          sql`select id, title, upc from releases where organization_id = ${org} and id = any(${ids(releaseIds)})`,
        );
  return {
    recordings: new Map(recordings.map((r) => [r.id, r])),
    releases: new Map(releases.map((r) => [r.id, r])),
  };
}

/**
 * What a statement document shows of its label: the name, and from its enabled branding the app
 * name, the logo's storage key and the primary colour (light mode, for paper). Read here rather
 * than through the branding service, which answers members only and signs URLs the PDF cannot use.
 */
export async function statementLabelOf(tx: OrgTx, org: string) {
  const [row] = await queryRows<{
    name: string;
    app_name: string | null;
    logo_key: string | null;
    primary_color: string | null;
  }>(
    tx,
    sql`select o.name, b.app_name, coalesce(b.logo_url, o.logo_url) as logo_key, b.primary_color_light as primary_color
        from organizations o
        left join whitelabel_branding_v2 b on b.organization_id = o.id and b.is_enabled
        where o.id = ${org}`,
  );
  return row;
}

/** A period's statements with their payee's name and email (for the links sent on publishing). */
export async function statementRecipients(tx: OrgTx, org: string, periodId: string) {
  return queryRows<{ id: string; payee_name: string; email: string | null }>(
    tx,
    sql`select s.id, p.name as payee_name, nullif(trim(p.email), '') as email
        from royalty_statements s join payees p on p.id = s.payee_id
        where s.organization_id = ${org} and s.period_id = ${periodId}
        order by p.name, s.id`,
  );
}
