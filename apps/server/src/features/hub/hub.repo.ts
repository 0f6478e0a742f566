import {
  CLOSED_CONTRACT_STATUSES,
  CLOSED_FORM_STATUSES,
  ONLINE_WINDOW_MINUTES,
  type PresenceStatus,
} from '@music-review/core/hub';
import { USAGE_WINDOW_DAYS } from '@music-review/core/plan-rules';
import { sql } from 'drizzle-orm';
import { type Database, type OrgTx, queryRows } from '../../platform/db/index.ts';

/** A constant list as an SQL array literal (the values are our own constants, never user input). */
const textArray = (values: readonly string[]) => `'{${values.join(',')}}'::text[]`;

export type HubRow = {
  pending_reviews: number;
  awaiting_decision: number;
  signed_songs: number;
  open_contracts: number;
  open_forms: number;
  plan_name: string;
  track_limit: number;
  user_limit: number;
  tracks_last_30_days: number;
  members: number;
  team: Array<{
    id: string;
    name: string;
    email: string;
    is_admin: boolean;
    status: PresenceStatus;
    last_seen: string | null;
    current_activity: string | null;
  }>;
  activity: Array<{
    kind: 'song_added' | 'review';
    at: string;
    song_id: string;
    song_title: string;
    actor_name: string | null;
  }>;
  decisions: Array<{ song_id: string; song_title: string; status: 'signed' | 'passed' }>;
};

/**
 * The spec's "count by organization with status signed in the last 30 days" (section 5): signed
 * songs added in the usage window (section 9). One definition for the hub and the A&R analytics;
 * `org` and `now` are the statement's parameter references.
 */
const signedInUsageWindow = (org: string, now: string) =>
  `(select count(*)::int from songs
   where organization_id = ${org} and status = 'signed'
     and created_at > ${now}::timestamptz - interval '${USAGE_WINDOW_DAYS} days')`;

/**
 * Everything the Label Hub shows, in one statement: $1 organization, $2 the caller, $3 now.
 *
 * - Pending reviews: the review dashboard's pending tab (undecided, inside the 7-day window, not
 *   reviewed by the caller in the current version).
 * - Awaiting decision: undecided songs past their window, or whose current version has reviews from
 *   60 percent of the team (ceil(3n / 5), at least 1: packages/core review-rules).
 * - The team reads user_presence directly: online or away only while last seen within 5 minutes.
 * - Signed songs and the tracks figure: songs added in the last 30 days (spec section 9's usage
 *   window; the track limit counts the same songs).
 * - Activity: the latest songs added and reviews written; decisions have no time of their own.
 */
const HUB_SQL = `
with team as (
  select r.id, r.name, r.email, r.is_admin, p.last_seen,
    case when p.last_seen > $3::timestamptz - interval '${ONLINE_WINDOW_MINUTES} minutes'
      and p.status in ('online', 'away') then p.status else 'offline' end as status,
    p.current_activity
  from reviewers r
  left join user_presence p on p.reviewer_id = r.id and p.organization_id = $1::uuid
  where r.organization_id = $1::uuid
), undecided as (
  select s.id, s.submitted_at, s.current_version_number
  from songs s
  where s.organization_id = $1::uuid and s.status not in ('signed', 'passed')
)
select
  (select count(*)::int from undecided s
   where s.submitted_at > $3::timestamptz - interval '7 days'
     and not exists (
       select 1 from reviews m
       where m.song_id = s.id and m.reviewer_id = $2::uuid and m.song_version_number = s.current_version_number)
  ) as pending_reviews,
  (select count(*)::int from undecided s
   where s.submitted_at <= $3::timestamptz - interval '7 days'
     or (select count(*) from reviews r
         where r.song_id = s.id and r.song_version_number = s.current_version_number)
        >= greatest(1, (3 * (select count(*) from team) + 4) / 5)
  ) as awaiting_decision,
  ${signedInUsageWindow('$1::uuid', '$3')} as signed_songs,
  (select count(*)::int from contracts
   where organization_id = $1::uuid and status <> all(${textArray(CLOSED_CONTRACT_STATUSES)})) as open_contracts,
  (select count(*)::int from metadata_forms
   where organization_id = $1::uuid and status <> all(${textArray(CLOSED_FORM_STATUSES)})) as open_forms,
  pl.name as plan_name, pl.track_limit, pl.user_limit,
  (select count(*)::int from songs
   where organization_id = $1::uuid
     and created_at > $3::timestamptz - interval '${USAGE_WINDOW_DAYS} days') as tracks_last_30_days,
  (select count(*)::int from team) as members,
  (select coalesce(json_agg(json_build_object(
      'id', t.id, 'name', t.name, 'email', t.email, 'is_admin', t.is_admin, 'status', t.status,
      'last_seen', t.last_seen, 'current_activity', t.current_activity)
    order by case t.status when 'online' then 0 when 'away' then 1 else 2 end, lower(t.name), t.id), '[]'::json)
   from team t) as team,
  (select coalesce(json_agg(a order by a.at desc, a.song_id), '[]'::json) from (
     (select 'song_added' as kind, s.created_at as at, s.id as song_id, s.title as song_title,
        by_whom.name as actor_name
      from songs s left join reviewers by_whom on by_whom.id = s.created_by
      where s.organization_id = $1::uuid
      order by s.created_at desc limit 10)
     union all
     (select 'review', r.reviewed_at, s.id, s.title, by_whom.name
      from reviews r
      join songs s on s.id = r.song_id
      left join reviewers by_whom on by_whom.id = r.reviewer_id
      where r.organization_id = $1::uuid
      order by r.reviewed_at desc limit 10)
     order by at desc limit 10) a) as activity,
  (select coalesce(json_agg(d order by d.submitted_at desc, d.song_id), '[]'::json) from (
     select s.id as song_id, s.title as song_title, s.status, s.submitted_at
     from songs s
     where s.organization_id = $1::uuid and s.status in ('signed', 'passed')
     order by s.submitted_at desc, s.id limit 5) d) as decisions
from organizations o
join subscription_plans pl on pl.id = o.subscription_plan_id
where o.id = $1::uuid`;

export async function hubRow(database: Database, organizationId: string, reviewerId: string, now: Date) {
  const rows = await database.preparedAsOrg<HubRow>(organizationId, 'label_hub_v2', HUB_SQL, [
    organizationId,
    reviewerId,
    now.toISOString(),
  ]);
  return rows[0];
}

/** The hub's signed-songs count alone (signedInUsageWindow), for the A&R funnel. */
export async function signedSongsInUsageWindow(database: Database, organizationId: string, now: Date) {
  const rows = await database.preparedAsOrg<{ signed_songs: number }>(
    organizationId,
    'signed_in_usage_window',
    `select ${signedInUsageWindow('$1::uuid', '$2')} as signed_songs`,
    [organizationId, now.toISOString()],
  );
  return Number(rows[0]?.signed_songs ?? 0);
}

export type PendingReviewRow = {
  id: string;
  title: string;
  submitted_at: Date | string;
  current_version_number: number;
  audio_file_key: string | null;
  waveform_file_key: string | null;
};

/** The caller's pending reviews (the dashboard's rule), with the current version's files. */
export async function pendingReviews(db: OrgTx, organizationId: string, reviewerId: string, now: Date) {
  return queryRows<PendingReviewRow>(
    db,
    sql`select s.id, s.title, s.submitted_at, s.current_version_number,
          coalesce(cur.audio_file_key, s.audio_file_key) as audio_file_key,
          coalesce(cur.waveform_file_key, s.waveform_file_key) as waveform_file_key
        from songs s
        left join song_revisions cur on cur.song_id = s.id and cur.is_current_version
        where s.organization_id = ${organizationId} and s.status not in ('signed', 'passed')
          and s.submitted_at > ${now.toISOString()}::timestamptz - interval '7 days'
          and not exists (
            select 1 from reviews m
            where m.song_id = s.id and m.reviewer_id = ${reviewerId}
              and m.song_version_number = s.current_version_number)`,
  );
}

export type NotificationRow = {
  id: string;
  type: string;
  message: string;
  song_id: string | null;
  conversation_id: string | null;
  sender_name: string | null;
  created_at: Date | string;
  unread_total: number;
};

/** The caller's unread notifications, newest first, each row carrying the total unread. */
export async function unreadNotifications(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  limit: number,
) {
  return queryRows<NotificationRow>(
    db,
    sql`select n.id, n.type, n.message, n.song_id, n.conversation_id, sender.name as sender_name, n.created_at,
          count(*) over ()::int as unread_total
        from notifications n
        left join reviewers sender on sender.id = n.sender_id
        where n.organization_id = ${organizationId} and n.recipient_id = ${reviewerId} and not n.read
        order by n.created_at desc, n.id
        limit ${limit}`,
  );
}
