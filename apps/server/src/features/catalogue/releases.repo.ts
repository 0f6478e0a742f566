import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** The columns a member sets on a release (the API's field names are the column names). */
export const RELEASE_FIELDS = [
  'title',
  'version',
  'display_artist',
  'release_type',
  'upc',
  'catalogue_number',
  'label_name',
  'release_date',
  'original_release_date',
  'p_line_year',
  'p_line_owner',
  'c_line_year',
  'c_line_owner',
  'genre',
  'status',
] as const;
export type ReleaseField = (typeof RELEASE_FIELDS)[number];
export type ReleaseValues = Partial<Record<ReleaseField, string | number | null>>;

export type ReleaseListRow = {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  release_type: string;
  upc: string | null;
  catalogue_number: string | null;
  release_date: string | null;
  status: string;
  track_count: number;
  tracks_missing_codes: number;
  updated_at: Date | string;
  row_version: number;
};

export type ReleaseRecord = ReleaseListRow & {
  label_name: string | null;
  original_release_date: string | null;
  p_line_year: number | null;
  p_line_owner: string | null;
  c_line_year: number | null;
  c_line_owner: string | null;
  genre: string | null;
  artwork_key: string | null;
  song_id: string | null;
  created_at: Date | string;
};

export type TrackRow = {
  recording_id: string;
  disc_number: number;
  track_number: number;
  title: string;
  version: string | null;
  display_artist: string;
  isrc: string | null;
  duration_seconds: number | null;
};

export interface ReleasesQuery {
  q?: string | undefined;
  artist?: string | undefined;
  year?: number | undefined;
  status?: string | undefined;
  missing?: 'upc' | 'codes' | 'any' | undefined;
  sort: 'title' | 'artist' | 'release_date' | 'catalogue_number' | 'updated';
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The columns of a list row, dates as YYYY-MM-DD text (no time zone can shift them). */
const rowColumns = (a: string) =>
  sql.raw(`${a}.id, ${a}.title, ${a}.version, ${a}.display_artist, ${a}.release_type, ${a}.upc, ${a}.catalogue_number,
    ${a}.release_date::text as release_date, ${a}.status, ${a}.updated_at, ${a}.row_version`);

/**
 * The track counts of each row, by one look-up on release_tracks' primary key per row (a lateral
 * join: only the rows of the page pay, never the 20,000 of the label).
 */
const trackCounts = (a: string) =>
  sql.raw(`left join lateral (
    select count(*)::int as track_count, (count(*) filter (where r.isrc is null))::int as tracks_missing_codes
    from release_tracks t join recordings r on r.id = t.recording_id
    where t.organization_id = ${a}.organization_id and t.release_id = ${a}.id) counts on true`);

const missingCodes = (organizationId: string) => sql`exists (
  select 1 from release_tracks t join recordings r on r.id = t.recording_id
  where t.organization_id = ${organizationId} and t.release_id = rel.id and r.isrc is null)`;

function conditions(organizationId: string, query: ReleasesQuery): SQL {
  const parts: SQL[] = [sql`rel.organization_id = ${organizationId}`];
  if (query.q) {
    // One match over the four fields joined by U+0001, which no request can carry (the input
    // guard refuses control characters), so a match never spans two fields: one pass, not four.
    parts.push(sql`(rel.title || chr(1) || rel.display_artist || chr(1) || coalesce(rel.upc, '') || chr(1)
      || coalesce(rel.catalogue_number, '')) ilike ${containsPattern(query.q)}`);
  }
  if (query.artist) {
    parts.push(sql`rel.id in (
      select t.release_id from recording_artists ra
      join release_tracks t on t.organization_id = ra.organization_id and t.recording_id = ra.recording_id
      where ra.organization_id = ${organizationId} and ra.party_id = ${query.artist})`);
  }
  if (query.year !== undefined) {
    parts.push(sql`rel.release_date >= make_date(${query.year}::int, 1, 1)
      and rel.release_date < make_date(${query.year}::int + 1, 1, 1)`);
  }
  if (query.status) parts.push(sql`rel.status = ${query.status}`);
  if (query.missing === 'upc') parts.push(sql`rel.upc is null`);
  if (query.missing === 'codes') parts.push(missingCodes(organizationId));
  if (query.missing === 'any') parts.push(sql`(rel.upc is null or ${missingCodes(organizationId)})`);
  return sql.join(parts, sql` and `);
}

/** The sort key of each sort (the releases_org_* indexes hold the title's and the date's). */
function sortKey(alias: string, sort: ReleasesQuery['sort']) {
  return {
    title: `lower(${alias}.title) collate "C"`,
    artist: `lower(${alias}.display_artist) collate "C"`,
    release_date: `${alias}.release_date`,
    catalogue_number: `upper(${alias}.catalogue_number)`,
    updated: `${alias}.updated_at`,
  }[sort];
}

/**
 * The order of a page: the key, then the id, so equal keys keep one order from page to page. A date
 * or catalogue number not set comes last either way (releases_org_date_idx and, descending,
 * releases_org_date_desc_idx hold that order); the other keys are never null, and a plain
 * descending order lets their indexes be walked backwards.
 */
function orderBy(sort: ReleasesQuery['sort'], alias: string, dir: ReleasesQuery['dir']) {
  const d = dir === 'desc' ? 'desc' : 'asc';
  const nulls = sort === 'release_date' || sort === 'catalogue_number' ? ' nulls last' : '';
  return sql.raw(`${sortKey(alias, sort)} ${d}${nulls}, ${alias}.id ${d}`);
}

/**
 * A page of the label's releases and how many match. The page walks the sort's index, or the
 * filter's rows when the planner finds that cheaper, and stops after the page; the track counts are
 * looked up for the page's rows only. The count is its own statement: `knownTotal`, when the caller
 * has it (decision 0007's versioned cache), spares it, and a short first page is its own total.
 */
export async function listReleases(
  tx: OrgTx,
  organizationId: string,
  query: ReleasesQuery,
  knownTotal?: number,
) {
  const where = conditions(organizationId, query);
  const rows = await queryRows<ReleaseListRow>(
    tx,
    sql`select ${rowColumns('p')}, counts.track_count, counts.tracks_missing_codes
        from (select rel.* from releases rel where ${where}
              order by ${orderBy(query.sort, 'rel', query.dir)}
              limit ${query.limit} offset ${query.offset}) p
        ${trackCounts('p')}
        order by ${orderBy(query.sort, 'p', query.dir)}`,
  );
  if (rows.length > 0 && rows.length < query.limit) return { rows, total: query.offset + rows.length };
  if (knownTotal !== undefined) return { rows, total: knownTotal };
  const [counted] = await queryRows<{ total: number }>(
    tx,
    sql`select count(*)::int as total from releases rel where ${where}`,
  );
  return { rows, total: counted?.total ?? 0 };
}

const recordSql = (organizationId: string, id: string, lock: boolean) => sql`
  select ${rowColumns('rel')}, counts.track_count, counts.tracks_missing_codes, rel.label_name, rel.original_release_date::text as original_release_date,
    rel.p_line_year, rel.p_line_owner, rel.c_line_year, rel.c_line_owner, rel.genre, rel.artwork_key,
    rel.song_id, rel.created_at
  from releases rel ${trackCounts('rel')}
  where rel.organization_id = ${organizationId} and rel.id = ${id}
  ${lock ? sql`for update of rel` : sql``}`;

/** One release with every field, or undefined (not the label's). */
export async function findRelease(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<ReleaseRecord>(tx, recordSql(organizationId, id, false));
  return row;
}

/** The same, locked until the transaction ends (an edit reads the version it compares). */
export async function lockRelease(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<ReleaseRecord>(tx, recordSql(organizationId, id, true));
  return row;
}

/** The tracks in order (disc, then track), each with its recording's fields. */
export async function releaseTracks(tx: OrgTx, organizationId: string, releaseId: string) {
  return queryRows<TrackRow>(
    tx,
    sql`select t.recording_id, t.disc_number, t.track_number, r.title, r.version, r.display_artist, r.isrc,
          r.duration_seconds
        from release_tracks t join recordings r on r.id = t.recording_id
        where t.organization_id = ${organizationId} and t.release_id = ${releaseId}
        order by t.disc_number, t.track_number`,
  );
}

const uuidArray = (ids: readonly string[]) =>
  ids.length === 0
    ? sql`'{}'::uuid[]`
    : sql`array[${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}]`;

/** Of these ids, the label's recordings. */
export async function labelRecordingIds(tx: OrgTx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from recordings where organization_id = ${organizationId} and id = any(${uuidArray(ids)})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The label's name and default rights owners (null when the label has not set them). */
export async function catalogueDefaults(tx: OrgTx, organizationId: string) {
  const [row] = await queryRows<{
    label_name: string | null;
    default_p_owner: string | null;
    default_c_owner: string | null;
  }>(
    tx,
    sql`select label_name, default_p_owner, default_c_owner from catalogue_settings
        where organization_id = ${organizationId}`,
  );
  return row ?? { label_name: null, default_p_owner: null, default_c_owner: null };
}

/**
 * Serialises saves of one UPC in the label until the transaction ends: the UPC has no unique index
 * (data migrated from label copies may repeat one), so two saves must not both pass the check.
 */
export async function lockUpc(tx: OrgTx, organizationId: string, upc: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`releases.upc:${organizationId}:${upc}`}))`);
}

/** Another release of the label with this UPC, if any. */
export async function releaseWithUpc(
  tx: OrgTx,
  organizationId: string,
  upc: string,
  exceptId: string | null,
) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select id, title from releases where organization_id = ${organizationId} and upc = ${upc}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
        order by created_at limit 1`,
  );
  return row;
}

/** The release of the label with this catalogue number (case ignored, like the unique index). */
export async function releaseWithCatalogueNumber(tx: OrgTx, organizationId: string, catalogueNumber: string) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select id, title from releases
        where organization_id = ${organizationId} and upper(catalogue_number) = upper(${catalogueNumber})`,
  );
  return row;
}

function assignments(values: ReleaseValues) {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ({ column: sql.identifier(k), value: v }));
}

export async function insertRelease(
  tx: OrgTx,
  organizationId: string,
  values: ReleaseValues,
  createdBy: string,
) {
  const set = assignments(values);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into releases (organization_id, created_by, ${sql.join(
      set.map((s) => s.column),
      sql`, `,
    )})
        values (${organizationId}, ${createdBy}, ${sql.join(
          set.map((s) => sql`${s.value}`),
          sql`, `,
        )})
        returning id`,
  );
  return row!.id;
}

/** Sets the fields given, and counts the change: row_version + 1, updated_at now. */
export async function updateRelease(tx: OrgTx, organizationId: string, id: string, values: ReleaseValues) {
  const set = assignments(values).map((s) => sql`${s.column} = ${s.value}`);
  await tx.execute(
    sql`update releases set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
        where organization_id = ${organizationId} and id = ${id}`,
  );
}

/** Replaces the track list (numbers already assigned by the caller). */
export async function replaceTracks(
  tx: OrgTx,
  organizationId: string,
  releaseId: string,
  tracks: readonly { recording_id: string; disc_number: number; track_number: number }[],
) {
  await tx.execute(
    sql`delete from release_tracks where organization_id = ${organizationId} and release_id = ${releaseId}`,
  );
  if (tracks.length === 0) return;
  const values = tracks.map(
    (t) => sql`(${organizationId}, ${releaseId}, ${t.recording_id}, ${t.disc_number}, ${t.track_number})`,
  );
  await tx.execute(sql`insert into release_tracks (organization_id, release_id, recording_id, disc_number, track_number)
    values ${sql.join(values, sql`, `)}`);
}

/**
 * Keeps the UPC pool in step with a release's UPC: a pool code it no longer carries is free again,
 * and a free pool code it now carries (typed by hand) is marked as its.
 */
export async function syncPoolCode(tx: OrgTx, organizationId: string, releaseId: string, upc: string | null) {
  await tx.execute(
    sql`update upc_pool set release_id = null, assigned_at = null
        where organization_id = ${organizationId} and release_id = ${releaseId}
          ${upc ? sql`and code <> ${upc}` : sql``}`,
  );
  if (upc) {
    await tx.execute(
      sql`update upc_pool set release_id = ${releaseId}, assigned_at = now()
          where organization_id = ${organizationId} and code = ${upc} and release_id is null`,
    );
  }
}

/**
 * Takes the lowest free code of the pool for this release. SKIP LOCKED: a code another transaction
 * is taking is passed over, so two assignments at once get two different codes. A code some release
 * already carries (typed by hand) is not free.
 */
export async function takeFreeUpc(tx: OrgTx, organizationId: string, releaseId: string) {
  const [row] = await queryRows<{ id: string; code: string }>(
    tx,
    sql`select p.id, p.code from upc_pool p
        where p.organization_id = ${organizationId} and p.release_id is null
          and not exists (select 1 from releases r where r.organization_id = p.organization_id and r.upc = p.code)
        order by p.code limit 1
        for update of p skip locked`,
  );
  if (!row) return undefined;
  await tx.execute(
    sql`update upc_pool set release_id = ${releaseId}, assigned_at = now()
        where organization_id = ${organizationId} and id = ${row.id}`,
  );
  return row.code;
}

/** Deletes a release (its tracks go with it); its pool code is free again. */
export async function deleteRelease(tx: OrgTx, organizationId: string, id: string) {
  await syncPoolCode(tx, organizationId, id, null);
  await tx.execute(sql`delete from releases where organization_id = ${organizationId} and id = ${id}`);
}
