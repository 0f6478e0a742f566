import { TRACK_VIEWER_WINDOW_MS } from '@music-review/core/presence';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

// Measured by the database's clock, the one that wrote last_activity.
const VIEWER_WINDOW = sql`(${TRACK_VIEWER_WINDOW_MS} * interval '1 millisecond')`;

export async function songExists(db: OrgTx, organizationId: string, songId: string) {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from songs where organization_id = ${organizationId} and id = ${songId}`,
  );
  return rows.length > 0;
}

/** stop_viewing_track (song id, reviewer id): the member left this song's page. */
export async function stopViewingSong(db: OrgTx, organizationId: string, reviewerId: string, songId: string) {
  await db.execute(
    sql`delete from track_viewers
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId} and song_id = ${songId}`,
  );
}

export type TrackViewerRow = {
  reviewer_id: string;
  name: string;
  avatar_key: string | null;
  page: string | null;
  last_activity: Date | string;
};

/** Members of the label active on the song within the viewer window, the latest first. */
export async function listViewers(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<TrackViewerRow>(
    db,
    sql`select tv.reviewer_id, r.name, r.avatar_key, tv.current_page as page, tv.last_activity
        from track_viewers tv
        join reviewers r on r.id = tv.reviewer_id and r.organization_id = tv.organization_id
        where tv.organization_id = ${organizationId} and tv.song_id = ${songId}
          and tv.last_activity > now() - ${VIEWER_WINDOW}
        order by tv.last_activity desc, r.id`,
  );
}
