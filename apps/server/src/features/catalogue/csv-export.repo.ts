/**
 * The SQL of "Export CSV" (decision 0026): the plan's monthly export counters (the spec's
 * check_export_limit / record_export_usage), and each kind's rows under the list endpoints' filters
 * and sort, read through a cursor a thousand at a time so an export of 100,000 rows never sits in
 * memory. The filters mean what the list endpoints' mean (recordings.repo, releases.repo, works.repo).
 */
import { normalizeIswc } from '@music-review/core/music-codes';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';
import { recordingSearch } from './recordings.repo.ts';

// ---------------------------------------------------------------------------------------------------
// The plan's monthly exports

export async function checkExportLimit(tx: OrgTx, organizationId: string, exportType: string) {
  const [row] = await queryRows<{ allowed: boolean | null }>(
    tx,
    sql`select check_export_limit(${organizationId}, ${exportType}) as allowed`,
  );
  return row?.allowed === true;
}

export async function recordExportUsage(tx: OrgTx, organizationId: string, exportType: string) {
  await tx.execute(sql`select record_export_usage(${organizationId}, ${exportType})`);
}

export async function monthlyExportLimit(tx: OrgTx, organizationId: string) {
  const [row] = await queryRows<{ monthly_export_limit: number }>(
    tx,
    sql`select p.monthly_export_limit from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}`,
  );
  return row?.monthly_export_limit ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// The filters (the list endpoints' query without paging)

type Dir = 'asc' | 'desc';

export interface RecordingsExportQuery {
  q?: string | undefined;
  artist?: string | undefined;
  year?: number | undefined;
  origin?: string | undefined;
  missing?: 'isrc' | 'work' | 'split' | 'any' | undefined;
  sort: 'title' | 'artist' | 'year' | 'isrc' | 'updated';
  dir: Dir;
}

export interface ReleasesExportQuery {
  q?: string | undefined;
  artist?: string | undefined;
  year?: number | undefined;
  status?: string | undefined;
  missing?: 'upc' | 'codes' | 'any' | undefined;
  sort: 'title' | 'artist' | 'release_date' | 'catalogue_number' | 'updated';
  dir: Dir;
}

export interface WorksExportQuery {
  q?: string | undefined;
  artist?: string | undefined;
  missing?: 'iswc' | 'shares' | 'any' | undefined;
  sort: 'title' | 'iswc' | 'updated';
  dir: Dir;
}

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const direction = (dir: Dir) => sql.raw(dir === 'desc' ? 'desc' : 'asc');

function recordingsSelect(organizationId: string, query: RecordingsExportQuery): SQL {
  const where: SQL[] = [sql`r.organization_id = ${organizationId}`];
  const q = query.q?.trim();
  if (q) where.push(recordingSearch(organizationId, q));
  if (query.artist)
    where.push(sql`r.id in (select ra.recording_id from recording_artists ra
      where ra.organization_id = ${organizationId} and ra.party_id = ${query.artist})`);
  if (query.year !== undefined) where.push(sql`r.recording_year = ${query.year}`);
  if (query.origin) where.push(sql`r.origin = ${query.origin}`);
  const noSplit = sql`not exists (select 1 from master_splits ms where ms.organization_id = ${organizationId} and ms.recording_id = r.id)`;
  if (query.missing === 'isrc') where.push(sql`r.isrc is null`);
  if (query.missing === 'work') where.push(sql`r.work_id is null`);
  if (query.missing === 'split') where.push(noSplit);
  if (query.missing === 'any') where.push(sql`(r.isrc is null or r.work_id is null or ${noSplit})`);
  const key = {
    title: sql`lower(r.title) collate "C"`,
    artist: sql`lower(r.display_artist) collate "C"`,
    year: sql`r.recording_year`,
    isrc: sql`r.isrc`,
    updated: sql`r.updated_at`,
  }[query.sort];
  const dir = direction(query.dir);
  return sql`select r.id, r.title, r.version, r.display_artist, r.isrc, r.duration_seconds, r.explicit, r.genre,
      r.subgenre, r.language, r.bpm, r.musical_key, r.p_line_year, r.p_line_owner, r.recording_year, r.origin,
      w.title as work_title, w.iswc as work_iswc, r.updated_at
    from recordings r left join works w on w.organization_id = r.organization_id and w.id = r.work_id
    where ${sql.join(where, sql` and `)}
    order by ${key} ${dir}, r.id ${dir}`;
}

function releasesSelect(organizationId: string, query: ReleasesExportQuery): SQL {
  const where: SQL[] = [sql`rel.organization_id = ${organizationId}`];
  const q = query.q?.trim();
  if (q) {
    const p = containsPattern(q);
    where.push(
      sql`(rel.title ilike ${p} or rel.display_artist ilike ${p} or rel.upc ilike ${p} or rel.catalogue_number ilike ${p})`,
    );
  }
  if (query.artist)
    where.push(sql`rel.id in (
      select t.release_id from recording_artists ra
      join release_tracks t on t.organization_id = ra.organization_id and t.recording_id = ra.recording_id
      where ra.organization_id = ${organizationId} and ra.party_id = ${query.artist})`);
  if (query.year !== undefined)
    where.push(sql`rel.release_date >= make_date(${query.year}::int, 1, 1)
      and rel.release_date < make_date(${query.year}::int + 1, 1, 1)`);
  if (query.status) where.push(sql`rel.status = ${query.status}`);
  const missingCodes = sql`exists (select 1 from release_tracks t join recordings r on r.id = t.recording_id
    where t.organization_id = ${organizationId} and t.release_id = rel.id and r.isrc is null)`;
  if (query.missing === 'upc') where.push(sql`rel.upc is null`);
  if (query.missing === 'codes') where.push(missingCodes);
  if (query.missing === 'any') where.push(sql`(rel.upc is null or ${missingCodes})`);
  const d = query.dir === 'desc' ? 'desc' : 'asc';
  const order = {
    title: `lower(rel.title) collate "C" ${d}`,
    artist: `lower(rel.display_artist) collate "C" ${d}`,
    release_date: `rel.release_date ${d} nulls last`,
    catalogue_number: `upper(rel.catalogue_number) ${d} nulls last`,
    updated: `rel.updated_at ${d}`,
  }[query.sort];
  return sql`select rel.id, rel.title, rel.version, rel.display_artist, rel.release_type, rel.upc, rel.catalogue_number,
      rel.label_name, rel.release_date::text as release_date, rel.original_release_date::text as original_release_date,
      rel.p_line_year, rel.p_line_owner, rel.c_line_year, rel.c_line_owner, rel.genre, rel.status,
      (select count(*)::int from release_tracks t where t.organization_id = rel.organization_id and t.release_id = rel.id) as track_count,
      rel.updated_at
    from releases rel
    where ${sql.join(where, sql` and `)}
    order by ${sql.raw(`${order}, rel.id ${d}`)}`;
}

function worksSelect(organizationId: string, query: WorksExportQuery): SQL {
  const where: SQL[] = [sql`w.organization_id = ${organizationId}`];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const byWriter = sql`exists (select 1 from work_writers ww join parties p on p.id = ww.party_id
      where ww.organization_id = ${organizationId} and ww.work_id = w.id and p.name ilike ${pattern})`;
    const iswc = normalizeIswc(q);
    where.push(
      /^T?\d{3,10}$/.test(iswc)
        ? sql`(w.title ilike ${pattern} or w.iswc like ${containsPattern(iswc)} or ${byWriter})`
        : sql`(w.title ilike ${pattern} or ${byWriter})`,
    );
  }
  if (query.artist)
    where.push(sql`exists (select 1 from work_writers ww where ww.organization_id = ${organizationId}
      and ww.work_id = w.id and (ww.party_id = ${query.artist} or ww.publisher_id = ${query.artist}))`);
  const shares = sql`(select coalesce(sum(ww.share_bp), 0)::int from work_writers ww
    where ww.organization_id = ${organizationId} and ww.work_id = w.id)`;
  if (query.missing === 'iswc') where.push(sql`w.iswc is null`);
  if (query.missing === 'shares') where.push(sql`${shares} <> 10000`);
  if (query.missing === 'any') where.push(sql`(w.iswc is null or ${shares} <> 10000)`);
  const key = { title: sql`lower(w.title) collate "C"`, iswc: sql`w.iswc`, updated: sql`w.updated_at` }[
    query.sort
  ];
  const dir = direction(query.dir);
  return sql`select w.id, w.title, w.iswc,
      (select string_agg(p.name, '; ' order by ww.position) from work_writers ww join parties p on p.id = ww.party_id
        where ww.organization_id = w.organization_id and ww.work_id = w.id) as writers,
      ${shares} as shares_bp,
      (select count(*)::int from recordings r where r.organization_id = w.organization_id and r.work_id = w.id) as recording_count,
      w.updated_at
    from works w
    where ${sql.join(where, sql` and `)}
    order by ${key} ${dir}, w.id ${dir}`;
}

export type ExportQuery =
  | { kind: 'recordings'; query: RecordingsExportQuery }
  | { kind: 'releases'; query: ReleasesExportQuery }
  | { kind: 'works'; query: WorksExportQuery };

const CURSOR = sql.raw('catalogue_csv_export');

/**
 * Opens a cursor over the export's rows in the caller's transaction; `fetch` then answers the next
 * rows (an empty list at the end).
 */
export async function openExportCursor(tx: OrgTx, organizationId: string, what: ExportQuery) {
  const select =
    what.kind === 'recordings'
      ? recordingsSelect(organizationId, what.query)
      : what.kind === 'releases'
        ? releasesSelect(organizationId, what.query)
        : worksSelect(organizationId, what.query);
  await tx.execute(sql`declare ${CURSOR} no scroll cursor for ${select}`);
  return {
    fetch: (count: number) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`fetch forward ${sql.raw(String(Math.trunc(count)))} from ${CURSOR}`,
      ),
  };
}
