import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { identifierKindOf, identifierOf } from './matching.repo.ts';

/** "Unmatched", an import's lines, and the finance summary. Only imported imports' lines count. */

export type UnmatchedGroupRow = {
  source: string;
  source_name: string | null;
  identifier_kind: 'isrc' | 'upc' | 'catalogue_number' | 'title';
  identifier: string;
  track_title: string | null;
  release_title: string | null;
  artist: string | null;
  lines: number;
  amounts: Array<{ currency: string; net: string }>;
  first_month: string;
  last_month: string;
  s_kind: 'recording' | 'release' | null;
  s_id: string | null;
  s_title: string | null;
  s_artist: string | null;
  s_code: string | null;
};

/** Lines that matched nothing, of imported imports (optionally searched by code, title or artist). */
function unmatchedLines(org: string, q: string | undefined) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return sql`select i.source, i.mapping_id, ${identifierKindOf('l')} as identifier_kind, ${identifierOf('l')} as identifier,
      l.track_title, l.release_title, l.artist, l.currency, l.net, l.sale_month
    from statement_lines l
    join royalty_imports i on i.id = l.import_id and i.organization_id = ${org} and i.status = 'imported'
    where l.organization_id = ${org} and l.recording_id is null and l.release_id is null
      ${
        like
          ? sql`and (l.isrc ilike ${like} or l.upc ilike ${like} or l.catalogue_number ilike ${like}
              or l.track_title ilike ${like} or l.release_title ilike ${like} or l.artist ilike ${like})`
          : sql``
      }`;
}

/**
 * Groups by source and identifier, largest net first. Amounts are summed per currency; the order
 * adds the currencies' figures as they are (a source reports in one currency almost always).
 * Each group on the page carries a suggestion: the label's recording (a track-level code or none)
 * or release (a release code) whose title and artist look most alike.
 */
export async function listUnmatchedGroups(
  tx: OrgTx,
  org: string,
  options: { q?: string | undefined; limit: number; offset: number },
) {
  const rows = await queryRows<UnmatchedGroupRow>(
    tx,
    sql`with lines as (${unmatchedLines(org, options.q)}),
        per_currency as (
          select source, mapping_id, identifier_kind, identifier, currency, sum(net) as net, count(*)::int as lines,
            min(track_title) as track_title, min(release_title) as release_title, min(artist) as artist,
            min(sale_month) as first_month, max(sale_month) as last_month
          from lines group by source, mapping_id, identifier_kind, identifier, currency
        ),
        groups as (
          select source, mapping_id, identifier_kind, identifier, sum(lines)::int as lines,
            jsonb_agg(jsonb_build_object('currency', currency, 'net', net::text) order by currency) as amounts,
            sum(net) as sort_net, min(track_title) as track_title, min(release_title) as release_title,
            min(artist) as artist, to_char(min(first_month), 'YYYY-MM') as first_month,
            to_char(max(last_month), 'YYYY-MM') as last_month
          from per_currency group by source, mapping_id, identifier_kind, identifier
          order by sort_net desc, source, identifier
          limit ${options.limit} offset ${options.offset}
        )
        select g.source, m.name as source_name, g.identifier_kind, g.identifier, g.track_title, g.release_title,
          g.artist, g.lines, g.amounts, g.first_month, g.last_month,
          s.kind as s_kind, s.id as s_id, s.title as s_title, s.display_artist as s_artist, s.code as s_code
        from groups g
        left join royalty_mappings m on m.id = g.mapping_id
        left join lateral (
          select 'recording' as kind, r.id, r.title, r.display_artist, r.isrc as code
          from recordings r
          where g.identifier_kind in ('isrc', 'title') and g.track_title is not null
            and r.organization_id = ${org} and r.title % g.track_title
          order by similarity(r.title, g.track_title) + similarity(r.display_artist, coalesce(g.artist, '')) desc, r.id
          limit 1
        ) rs on true
        left join lateral (
          select 'release' as kind, r.id, r.title, r.display_artist, r.upc as code
          from releases r
          where g.identifier_kind in ('upc', 'catalogue_number') and g.release_title is not null
            and r.organization_id = ${org} and r.title % g.release_title
          order by similarity(r.title, g.release_title) + similarity(r.display_artist, coalesce(g.artist, '')) desc, r.id
          limit 1
        ) rl on true
        left join lateral (select coalesce(rs.kind, rl.kind) as kind, coalesce(rs.id, rl.id) as id,
          coalesce(rs.title, rl.title) as title, coalesce(rs.display_artist, rl.display_artist) as display_artist,
          coalesce(rs.code, rl.code) as code) s on true
        order by (select sum((a->>'net')::numeric) from jsonb_array_elements(g.amounts) a) desc, g.source, g.identifier`,
  );
  const [totals] = await queryRows<{
    groups: number;
    lines: number;
    amounts: Array<{ currency: string; net: string }> | null;
  }>(
    tx,
    sql`with lines as (${unmatchedLines(org, options.q)}),
        per_currency as (select currency, sum(net) as net, count(*)::int as lines from lines group by currency)
        select (select count(*)::int from (select 1 from lines group by source, mapping_id, identifier_kind, identifier) g) as groups,
          coalesce((select sum(lines)::int from per_currency), 0) as lines,
          (select jsonb_agg(jsonb_build_object('currency', currency, 'net', net::text) order by currency) from per_currency) as amounts`,
  );
  return {
    rows,
    total: totals?.groups ?? 0,
    lines: totals?.lines ?? 0,
    amounts: totals?.amounts ?? [],
  };
}

export type LineRow = {
  import_id: string;
  line_number: number;
  sale_month: string;
  store: string | null;
  territory: string | null;
  isrc: string | null;
  upc: string | null;
  catalogue_number: string | null;
  release_title: string | null;
  track_title: string | null;
  artist: string | null;
  sale_type: 'stream' | 'download' | 'physical' | 'sync' | 'other';
  quantity: number;
  gross: string | null;
  net: string;
  currency: string;
  raw: string;
  matched_by: 'isrc' | 'upc' | 'catalogue_number' | 'alias' | null;
};

/** Lines of one import, or the unmatched lines of one source's identifier, in file order. */
export async function listLines(
  tx: OrgTx,
  org: string,
  filter: {
    importId?: string | undefined;
    source?: string | undefined;
    identifierKind?: string | undefined;
    identifier?: string | undefined;
    limit: number;
    offset: number;
  },
) {
  const conditions: SQL[] = [sql`l.organization_id = ${org}`];
  if (filter.importId) conditions.push(sql`l.import_id = ${filter.importId}`);
  if (filter.source) conditions.push(sql`i.source = ${filter.source}`);
  if (filter.identifierKind && filter.identifier)
    conditions.push(
      sql`l.recording_id is null and l.release_id is null and i.status = 'imported'
          and ${identifierKindOf('l')} = ${filter.identifierKind} and ${identifierOf('l')} = ${filter.identifier}`,
    );
  const where = sql.join(conditions, sql` and `);
  const rows = await queryRows<LineRow>(
    tx,
    sql`select l.import_id, l.line_number, to_char(l.sale_month, 'YYYY-MM') as sale_month, l.store, l.territory,
          l.isrc, l.upc, l.catalogue_number, l.release_title, l.track_title, l.artist, l.sale_type, l.quantity,
          l.gross::text as gross, l.net::text as net, l.currency, l.raw, l.matched_by
        from statement_lines l join royalty_imports i on i.id = l.import_id and i.organization_id = ${org}
        where ${where}
        order by l.import_id, l.line_number
        limit ${filter.limit} offset ${filter.offset}`,
  );
  const [count] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n
        from statement_lines l join royalty_imports i on i.id = l.import_id and i.organization_id = ${org}
        where ${where}`,
  );
  return { rows, total: count?.n ?? 0 };
}

/** The summary strip: the latest quarter's income (from the imports' month sums), what is unmatched. */
export async function financeSummary(tx: OrgTx, org: string) {
  const months = await queryRows<{ month: string; currency: string; net: string }>(
    tx,
    sql`select m->>'month' as month, m->>'currency' as currency, sum((m->>'net')::numeric)::text as net
        from royalty_imports i, jsonb_array_elements(coalesce(i.summary->'months', '[]'::jsonb)) m
        where i.organization_id = ${org} and i.status = 'imported'
        group by 1, 2`,
  );
  const [unmatched] = await queryRows<{
    groups: number;
    amounts: Array<{ currency: string; net: string }> | null;
  }>(
    tx,
    sql`with lines as (${unmatchedLines(org, undefined)}),
        per_currency as (select currency, sum(net) as net from lines group by currency)
        select (select count(*)::int from (select 1 from lines group by source, mapping_id, identifier_kind, identifier) g) as groups,
          (select jsonb_agg(jsonb_build_object('currency', currency, 'net', net::text) order by currency) from per_currency) as amounts`,
  );
  const [waiting] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from royalty_imports where organization_id = ${org} and status = 'needs_decision'`,
  );
  return { months, unmatched: unmatched ?? { groups: 0, amounts: null }, waiting: waiting?.n ?? 0 };
}
