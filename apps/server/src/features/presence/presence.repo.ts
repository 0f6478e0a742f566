import {
  PRESENCE_ONLINE_WINDOW_MS,
  type PresenceStatus,
  TRACK_VIEWER_WINDOW_MS,
} from '@music-review/core/presence';
import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

// The windows are measured by the database's clock, the one that wrote last_seen.
const ONLINE_WINDOW = sql`(${PRESENCE_ONLINE_WINDOW_MS} * interval '1 millisecond')`;
const VIEWER_WINDOW = sql`(${TRACK_VIEWER_WINDOW_MS} * interval '1 millisecond')`;

/** The caller's heartbeat: status, activity and last_seen = now(). */
export async function upsertPresence(
  db: OrgTx,
  values: {
    organizationId: string;
    reviewerId: string;
    status: PresenceStatus;
    currentActivity: string | null;
  },
) {
  const rows = await queryRows<{ status: PresenceStatus; last_seen: Date | string }>(
    db,
    sql`insert into user_presence (reviewer_id, organization_id, status, last_seen, current_activity)
        values (${values.reviewerId}, ${values.organizationId}, ${values.status}, now(), ${values.currentActivity})
        on conflict (reviewer_id) do update
          set status = excluded.status, last_seen = excluded.last_seen,
              current_activity = excluded.current_activity
          where user_presence.organization_id = excluded.organization_id
        returning status, last_seen`,
  );
  return rows[0];
}

/** Marks the reviewer offline (sign-out, page unload) and ends their track viewing. */
export async function markOffline(db: OrgTx, organizationId: string, reviewerId: string) {
  await db.execute(
    sql`insert into user_presence (reviewer_id, organization_id, status, last_seen)
        values (${reviewerId}, ${organizationId}, 'offline', now())
        on conflict (reviewer_id) do update set status = 'offline', last_seen = now()
          where user_presence.organization_id = excluded.organization_id`,
  );
  await stopViewing(db, organizationId, reviewerId);
}

/** The reviewer views no signed song any more (spec: stop_viewing_track). */
export async function stopViewing(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  exceptSongId?: string,
) {
  await db.execute(
    sql`delete from track_viewers
        where organization_id = ${organizationId} and reviewer_id = ${reviewerId}
          ${exceptSongId ? sql`and song_id <> ${exceptSongId}::uuid` : sql``}`,
  );
}

/**
 * Records that the reviewer is on a page of a song of their organization (upsert on song and
 * reviewer). False when the song is not the organization's.
 */
export async function upsertViewing(
  db: OrgTx,
  values: { organizationId: string; reviewerId: string; songId: string; page: string },
) {
  const rows = await queryRows<{ song_id: string }>(
    db,
    sql`insert into track_viewers (song_id, reviewer_id, organization_id, current_page, last_activity)
        select s.id, ${values.reviewerId}, ${values.organizationId}, ${values.page}, now()
        from songs s where s.organization_id = ${values.organizationId} and s.id = ${values.songId}
        on conflict (song_id, reviewer_id) do update
          set current_page = excluded.current_page, last_activity = excluded.last_activity
        returning song_id`,
  );
  return rows.length > 0;
}

export type PresenceRow = {
  reviewer_id: string;
  name: string;
  email: string;
  status: PresenceStatus;
  is_online: boolean;
  last_seen: Date | string | null;
  current_activity: string | null;
  viewing_song_id: string | null;
  viewing_song_title: string | null;
  viewing_page: string | null;
  viewing_last_activity: Date | string | null;
};

/**
 * Every member of the organization with the status others see (offline once the last heartbeat is
 * older than the online window) and the signed-song page they were last active on within the
 * viewer window. Online members first, then away, then by name.
 */
export async function listPresence(db: OrgTx, organizationId: string) {
  return queryRows<PresenceRow>(
    db,
    sql`select r.id as reviewer_id, r.name, r.email,
          case when p.status in ('online', 'away') and p.last_seen > now() - ${ONLINE_WINDOW}
               then p.status else 'offline' end as status,
          coalesce(p.status = 'online' and p.last_seen > now() - ${ONLINE_WINDOW}, false) as is_online,
          p.last_seen, p.current_activity,
          v.song_id as viewing_song_id, v.title as viewing_song_title, v.current_page as viewing_page,
          v.last_activity as viewing_last_activity
        from reviewers r
        left join user_presence p on p.reviewer_id = r.id and p.organization_id = r.organization_id
        left join lateral (
          select tv.song_id, s.title, tv.current_page, tv.last_activity
          from track_viewers tv join songs s on s.id = tv.song_id and s.organization_id = tv.organization_id
          where tv.organization_id = r.organization_id and tv.reviewer_id = r.id
            and tv.last_activity > now() - ${VIEWER_WINDOW}
          order by tv.last_activity desc
          limit 1
        ) v on true
        where r.organization_id = ${organizationId}
        order by case when p.status = 'online' and p.last_seen > now() - ${ONLINE_WINDOW} then 0
                      when p.status = 'away' and p.last_seen > now() - ${ONLINE_WINDOW} then 1
                      else 2 end,
                 lower(r.name), r.id`,
  );
}
