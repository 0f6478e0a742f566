import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** One signed song with what its workflow stage and chips are computed from. */
export type SignedSongRow = {
  id: string;
  title: string;
  artist: string;
  submitted_at: Date | string;
  contract_status: string | null;
  metadata_status: string | null;
  label_copy_status: string | null;
  has_artwork: boolean;
  has_master: boolean;
  artwork_key: string | null;
  release_ready_at: Date | string | null;
  campaign_status: string | null;
  open_tasks: number;
  avg_musical: number | null;
  avg_artist: number | null;
  avg_overall: number | null;
  stage: string;
};

export interface SignedSongsQuery {
  q?: string | undefined;
  artist?: string | undefined;
  stage?: string | undefined;
  limit: number;
  offset: number;
}

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Each signed song with the state of its contract, metadata, label copy, assets, readiness and
 * marketing, read with one correlated look-up per kind (each on its table's (song) index), and its
 * workflow stage computed in SQL with the same order as core/signed-songs.ts workflowStage, so the
 * stage filter can page. A label has hundreds of signed songs, not millions: no aggregate table.
 */
function summarySql(organizationId: string, where: SQL) {
  return sql`
    with base as (
      select s.id, s.title, s.artist, s.submitted_at, s.current_version_number,
        (select c.status from contracts c
          where c.organization_id = s.organization_id and c.song_id = s.id and c.status <> 'voided'
          order by (c.status = 'signed') desc, c.updated_at desc limit 1) as contract_status,
        (select m.status from metadata_forms m
          where m.organization_id = s.organization_id and m.song_id = s.id
          order by (m.status = 'confirmed') desc, (m.status = 'submitted') desc, m.updated_at desc
          limit 1) as metadata_status,
        (select l.status from label_copies l
          where l.organization_id = s.organization_id and l.song_id = s.id) as label_copy_status,
        (select a.file_key from song_assets a
          where a.organization_id = s.organization_id and a.song_id = s.id and a.kind = 'artwork'
          order by a.version desc limit 1) as artwork_key,
        exists (select 1 from song_assets a
          where a.organization_id = s.organization_id and a.song_id = s.id and a.kind = 'master') as has_master,
        (select r.marked_at from release_readiness r
          where r.organization_id = s.organization_id and r.song_id = s.id) as release_ready_at,
        (select mc.status from marketing_campaigns mc
          where mc.organization_id = s.organization_id and mc.song_id = s.id
          order by case mc.status when 'active' then 0 when 'planned' then 1 else 2 end, mc.updated_at desc
          limit 1) as campaign_status,
        (select count(*)::int from marketing_tasks t
          where t.organization_id = s.organization_id and t.song_id = s.id and t.status <> 'done') as open_tasks
      from songs s
      where s.organization_id = ${organizationId} and s.status = 'signed'
    ),
    summary as (
      select b.*, b.artwork_key is not null as has_artwork,
        case
          when b.contract_status is distinct from 'signed' then 'contract'
          when b.metadata_status is distinct from 'confirmed' then 'metadata'
          when b.artwork_key is null or not b.has_master then 'assets'
          when b.label_copy_status is distinct from 'final' then 'label_copy'
          when b.release_ready_at is null then 'release'
          else 'ready'
        end as stage
      from base b
    )
    select v.*, sc.avg_musical, sc.avg_artist, sc.avg_overall
    from summary v
    left join lateral (
      select (avg(r.musical_score) filter (where not r.is_useless))::float8 as avg_musical,
        (avg(r.artist_score) filter (where not r.is_useless))::float8 as avg_artist,
        (avg(r.overall_score) filter (where not r.is_useless))::float8 as avg_overall
      from reviews r
      where r.organization_id = ${organizationId} and r.song_id = v.id
        and r.song_version_number = v.current_version_number
    ) sc on true
    where true ${where}`;
}

/** A page of the label's signed songs (newest submission first) and how many match. */
export async function listSignedSongs(db: OrgTx, organizationId: string, query: SignedSongsQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(sql`and (v.title ilike ${pattern} or v.artist ilike ${pattern})`);
  }
  if (query.artist) conditions.push(sql`and lower(v.artist) = lower(${query.artist})`);
  if (query.stage) conditions.push(sql`and v.stage = ${query.stage}`);
  const where = sql.join(conditions, sql` `);
  const rows = await queryRows<SignedSongRow & { total: number }>(
    db,
    sql`select page.*, count(*) over ()::int as total from (${summarySql(organizationId, where)}) page
        order by page.submitted_at desc, page.id
        limit ${query.limit} offset ${query.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [counted] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${summarySql(organizationId, where)}) page`,
    );
    total = counted?.total ?? 0;
  }
  return { rows, total };
}

/** Every artist among the label's signed songs, once each (case-insensitively), sorted. */
export async function signedArtists(db: OrgTx, organizationId: string) {
  const rows = await queryRows<{ artist: string }>(
    db,
    sql`select min(artist) as artist from songs
        where organization_id = ${organizationId} and status = 'signed'
        group by lower(artist) order by lower(min(artist))`,
  );
  return rows.map((r) => r.artist);
}

/** One signed song's summary, or undefined (not the label's, or not signed). */
export async function findSignedSong(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<SignedSongRow>(db, summarySql(organizationId, sql`and v.id = ${songId}`));
  return row;
}

/** How much there is of each kind for the Overview tab's counts. */
export async function songCounts(db: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<{
    contracts: number;
    campaigns: number;
    open_tasks: number;
    assets: number;
    project_files: number;
  }>(
    db,
    sql`select
          (select count(*)::int from contracts where organization_id = ${organizationId} and song_id = ${songId}) as contracts,
          (select count(*)::int from marketing_campaigns where organization_id = ${organizationId} and song_id = ${songId}) as campaigns,
          (select count(*)::int from marketing_tasks where organization_id = ${organizationId} and song_id = ${songId} and status <> 'done') as open_tasks,
          (select count(distinct kind)::int from song_assets where organization_id = ${organizationId} and song_id = ${songId}) as assets,
          (select count(*)::int from project_files where organization_id = ${organizationId} and song_id = ${songId} and deleted_at is null) as project_files`,
  );
  return row!;
}
