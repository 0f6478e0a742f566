import { USAGE_WINDOW_DAYS } from '@music-review/core/plan-rules';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

/** A song as the API shows it, with the current revision's file keys. */
export type SongRow = {
  id: string;
  title: string;
  artist: string;
  status: string;
  submitted_at: Date | string;
  submission_source: string | null;
  audio_file_key: string | null;
  waveform_file_key: string | null;
  current_version_number: number;
  has_revisions: boolean;
  created_at: Date | string;
  reviewed_by_me: boolean;
};

const songColumns = (reviewerId: string) => sql`
  s.id, s.title, s.artist, s.status, s.submitted_at,
  -- spec section 3: the submitter's email is shown as the reviewer's name when it is a team member
  coalesce((select rr.name from reviewers rr
            where rr.organization_id = s.organization_id and lower(rr.email) = lower(s.submission_source)
            limit 1), s.submission_source) as submission_source,
  coalesce(cur.audio_file_key, s.audio_file_key) as audio_file_key,
  coalesce(cur.waveform_file_key, s.waveform_file_key) as waveform_file_key,
  s.current_version_number, s.has_revisions, s.created_at,
  exists(select 1 from reviews mine where mine.song_id = s.id and mine.reviewer_id = ${reviewerId}
         and mine.song_version_number = s.current_version_number) as reviewed_by_me`;

const CURRENT_REVISION = sql`
  left join song_revisions cur on cur.song_id = s.id and cur.is_current_version`;

/** The organization's songs, newest submission first, keyset-paginated. */
export async function listSongs(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  options: {
    includeSigned: boolean;
    limit: number;
    before?: { submittedAt: string; id: string } | undefined;
  },
) {
  return queryRows<SongRow>(
    db,
    sql`select ${songColumns(reviewerId)} from songs s ${CURRENT_REVISION}
        where s.organization_id = ${organizationId}
          ${options.includeSigned ? sql`` : sql`and s.status <> 'signed'`}
          ${
            options.before
              ? sql`and (s.submitted_at, s.id) < (${options.before.submittedAt}::timestamptz, ${options.before.id}::uuid)`
              : sql``
          }
        order by s.submitted_at desc, s.id desc
        limit ${options.limit}`,
  );
}

export async function findSong(db: OrgTx, organizationId: string, reviewerId: string, songId: string) {
  const rows = await queryRows<SongRow>(
    db,
    sql`select ${songColumns(reviewerId)} from songs s ${CURRENT_REVISION}
        where s.organization_id = ${organizationId} and s.id = ${songId}`,
  );
  return rows[0];
}

export async function setSongStatus(db: OrgTx, organizationId: string, songId: string, status: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update songs set status = ${status},
          decided_at = case when status is distinct from ${status} then now() else decided_at end
        where organization_id = ${organizationId} and id = ${songId} returning id`,
  );
  return rows.length > 0;
}

/**
 * Sets the status of several songs of the organization at once. Answers which of the ids are songs
 * of the organization (found) and which of those changed (they had another status); ids of other
 * organizations match nothing.
 */
export async function setSongsStatus(db: OrgTx, organizationId: string, songIds: string[], status: string) {
  const ids = sql.join(
    songIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; changed: boolean }>(
    db,
    sql`with found as (
          select id, status from songs where organization_id = ${organizationId} and id in (${ids}) for update
        ), changed as (
          update songs s set status = ${status}, decided_at = now() from found f
          where s.id = f.id and f.status <> ${status}
          returning s.id
        )
        select f.id, exists(select 1 from changed c where c.id = f.id) as changed from found f`,
  );
  return { found: rows.map((r) => r.id), changed: rows.filter((r) => r.changed).map((r) => r.id) };
}

/**
 * Tracks the label added in the usage window (spec section 9: the last 30 days, rolling), for an
 * organization row aliased o. Songs are never deleted, so this is the uploads of those days.
 */
const tracksInWindow = sql`(select count(*)::int from songs w
  where w.organization_id = o.id and w.created_at > now() - ${sql.raw(`interval '${USAGE_WINDOW_DAYS} days'`)})`;

/** The tracks the label added in the usage window (tracksInWindow), as the plan's track limit counts them. */
export async function countTracksInWindow(db: OrgTx, organizationId: string) {
  const rows = await queryRows<{ tracks: number }>(
    db,
    sql`select ${tracksInWindow} as tracks from organizations o where o.id = ${organizationId}`,
  );
  return Number(rows[0]?.tracks ?? 0);
}

/**
 * Locks the organization while a track is added, so two uploads cannot both take the last slot of
 * the plan, and answers the plan's limit with the uploads of the last 30 days.
 */
export async function lockTrackAllowance(db: OrgTx, organizationId: string) {
  const rows = await queryRows<{ track_limit: number; uploaded: number; members: number }>(
    db,
    sql`select p.track_limit, ${tracksInWindow} as uploaded,
          (select count(*)::int from reviewers r where r.organization_id = o.id) as members
        from organizations o join subscription_plans p on p.id = o.subscription_plan_id
        where o.id = ${organizationId}
        for update of o`,
  );
  return rows[0];
}

export async function recordTrackUpload(
  db: OrgTx,
  organizationId: string,
  monthStart: string,
  members: number,
) {
  await db.execute(
    sql`insert into organization_usage_metrics (organization_id, month_start_date, tracks_uploaded_count, active_users_count)
        values (${organizationId}, ${monthStart}::date, 1, ${members})
        on conflict (organization_id, month_start_date) do update set
          tracks_uploaded_count = organization_usage_metrics.tracks_uploaded_count + 1,
          active_users_count = excluded.active_users_count, updated_at = now()`,
  );
}

export async function insertSongRow(
  db: OrgTx,
  values: {
    id: string | undefined;
    organizationId: string;
    title: string;
    artist: string;
    submissionSource: string | null;
    audioFileKey: string;
    waveformFileKey: string | null;
    createdBy: string;
  },
) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into songs (id, organization_id, title, artist, submission_source, audio_file_key, waveform_file_key, created_by)
        values (coalesce(${values.id ?? null}::uuid, gen_random_uuid()), ${values.organizationId}, ${values.title},
          ${values.artist}, ${values.submissionSource}, ${values.audioFileKey}, ${values.waveformFileKey}, ${values.createdBy})
        on conflict (id) do nothing
        returning id`,
  );
  return rows[0]?.id;
}

/** Stores a waveform key on the song's current version (the revision row when there is one). */
export async function setWaveformKey(db: OrgTx, organizationId: string, songId: string, key: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with song as (
          update songs set waveform_file_key = case when has_revisions then waveform_file_key else ${key} end
          where organization_id = ${organizationId} and id = ${songId}
          returning id, has_revisions
        ), revision as (
          update song_revisions set waveform_file_key = ${key}
          where song_id in (select id from song where has_revisions) and is_current_version
          returning id
        )
        select id from song`,
  );
  return rows.length > 0;
}
