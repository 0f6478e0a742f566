import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db/index.ts';

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
  db: Queryable,
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

export async function findSong(db: Queryable, organizationId: string, reviewerId: string, songId: string) {
  const rows = await queryRows<SongRow>(
    db,
    sql`select ${songColumns(reviewerId)} from songs s ${CURRENT_REVISION}
        where s.organization_id = ${organizationId} and s.id = ${songId}`,
  );
  return rows[0];
}

export async function setSongStatus(db: Queryable, organizationId: string, songId: string, status: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update songs set status = ${status} where organization_id = ${organizationId} and id = ${songId} returning id`,
  );
  return rows.length > 0;
}
