import type { RecordingArtistRole, RecordingOrigin } from '@music-review/core/catalogue';
import { normalizeIsrc } from '@music-review/core/music-codes';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type OrgTx, type OwnerScope, queryRows } from '../../platform/db/index.ts';
import { labelTrigramKeys } from '../../platform/db/label-trigrams.ts';
import { asBuffer } from './list-order.ts';

/** The columns a member edits, named as in the API and the table alike. */
export const RECORDING_FIELDS = [
  'title',
  'version',
  'display_artist',
  'isrc',
  'duration_seconds',
  'explicit',
  'genre',
  'subgenre',
  'language',
  'bpm',
  'musical_key',
  'p_line_year',
  'p_line_owner',
  'recording_year',
  'work_id',
] as const;
export type RecordingField = (typeof RECORDING_FIELDS)[number];
export type RecordingValues = Partial<Record<RecordingField, string | number | boolean | null>>;

/** A recording as stored. */
export interface RecordingRecord {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  isrc: string | null;
  duration_seconds: number | null;
  explicit: boolean;
  genre: string | null;
  subgenre: string | null;
  language: string | null;
  bpm: number | null;
  musical_key: string | null;
  p_line_year: number | null;
  p_line_owner: string | null;
  recording_year: number | null;
  audio_master_key: string | null;
  origin: RecordingOrigin;
  song_id: string | null;
  work_id: string | null;
  row_version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row of the grid. */
export interface RecordingListRow {
  id: string;
  title: string;
  version: string | null;
  display_artist: string;
  isrc: string | null;
  duration_seconds: number | null;
  explicit: boolean;
  genre: string | null;
  language: string | null;
  recording_year: number | null;
  origin: RecordingOrigin;
  has_work: boolean;
  has_master_split: boolean;
  release_count: number;
  updated_at: Date | string;
  row_version: number;
}

export type RecordingSort = 'title' | 'artist' | 'year' | 'isrc' | 'updated';

export interface RecordingsQuery {
  q?: string | undefined;
  artist?: string | undefined;
  year?: number | undefined;
  origin?: RecordingOrigin | undefined;
  missing?: 'isrc' | 'work' | 'split' | 'any' | undefined;
  sort: RecordingSort;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Each sort walks its index of migration 0015 in order (organization, key, id), so a page is the
 * next 50 entries of the index; the id breaks ties, so pages never repeat or skip a row.
 */
const SORT_KEYS: Record<RecordingSort, SQL> = {
  title: sql`lower(r.title) collate "C"`,
  artist: sql`lower(r.display_artist) collate "C"`,
  year: sql`r.recording_year`,
  isrc: sql`r.isrc`,
  updated: sql`r.updated_at`,
};

const hasMasterSplit = (organizationId: string, recordingId: SQL) =>
  sql`exists (select 1 from master_splits ms where ms.organization_id = ${organizationId} and ms.recording_id = ${recordingId})`;

/**
 * The WHERE of a list. A page walks its sort's index and stops after 50 rows, so "no master split"
 * is one index probe per row met, written as a scalar subquery the planner cannot turn into a hash
 * of every split of the label (which it did for "missing any", reading 60,000 splits for a page).
 * A count meets every row: there NOT EXISTS lets it anti-join the splits once.
 */
function recordingFilters(
  organizationId: string,
  query: RecordingsQuery,
  purpose: 'page' | 'count' = 'page',
): SQL {
  const conditions: SQL[] = [sql`r.organization_id = ${organizationId}`];
  if (query.q) conditions.push(recordingSearch(organizationId, query.q));
  if (query.artist)
    conditions.push(sql`r.id in (select ra.recording_id from recording_artists ra
      where ra.organization_id = ${organizationId} and ra.party_id = ${query.artist})`);
  if (query.year !== undefined) conditions.push(sql`r.recording_year = ${query.year}`);
  if (query.origin) conditions.push(sql`r.origin = ${query.origin}`);
  const noSplit =
    purpose === 'page'
      ? sql`(select ms.recording_id from master_splits ms
          where ms.organization_id = ${organizationId} and ms.recording_id = r.id limit 1) is null`
      : sql`not ${hasMasterSplit(organizationId, sql`r.id`)}`;
  if (query.missing === 'isrc') conditions.push(sql`r.isrc is null`);
  if (query.missing === 'work') conditions.push(sql`r.work_id is null`);
  if (query.missing === 'split') conditions.push(noSplit);
  if (query.missing === 'any') conditions.push(sql`(r.isrc is null or r.work_id is null or ${noSplit})`);
  return sql.join(conditions, sql` and `);
}

/**
 * "Search catalogue" on recordings: the title or the display artist contains q (any case), or the
 * ISRC contains q as a code (separators out, upper case), when q can be part of one. With 3 letters or digits
 * in a row, the rows are first looked up in the label's own trigrams of the title and the artist
 * (migration 0028): that part of the condition is what the GIN indexes answer, the containment is
 * then checked on those rows only. Without such a run (one or two characters, other scripts) the
 * containment alone is checked, as pg_trgm's indexes allow.
 */
export function recordingSearch(organizationId: string, q: string): SQL {
  const pattern = containsPattern(q);
  const isrcFragment = isrcFragmentOf(q);
  const isrc = isrcFragment ? sql` or r.isrc like ${containsPattern(isrcFragment)}` : sql``;
  const contains = sql`(r.title ilike ${pattern} or r.display_artist ilike ${pattern}${isrc})`;
  const keys = labelTrigramKeys(organizationId, q);
  if (keys.length === 0) return contains;
  const lookup = sql`${sql.param(keys)}::text[]`;
  return sql`(search_trigrams(r.organization_id, r.title) @> ${lookup}
    or search_trigrams(r.organization_id, r.display_artist) @> ${lookup}${isrc}) and ${contains}`;
}

/** What q is as a part of an ISRC (letters and digits, typed with or without separators), if it can be one. */
function isrcFragmentOf(q: string) {
  const fragment = normalizeIsrc(q);
  return /^[A-Z0-9]{2,12}$/.test(fragment) ? fragment : undefined;
}

const hasFilter = (query: RecordingsQuery) =>
  Boolean(query.q || query.artist || query.origin || query.missing) || query.year !== undefined;

/** A grid row's columns, of the recording `p`: what it lacks and on how many releases, per row (as ROWS_BY_IDS_SQL). */
const rowColumns = (organizationId: string) =>
  sql`p.id, p.title, p.version, p.display_artist, p.isrc, p.duration_seconds, p.explicit, p.genre,
    p.language, p.recording_year, p.origin, p.work_id is not null as has_work,
    ${hasMasterSplit(organizationId, sql`p.id`)} as has_master_split,
    (select count(distinct rt.release_id)::int from release_tracks rt
      where rt.organization_id = ${organizationId} and rt.recording_id = p.id) as release_count,
    p.updated_at, p.row_version`;

/**
 * Every recording the list shows, in its order: their ids as 16-byte UUIDs end to end (1.6 MB for
 * 100,000), built by the database as one value: the ids in the sort's index order into an array
 * (ARRAY(subquery) keeps the subquery's order), as hex, joined and decoded. An ordered aggregate
 * sorted them again (80-200 ms for 100,000 on PostgreSQL 15), and reading 100,000 rows into the
 * server cost twice that, on the server's CPU. A page deep in the list is then taken from it
 * (recordingsByIds) without walking the sort's index to the page's offset each time.
 */
export async function recordingOrder(
  tx: OrgTx | OwnerScope,
  organizationId: string,
  query: RecordingsQuery,
): Promise<Buffer> {
  const key = SORT_KEYS[query.sort];
  const dir = sql.raw(query.dir === 'desc' ? 'desc' : 'asc');
  const [row] = await queryRows<{ ids: Uint8Array | null }>(
    tx,
    sql`select decode(array_to_string(array(
          select encode(uuid_send(r.id), 'hex') from recordings r
          where ${recordingFilters(organizationId, query)}
          order by ${key} ${dir}, r.id ${dir}), ''), 'hex') as ids`,
  );
  return asBuffer(row?.ids);
}

const ROWS_BY_IDS_SQL = `select p.id, p.title, p.version, p.display_artist, p.isrc, p.duration_seconds,
    p.explicit, p.genre, p.language, p.recording_year, p.origin, p.work_id is not null as has_work,
    exists (select 1 from master_splits ms where ms.organization_id = $1 and ms.recording_id = p.id)
      as has_master_split,
    (select count(distinct rt.release_id)::int from release_tracks rt
      where rt.organization_id = $1 and rt.recording_id = p.id) as release_count,
    to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at, p.row_version
  from unnest($2::uuid[]) with ordinality k(id, n)
  join recordings p on p.organization_id = $1 and p.id = k.id
  order by k.n`;

/**
 * The grid's rows of these recordings of the label, in the order given (one gone is left out): the
 * columns of rowColumns, as one statement prepared once per connection, outside row-level security
 * (it filters every table it reads on the label itself, as the searches do): a page taken from a
 * kept order is one round trip to the database, not a transaction's three, and is not planned anew.
 * The last change comes as ISO 8601 text to the millisecond, as the grid writes it: parsing 200
 * timestamps into dates cost the server's event loop about 0.7 ms a block (PERFORMANCE, run 6).
 */
export async function recordingsByIds(database: Database, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return database.preparedAsOwner<RecordingListRow>(
    'a page of a kept list order: every table read is filtered on the organization in the statement',
    'catalogue_recordings_by_ids_v2',
    ROWS_BY_IDS_SQL,
    [organizationId, ids],
  );
}

/**
 * A page of the label's recordings and how many match. Every table the statements read is filtered
 * on the organization in the statement itself: a search runs them as the owner (the trigram
 * indexes serve ILIKE only outside row-level security, decision 0006). The page is chosen first (filters, then the
 * sort's index in order); whether each has a master split and on how many releases it is are then
 * looked up for those rows only, each on its own index, never joined over the whole table. The
 * count is the costly part over 100,000 rows: `knownTotal`, when the caller has it, spares it.
 */
export async function listRecordings(
  tx: OrgTx | OwnerScope,
  organizationId: string,
  query: RecordingsQuery,
  knownTotal?: number,
) {
  const where = recordingFilters(organizationId, query);
  const key = SORT_KEYS[query.sort];
  const dir = sql.raw(query.dir === 'desc' ? 'desc' : 'asc');
  // Unfiltered, the page's ids come from the sort's index alone (migration 0017 covers the title and
  // the artist), so a page deep in the list (offset 90,000) reads index entries, not 90,000 rows.
  // Filtered, the rows are read as the index is walked: the filters need their columns anyway.
  const page = hasFilter(query)
    ? sql`(select r.*, ${key} as sort_key from recordings r
          where ${where}
          order by ${key} ${dir}, r.id ${dir}
          limit ${query.limit} offset ${query.offset}) p`
    : sql`(select r.id, ${key} as sort_key from recordings r
          where ${where}
          order by ${key} ${dir}, r.id ${dir}
          limit ${query.limit} offset ${query.offset}) k
        join recordings p on p.organization_id = ${organizationId} and p.id = k.id`;
  const order = hasFilter(query) ? sql`p.sort_key ${dir}, p.id ${dir}` : sql`k.sort_key ${dir}, k.id ${dir}`;
  const rows = await queryRows<RecordingListRow>(
    tx,
    sql`select ${rowColumns(organizationId)} from ${page} order by ${order}`,
  );
  // A short first page is the whole answer: no second pass to count.
  if (rows.length > 0 && rows.length < query.limit) return { rows, total: query.offset + rows.length };
  if (knownTotal !== undefined) return { rows, total: knownTotal };
  const [counted] = await queryRows<{ total: number }>(tx, countSql(organizationId, query));
  return { rows, total: counted?.total ?? 0 };
}

/**
 * How many recordings match. "Missing any" is counted as two disjoint parts (no ISRC or no work;
 * both but no master split), so the second is an anti-join over the label's splits rather than a
 * probe per recording, which an OR would force.
 */
function countSql(organizationId: string, query: RecordingsQuery): SQL {
  if (query.missing !== 'any')
    return sql`select count(*)::int as total from recordings r where ${recordingFilters(organizationId, query, 'count')}`;
  const rest = recordingFilters(organizationId, { ...query, missing: undefined }, 'count');
  return sql`select ((select count(*) from recordings r where ${rest} and (r.isrc is null or r.work_id is null))
    + (select count(*) from recordings r where ${rest} and r.isrc is not null and r.work_id is not null
        and not ${hasMasterSplit(organizationId, sql`r.id`)}))::int as total`;
}

/** One recording of the label (locked for the rest of the transaction when it is to be changed). */
export async function findRecording(
  tx: OrgTx,
  organizationId: string,
  id: string,
  options: { lock?: boolean } = {},
) {
  const [row] = await queryRows<RecordingRecord>(
    tx,
    sql`select * from recordings where organization_id = ${organizationId} and id = ${id}
        ${options.lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Of these ids, the label's recordings, locked, with what a bulk edit changes. */
export async function lockRecordings(tx: OrgTx, organizationId: string, ids: readonly string[]) {
  return queryRows<RecordingRecord>(
    tx,
    sql`select * from recordings where organization_id = ${organizationId} and id in (${uuidList(ids)})
        order by id for update`,
  );
}

/** Who is credited on the recording, in order. */
export async function recordingArtists(tx: OrgTx, organizationId: string, recordingId: string) {
  return queryRows<{ id: string; name: string; role: RecordingArtistRole }>(
    tx,
    sql`select p.id, p.name, ra.role from recording_artists ra join parties p on p.id = ra.party_id
        where ra.organization_id = ${organizationId} and ra.recording_id = ${recordingId}
        order by ra.position, p.name`,
  );
}

/** The recording's current master split (shares in hundredths of a percent). */
export async function masterSplits(tx: OrgTx, organizationId: string, recordingId: string) {
  return queryRows<{ payee_id: string; name: string; share_bp: number }>(
    tx,
    sql`select ms.payee_id, p.name, ms.share_bp from master_splits ms join payees p on p.id = ms.payee_id
        where ms.organization_id = ${organizationId} and ms.recording_id = ${recordingId}
        order by ms.share_bp desc, p.name`,
  );
}

/** The releases the recording is on, with its place there. */
export async function recordingReleases(tx: OrgTx, organizationId: string, recordingId: string) {
  return queryRows<{ id: string; title: string; disc_number: number; track_number: number }>(
    tx,
    sql`select r.id, r.title, rt.disc_number, rt.track_number
        from release_tracks rt join releases r on r.id = rt.release_id
        where rt.organization_id = ${organizationId} and rt.recording_id = ${recordingId}
        order by r.release_date desc nulls last, r.title, r.id`,
  );
}

/** The work a recording records, if any. */
export async function workSummary(tx: OrgTx, organizationId: string, workId: string) {
  const [row] = await queryRows<{ id: string; title: string; iswc: string | null }>(
    tx,
    sql`select id, title, iswc from works where organization_id = ${organizationId} and id = ${workId}`,
  );
  return row;
}

/**
 * Serialises saves of one ISRC in the label until the transaction ends: the ISRC has no unique
 * index (data migrated from label copies may repeat one, decision 0025), so two saves of the same
 * code must not both pass the check.
 */
export async function lockIsrc(tx: OrgTx, organizationId: string, isrc: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`recordings.isrc:${organizationId}:${isrc}`}))`,
  );
}

/** Another recording of the label with this ISRC, if any. */
export async function recordingWithIsrc(
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

/** The designations (last 5 digits) already used by the label's ISRCs that start with `stem`. */
export async function usedIsrcNumbers(tx: OrgTx, organizationId: string, stem: string, from: number) {
  const rows = await queryRows<{ isrc: string }>(
    tx,
    sql`select isrc from recordings
        where organization_id = ${organizationId} and isrc >= ${stem + String(from).padStart(5, '0')}
          and isrc <= ${`${stem}99999`}
        order by isrc`,
  );
  // The range walks the (organization, isrc) index; the stem is checked again here, whatever the
  // database's collation puts between those bounds.
  return new Set(
    rows
      .filter((r) => r.isrc.startsWith(stem) && /^\d{5}$/.test(r.isrc.slice(7)))
      .map((r) => Number(r.isrc.slice(7))),
  );
}

/** Of these ids, the label's parties, with their names. */
export async function labelParties(tx: OrgTx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from parties where organization_id = ${organizationId} and id in (${uuidList(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Of these ids, the label's payees, with their names. */
export async function labelPayees(tx: OrgTx, organizationId: string, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select id, name from payees where organization_id = ${organizationId} and id in (${uuidList(ids)})`,
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether the work is the label's. */
export async function isLabelWork(tx: OrgTx, organizationId: string, workId: string) {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from works where organization_id = ${organizationId} and id = ${workId}`,
  );
  return rows.length > 0;
}

function assignments(values: RecordingValues) {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([column, value]) => ({ column: sql.identifier(column), value }));
}

export async function insertRecording(
  tx: OrgTx,
  organizationId: string,
  values: RecordingValues,
  createdBy: string,
) {
  const set = assignments(values);
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into recordings (organization_id, origin, created_by, ${sql.join(
      set.map((s) => s.column),
      sql`, `,
    )})
        values (${organizationId}, 'manual', ${createdBy}, ${sql.join(
          set.map((s) => sql`${s.value}`),
          sql`, `,
        )})
        returning id`,
  );
  return row!.id;
}

/** Saves the changed fields as the next version of the recording (row_version + 1, updated now). */
export async function updateRecording(
  tx: OrgTx,
  organizationId: string,
  id: string,
  values: RecordingValues,
) {
  const set = assignments(values).map((s) => sql`${s.column} = ${s.value}`);
  await tx.execute(sql`update recordings
    set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
    where organization_id = ${organizationId} and id = ${id}`);
}

/** The same values on several recordings, each its next version. */
export async function updateRecordings(
  tx: OrgTx,
  organizationId: string,
  ids: readonly string[],
  values: RecordingValues,
) {
  if (ids.length === 0) return;
  const set = assignments(values).map((s) => sql`${s.column} = ${s.value}`);
  await tx.execute(sql`update recordings
    set ${sql.join([...set, sql`row_version = row_version + 1`, sql`updated_at = now()`], sql`, `)}
    where organization_id = ${organizationId} and id in (${uuidList(ids)})`);
}

/** A new version of the recording without a field change (its credits or splits changed). */
export async function touchRecording(tx: OrgTx, organizationId: string, id: string) {
  await tx.execute(sql`update recordings set row_version = row_version + 1, updated_at = now()
    where organization_id = ${organizationId} and id = ${id}`);
}

/** Replaces who is credited on the recording, in the order given. */
export async function replaceArtists(
  tx: OrgTx,
  organizationId: string,
  recordingId: string,
  artists: readonly { party_id: string; role: RecordingArtistRole }[],
) {
  await tx.execute(
    sql`delete from recording_artists where organization_id = ${organizationId} and recording_id = ${recordingId}`,
  );
  if (artists.length === 0) return;
  const values = artists.map(
    (a, position) => sql`(${organizationId}, ${recordingId}, ${a.party_id}, ${a.role}, ${position})`,
  );
  await tx.execute(sql`insert into recording_artists (organization_id, recording_id, party_id, role, position)
    values ${sql.join(values, sql`, `)}`);
}

/** Replaces the recording's master split. */
export async function replaceMasterSplits(
  tx: OrgTx,
  organizationId: string,
  recordingId: string,
  splits: readonly { payee_id: string; share_bp: number }[],
) {
  await tx.execute(
    sql`delete from master_splits where organization_id = ${organizationId} and recording_id = ${recordingId}`,
  );
  if (splits.length === 0) return;
  const values = splits.map((s) => sql`(${organizationId}, ${recordingId}, ${s.payee_id}, ${s.share_bp})`);
  await tx.execute(sql`insert into master_splits (organization_id, recording_id, payee_id, share_bp)
    values ${sql.join(values, sql`, `)}`);
}

/** The first release (by title) the recording is on, if any. */
export async function firstReleaseOf(tx: OrgTx, organizationId: string, recordingId: string) {
  const [row] = await queryRows<{ id: string; title: string }>(
    tx,
    sql`select r.id, r.title from release_tracks rt join releases r on r.id = rt.release_id
        where rt.organization_id = ${organizationId} and rt.recording_id = ${recordingId}
        order by r.title, r.id limit 1`,
  );
  return row;
}

export async function deleteRecording(tx: OrgTx, organizationId: string, id: string) {
  await tx.execute(sql`delete from recordings where organization_id = ${organizationId} and id = ${id}`);
}
