import type { PartyRole, PartyType } from '@music-review/core/catalogue';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/**
 * The catalogue writes of a signed song's life (catalogue.sync.ts): its recording when it is signed,
 * the metadata form's data on confirmation, the label copy's release and track. Every statement
 * filters on the organization and runs in the caller's `withOrg` transaction.
 */

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

// ---------------------------------------------------------------------------------------------------
// Recordings of signed songs

/** What the sync reads and writes of a song's recording. */
export interface SongRecordingRow {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  isrc: string | null;
  duration_seconds: number | null;
  explicit: boolean;
  genre: string | null;
  language: string | null;
  bpm: number | null;
  musical_key: string | null;
  work_id: string | null;
}

/**
 * The recordings of these songs that are signed and have none yet (origin demo, linked to the song):
 * one per song, whoever signs first (recordings_song_key). Answers the recordings created now.
 */
export async function insertSongRecordings(
  tx: OrgTx,
  organizationId: string,
  songIds: readonly string[],
  createdBy: string | null,
) {
  if (songIds.length === 0) return [];
  return queryRows<{ id: string; song_id: string; title: string; display_artist: string }>(
    tx,
    sql`insert into recordings (organization_id, title, display_artist, origin, song_id, created_by)
        select s.organization_id, s.title, s.artist, 'demo', s.id, ${createdBy}
        from songs s
        where s.organization_id = ${organizationId} and s.id in (${uuidList(songIds)}) and s.status = 'signed'
        order by s.submitted_at, s.id
        on conflict (song_id) do nothing
        returning id, song_id, title, display_artist`,
  );
}

export async function findSongRecording(tx: OrgTx, organizationId: string, songId: string, lock = false) {
  const [row] = await queryRows<SongRecordingRow>(
    tx,
    sql`select id, title, version, display_artist, isrc, duration_seconds, explicit, genre, language, bpm,
          musical_key, work_id
        from recordings where organization_id = ${organizationId} and song_id = ${songId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function findSong(tx: OrgTx, organizationId: string, songId: string) {
  const [row] = await queryRows<{ id: string; title: string; artist: string; status: string }>(
    tx,
    sql`select id, title, artist, status from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return row;
}

/** Saves changed fields as the recording's next version (row_version + 1), so open editors see it. */
export async function updateRecordingFields(
  tx: OrgTx,
  organizationId: string,
  id: string,
  values: Partial<Record<keyof SongRecordingRow, string | number | boolean | null>>,
) {
  const set = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  await tx.execute(sql`update recordings
    set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
    where organization_id = ${organizationId} and id = ${id}`);
}

/** A new version of the recording without a field change (its credits changed). */
export async function touchRecording(tx: OrgTx, organizationId: string, id: string) {
  await tx.execute(sql`update recordings set row_version = row_version + 1, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

// ---------------------------------------------------------------------------------------------------
// Codes: one ISRC, UPC or catalogue number per record of the label, checked under the same advisory
// locks as the catalogue's own edits (recordings.repo, releases.repo), so a save there and a sync here
// cannot both take one code.

export async function lockCode(tx: OrgTx, organizationId: string, kind: 'isrc' | 'upc', code: string) {
  const key =
    kind === 'isrc' ? `recordings.isrc:${organizationId}:${code}` : `releases.upc:${organizationId}:${code}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function recordingUsingIsrc(
  tx: OrgTx,
  organizationId: string,
  isrc: string,
  exceptId: string | null,
) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select id, title from recordings where organization_id = ${organizationId} and isrc = ${isrc}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
        order by created_at, id limit 1`,
  );
  return row;
}

export async function releaseUsingUpc(
  tx: OrgTx,
  organizationId: string,
  upc: string,
  exceptId: string | null,
) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select id, title from releases where organization_id = ${organizationId} and upc = ${upc}
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
        order by created_at, id limit 1`,
  );
  return row;
}

/** Case ignored, like the unique index releases_org_catalogue_number_key. */
export async function releaseUsingCatalogueNumber(
  tx: OrgTx,
  organizationId: string,
  catalogueNumber: string,
  exceptId: string | null,
) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select id, title from releases
        where organization_id = ${organizationId} and upper(catalogue_number) = upper(${catalogueNumber})
          ${exceptId ? sql`and id <> ${exceptId}` : sql``}
        limit 1`,
  );
  return row;
}

// ---------------------------------------------------------------------------------------------------
// The song's release (its label copy)

export interface SongReleaseRow {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  label_name: string | null;
  upc: string | null;
  catalogue_number: string | null;
  release_date: string | null;
  original_release_date: string | null;
  genre: string | null;
  p_line_year: number | null;
  p_line_owner: string | null;
  c_line_year: number | null;
  c_line_owner: string | null;
}

export type ReleaseColumn = Exclude<keyof SongReleaseRow, 'id'>;
export type ReleaseValues = Partial<Record<ReleaseColumn, string | number | null>>;

export async function findSongRelease(tx: OrgTx, organizationId: string, songId: string, lock = false) {
  const [row] = await queryRows<SongReleaseRow>(
    tx,
    sql`select id, title, version, display_artist, label_name, upc, catalogue_number,
          release_date::text as release_date, original_release_date::text as original_release_date, genre,
          p_line_year, p_line_owner, c_line_year, c_line_owner
        from releases where organization_id = ${organizationId} and song_id = ${songId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** A single in draft for the song, made by its label copy's first save. */
export async function insertSongRelease(
  tx: OrgTx,
  organizationId: string,
  songId: string,
  values: ReleaseValues & { title: string; display_artist: string },
  createdBy: string | null,
) {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into releases (organization_id, song_id, release_type, status, created_by,
          ${sql.join(
            entries.map(([column]) => sql.identifier(column)),
            sql`, `,
          )})
        values (${organizationId}, ${songId}, 'single', 'draft', ${createdBy},
          ${sql.join(
            entries.map(([, value]) => sql`${value}`),
            sql`, `,
          )})
        returning id`,
  );
  return row!.id;
}

export async function updateReleaseFields(
  tx: OrgTx,
  organizationId: string,
  id: string,
  values: ReleaseValues,
) {
  const set = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([column, value]) => sql`${sql.identifier(column)} = ${value}`);
  await tx.execute(sql`update releases
    set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
    where organization_id = ${organizationId} and id = ${id}`);
}

/** Puts the recording on the release when it is not there: after its last track of disc 1 (track 1 on a new release). */
export async function ensureReleaseTrack(
  tx: OrgTx,
  organizationId: string,
  releaseId: string,
  recordingId: string,
) {
  const rows = await queryRows<{ recording_id: string }>(
    tx,
    sql`insert into release_tracks (organization_id, release_id, recording_id, disc_number, track_number)
        select ${organizationId}, ${releaseId}, ${recordingId}, 1,
          coalesce((select max(track_number) from release_tracks
                    where organization_id = ${organizationId} and release_id = ${releaseId} and disc_number = 1), 0) + 1
        where not exists (select 1 from release_tracks
                          where organization_id = ${organizationId} and release_id = ${releaseId}
                            and recording_id = ${recordingId})
        returning recording_id`,
  );
  return rows.length > 0;
}

/** Keeps the UPC pool in step with the release's UPC (a pool code it carries is marked as its). */
export async function syncPoolCode(tx: OrgTx, organizationId: string, releaseId: string, upc: string | null) {
  await tx.execute(
    sql`update upc_pool set release_id = null, assigned_at = null
        where organization_id = ${organizationId} and release_id = ${releaseId}
          ${upc ? sql`and code <> ${upc}` : sql``}`,
  );
  if (upc)
    await tx.execute(
      sql`update upc_pool set release_id = ${releaseId}, assigned_at = now()
          where organization_id = ${organizationId} and code = ${upc} and release_id is null`,
    );
}

// ---------------------------------------------------------------------------------------------------
// Parties

export interface PartyMatch {
  id: string;
  name: string;
  roles: string[];
  ipi: string | null;
  pro: string | null;
}

/** The party credited under this name: its main name or one of its other credited names, case ignored. */
export async function findPartyByName(tx: OrgTx, organizationId: string, name: string) {
  const [row] = await queryRows<PartyMatch>(
    tx,
    sql`select id, name, roles, ipi, pro from parties
        where organization_id = ${organizationId}
          and (lower(name) = lower(${name}) or exists (select 1 from unnest(aliases) a where lower(a) = lower(${name})))
        order by lower(name) = lower(${name}) desc, created_at, id
        limit 1`,
  );
  return row;
}

export async function insertParty(
  tx: OrgTx,
  organizationId: string,
  values: {
    name: string;
    role: PartyRole;
    partyType: PartyType;
    ipi: string | null;
    pro: string | null;
    createdBy: string | null;
  },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into parties (organization_id, name, party_type, roles, ipi, pro, created_by)
        values (${organizationId}, ${values.name}, ${values.partyType}, array[${values.role}]::text[], ${values.ipi},
          ${values.pro}, ${values.createdBy})
        returning id`,
  );
  return row!.id;
}

/** Adds a role the party lacks and fills an empty IPI or PRO; the next version when anything changed. */
export async function fillParty(
  tx: OrgTx,
  organizationId: string,
  id: string,
  values: { roles: string[]; ipi: string | null; pro: string | null },
) {
  await tx.execute(sql`update parties
    set roles = ${sql`array[${sql.join(
      values.roles.map((r) => sql`${r}`),
      sql`, `,
    )}]::text[]`}, ipi = ${values.ipi}, pro = ${values.pro}, row_version = row_version + 1, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

export async function creditedArtists(tx: OrgTx, organizationId: string, recordingId: string) {
  return queryRows<{ party_id: string; name: string; role: string; position: number }>(
    tx,
    sql`select ra.party_id, p.name, ra.role, ra.position
        from recording_artists ra join parties p on p.id = ra.party_id
        where ra.organization_id = ${organizationId} and ra.recording_id = ${recordingId}
        order by ra.position, p.name`,
  );
}

/**
 * Replaces the primary, featured and remixer credits (the form's) in the order given; producer
 * credits, which the form does not hold, stay and follow them.
 */
export async function replaceFormCredits(
  tx: OrgTx,
  organizationId: string,
  recordingId: string,
  credits: readonly { partyId: string; role: 'primary' | 'featured' | 'remixer' }[],
) {
  await tx.execute(sql`delete from recording_artists
    where organization_id = ${organizationId} and recording_id = ${recordingId}
      and role in ('primary', 'featured', 'remixer')`);
  if (credits.length > 0) {
    const values = credits.map(
      (c, position) => sql`(${organizationId}, ${recordingId}, ${c.partyId}, ${c.role}, ${position})`,
    );
    await tx.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role, position)
      values ${sql.join(values, sql`, `)}`);
  }
  await tx.execute(sql`update recording_artists ra set position = ${credits.length} + o.n
    from (select party_id, role, (row_number() over (order by position, party_id))::int - 1 as n
          from recording_artists
          where organization_id = ${organizationId} and recording_id = ${recordingId} and role = 'producer') o
    where ra.organization_id = ${organizationId} and ra.recording_id = ${recordingId}
      and ra.party_id = o.party_id and ra.role = o.role`);
}

// ---------------------------------------------------------------------------------------------------
// Works and their writers

export async function findWork(tx: OrgTx, organizationId: string, id: string) {
  const [row] = await queryRows<{ id: string; title: string; iswc: string | null }>(
    tx,
    sql`select id, title, iswc from works where organization_id = ${organizationId} and id = ${id} for update`,
  );
  return row;
}

export async function insertWork(
  tx: OrgTx,
  organizationId: string,
  values: { title: string; iswc: string | null },
) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into works (organization_id, title, iswc) values (${organizationId}, ${values.title}, ${values.iswc})
        returning id`,
  );
  return row!.id;
}

/** The work's next version, with its ISWC when given. */
export async function updateWork(
  tx: OrgTx,
  organizationId: string,
  id: string,
  values: { iswc?: string | null },
) {
  await tx.execute(sql`update works
    set ${values.iswc !== undefined ? sql`iswc = ${values.iswc}, ` : sql``}row_version = row_version + 1, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

export interface WriterRow {
  party_id: string;
  name: string;
  role: string;
  share_bp: number;
  publisher_id: string | null;
}

export async function workWriters(tx: OrgTx, organizationId: string, workId: string) {
  return queryRows<WriterRow>(
    tx,
    sql`select w.party_id, p.name, w.role, w.share_bp, w.publisher_id
        from work_writers w join parties p on p.id = w.party_id
        where w.organization_id = ${organizationId} and w.work_id = ${workId}
        order by w.position, w.id`,
  );
}

export async function replaceWorkWriters(
  tx: OrgTx,
  organizationId: string,
  workId: string,
  writers: readonly Omit<WriterRow, 'name'>[],
) {
  await tx.execute(
    sql`delete from work_writers where organization_id = ${organizationId} and work_id = ${workId}`,
  );
  if (writers.length === 0) return;
  const values = writers.map(
    (w, position) =>
      sql`(${organizationId}, ${workId}, ${w.party_id}, ${w.role}, ${w.share_bp}, ${w.publisher_id}, ${position})`,
  );
  await tx.execute(sql`insert into work_writers (organization_id, work_id, party_id, role, share_bp, publisher_id, position)
    values ${sql.join(values, sql`, `)}`);
}
