import { STATEMENT_FIELDS } from '@music-review/core/royalty-sources';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import type { MonthSums } from './imports.repo.ts';

/**
 * Matching statement lines to the catalogue (decision 0028), one definition for the load, "Match
 * again" and a resolution: an alias of the import's source for the line's identifier wins; else ISRC
 * → recording, UPC/EAN → release (12 and 13 digits are the same code), catalogue number → release.
 * A line with a release only is spread over the release's tracks when a period is run.
 */

/** The identifier kind and value of a line (SQL functions of migration 0019). */
export const identifierKindOf = (l: string) =>
  sql.raw(`royalty_identifier_kind(${l}.isrc, ${l}.upc, ${l}.catalogue_number)`);
export const identifierOf = (l: string) =>
  sql.raw(
    `royalty_identifier(${l}.isrc, ${l}.upc, ${l}.catalogue_number, ${l}.artist, ${l}.track_title, ${l}.release_title)`,
  );

/**
 * The joins that find a line's match, for a line table aliased `l` with the import's source in
 * `source` (an SQL expression). Selects recording_id, release_id and matched_by as m_*. Each
 * recording and release found is locked FOR KEY SHARE until the transaction ends: statement_lines
 * has no foreign keys (migration 0026), so this is what keeps a delete of one of them from
 * slipping between the match and the commit (the delete waits, then its trigger clears the lines).
 */
function matchJoins(
  org: string,
  l: string,
  source: SQL,
  identifier: { kind: SQL; value: SQL } = { kind: identifierKindOf(l), value: identifierOf(l) },
) {
  const line = sql.raw(l);
  return {
    columns: sql`coalesce(mar.id, mrec.id) as m_recording_id,
      coalesce(mare.id, mupc.id, mcat.id) as m_release_id,
      case when mar.id is not null or mare.id is not null then 'alias'
        when mrec.id is not null then 'isrc' when mupc.id is not null then 'upc'
        when mcat.id is not null then 'catalogue_number' end as m_matched_by`,
    joins: sql`
      left join royalty_aliases ma on ma.organization_id = ${org} and ma.source = ${source}
        and ma.identifier_kind = ${identifier.kind} and ma.identifier = ${identifier.value}
      left join lateral (
        select r.id from recordings r where ma.recording_id is not null and r.id = ma.recording_id for key share
      ) mar on true
      left join lateral (
        select r.id from releases r where ma.release_id is not null and r.id = ma.release_id for key share
      ) mare on true
      left join lateral (
        select r.id from recordings r where ${line}.isrc is not null and r.organization_id = ${org} and r.isrc = ${line}.isrc
        order by r.created_at, r.id limit 1 for key share
      ) mrec on true
      left join lateral (
        select r.id from releases r where ${line}.upc is not null and r.organization_id = ${org}
          and r.upc in (${line}.upc, '0' || ${line}.upc, case when left(${line}.upc, 1) = '0' then substr(${line}.upc, 2) end)
        order by r.created_at, r.id limit 1 for key share
      ) mupc on true
      left join lateral (
        select r.id from releases r where ${line}.catalogue_number is not null and r.organization_id = ${org}
          and upper(r.catalogue_number) = upper(${line}.catalogue_number)
        limit 1 for key share
      ) mcat on true`,
  };
}

/** The columns of the temporary table a batch of lines is copied into before it is inserted. */
export const LOAD_COLUMNS = ['line_number', ...STATEMENT_FIELDS, 'raw'] as const;

export async function createLoadTable(tx: OrgTx) {
  await tx.execute(
    sql`create temporary table royalty_load (
          line_number integer, sale_month date, reporting_date date, store text, territory text,
          isrc text, upc text, catalogue_number text, release_title text, track_title text, artist text,
          sale_type text, quantity integer, gross numeric, net numeric, currency text, raw text
        ) on commit drop`,
  );
}

/**
 * Inserts the copied batch into statement_lines (row-level security checks each row), matched: each
 * distinct code set of the batch is matched once (a batch of 20,000 lines holds a few hundred), then
 * joined back to its lines by hash. Returns the batch's sums per sale month and currency.
 */
export async function insertLoadedLines(
  tx: OrgTx,
  org: string,
  importId: string,
  source: string,
): Promise<MonthSums[]> {
  const match = matchJoins(org, 'c', sql`${source}`, { kind: sql.raw('c.kind'), value: sql.raw('c.ident') });
  const key = (t: string) =>
    sql.raw(`coalesce(${t}.isrc, '') = coalesce(s.isrc, '') and coalesce(${t}.upc, '') = coalesce(s.upc, '')
      and coalesce(${t}.catalogue_number, '') = coalesce(s.catalogue_number, '') and ${t}.ident = s.ident`);
  return queryRows<MonthSums>(
    tx,
    sql`with lines as (
          select s.*, ${identifierKindOf('s')} as kind, ${identifierOf('s')} as ident from royalty_load s
        ),
        codes as (select distinct isrc, upc, catalogue_number, kind, ident from lines),
        matched as (select c.isrc, c.upc, c.catalogue_number, c.ident, ${match.columns} from codes c ${match.joins}),
        inserted as (
        insert into statement_lines (organization_id, import_id, line_number, sale_month, reporting_date, store,
          territory, isrc, upc, catalogue_number, release_title, track_title, artist, sale_type, quantity, gross,
          net, currency, raw, recording_id, release_id, matched_by)
        select ${org}, ${importId}, s.line_number, s.sale_month, s.reporting_date, s.store, s.territory, s.isrc,
          s.upc, s.catalogue_number, s.release_title, s.track_title, s.artist, s.sale_type, s.quantity, s.gross,
          s.net, s.currency, s.raw, m.m_recording_id, m.m_release_id, m.m_matched_by
        from lines s join matched m on ${key('m')}
        -- The import, locked: deleted meanwhile, the batch inserts nothing (no lines left behind).
        join (select id from royalty_imports where organization_id = ${org} and id = ${importId} for key share) imp
          on true
        returning sale_month, currency, net, recording_id, release_id
        )
        -- The batch's sums for the import's summary (imports.repo summaryOf).
        select to_char(sale_month, 'YYYY-MM') as month, currency, count(*)::int as lines, sum(net)::text as net,
          count(*) filter (where recording_id is not null or release_id is not null)::int as matched
        from inserted group by 1, 2`,
  );
}

/** "Match again": the unmatched lines of every live import, against the catalogue and aliases now. */
export async function rematchUnmatched(tx: OrgTx, org: string) {
  const match = matchJoins(org, 'l', sql`i.source`);
  const rows = await queryRows<{ n: number; imports: string[] }>(
    tx,
    sql`with found as (
          select l.import_id, l.line_number, ${match.columns}
          from statement_lines l
          join royalty_imports i on i.id = l.import_id and i.organization_id = ${org}
          ${match.joins}
          where l.organization_id = ${org} and l.recording_id is null and l.release_id is null
            and i.status in ('needs_decision', 'imported')
        ), updated as (
          update statement_lines l set recording_id = f.m_recording_id, release_id = f.m_release_id,
            matched_by = f.m_matched_by
          from found f
          where l.organization_id = ${org} and l.import_id = f.import_id and l.line_number = f.line_number
            and (f.m_recording_id is not null or f.m_release_id is not null)
          returning l.import_id
        )
        select count(*)::int as n, coalesce(array_agg(distinct import_id), '{}') as imports from updated`,
  );
  return { lines: rows[0]?.n ?? 0, imports: rows[0]?.imports ?? [] };
}

export type Resolution = {
  source: string;
  identifier_kind: 'isrc' | 'upc' | 'catalogue_number' | 'title';
  identifier: string;
  recording_id?: string | undefined;
  release_id?: string | undefined;
};

/** The line conditions an identifier stands for (written so the unmatched index serves codes). */
function identifierCondition(r: Resolution) {
  switch (r.identifier_kind) {
    case 'isrc':
      return sql`l.isrc = ${r.identifier}`;
    case 'upc':
      return sql`l.isrc is null and l.upc = ${r.identifier}`;
    case 'catalogue_number':
      return sql`l.isrc is null and l.upc is null and upper(l.catalogue_number) = ${r.identifier}`;
    case 'title':
      return sql`l.isrc is null and l.upc is null and l.catalogue_number is null and ${identifierOf('l')} = ${r.identifier}`;
  }
}

/**
 * Saves the alias (a second resolution of one identifier replaces the first) and applies it to every
 * line of that source with that identifier that matched nothing, or matched by an alias in a month
 * no published period holds: reassigning moves the identifier's history until its period is
 * locked. Returns the lines changed.
 */
export async function applyResolution(tx: OrgTx, org: string, reviewerId: string, r: Resolution) {
  const recordingId = r.recording_id ?? null;
  const releaseId = r.release_id ?? null;
  await tx.execute(
    sql`insert into royalty_aliases (organization_id, source, identifier_kind, identifier, recording_id, release_id,
          created_by)
        values (${org}, ${r.source}, ${r.identifier_kind}, ${r.identifier}, ${recordingId}, ${releaseId}, ${reviewerId})
        on conflict (organization_id, source, identifier_kind, identifier) do update
          set recording_id = excluded.recording_id, release_id = excluded.release_id,
            created_by = excluded.created_by, created_at = now()`,
  );
  const [row] = await queryRows<{ n: number; imports: string[] }>(
    tx,
    sql`with updated as (
          update statement_lines l set recording_id = ${recordingId}, release_id = ${releaseId}, matched_by = 'alias'
          from royalty_imports i
          where i.id = l.import_id and i.organization_id = ${org} and i.source = ${r.source}
            and l.organization_id = ${org} and ${identifierCondition(r)}
            and ((l.recording_id is null and l.release_id is null)
              or (l.matched_by = 'alias' and not exists (
                select 1 from royalty_periods p where p.organization_id = ${org} and p.status = 'published'
                  and l.sale_month between p.start_month and p.end_month)))
          returning l.import_id
        )
        select count(*)::int as n, coalesce(array_agg(distinct import_id), '{}') as imports from updated`,
  );
  return { lines: row?.n ?? 0, imports: row?.imports ?? [] };
}

/** After lines changed their match: the imports' "matched" counts, read again from their lines. */
export async function refreshMatchedCounts(tx: OrgTx, org: string, importIds: readonly string[]) {
  if (importIds.length === 0) return;
  await tx.execute(
    sql`update royalty_imports i set summary = jsonb_set(i.summary, '{matched_lines}', to_jsonb((
          select count(*) from statement_lines l
          where l.organization_id = ${org} and l.import_id = i.id
            and (l.recording_id is not null or l.release_id is not null))))
        where i.organization_id = ${org} and i.id = any(${uuidArray(importIds)})`,
  );
}

const uuidArray = (ids: readonly string[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]`;

/** Which of these ids are the label's recordings and releases (locked until the transaction ends). */
export async function existingTargets(tx: OrgTx, org: string, recordingIds: string[], releaseIds: string[]) {
  const recordings =
    recordingIds.length === 0
      ? []
      : await queryRows<{ id: string }>(
          tx,
          sql`select id from recordings where organization_id = ${org} and id = any(${uuidArray(recordingIds)}) for key share`,
        );
  const releases =
    releaseIds.length === 0
      ? []
      : await queryRows<{ id: string }>(
          tx,
          sql`select id from releases where organization_id = ${org} and id = any(${uuidArray(releaseIds)}) for key share`,
        );
  return new Set([...recordings, ...releases].map((r) => r.id));
}
