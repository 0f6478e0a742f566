import { sql } from 'drizzle-orm';
import { type Queryable, queryRows } from '../../platform/db/index.ts';

export const MY_REVIEWS_LIMIT = 200;

export type DashboardRow = {
  tab: 'pending' | 'reviewed' | null;
  id: string;
  title: string;
  artist: string;
  submitted_at: Date | string;
  audio_file_key: string | null;
  waveform_file_key: string | null;
  current_version_number: number;
  has_revisions: boolean;
  review_count: number;
  avg_musical: number | null;
  avg_artist: number | null;
  avg_overall: number | null;
  my_reviewed_at: Date | string | null;
  team_size: number;
};

/**
 * Both tabs of the review dashboard in one statement (no query per card). Pending: songs inside the
 * 7-day window (index songs_org_submitted_idx) that the caller has not reviewed in their current
 * version (probe of the unique review index). Reviewed: the caller's latest reviews of current versions
 * (index reviews_reviewer_reviewed_idx), at most MY_REVIEWS_LIMIT + 1 so the page knows there is more.
 * Each card carries the current version's review count and averages.
 */
export async function dashboardRows(db: Queryable, organizationId: string, reviewerId: string, now: Date) {
  const cardColumns = sql`s.id, s.title, s.artist, s.submitted_at, s.current_version_number, s.has_revisions,
    s.audio_file_key, s.waveform_file_key`;
  return queryRows<DashboardRow>(
    db,
    sql`
    with picked as (
      (select 'pending' as tab, ${cardColumns}, null::timestamptz as my_reviewed_at
       from songs s
       where s.organization_id = ${organizationId} and s.status not in ('signed', 'passed')
         and s.submitted_at > ${now.toISOString()}::timestamptz - interval '7 days'
         and not exists (
           select 1 from reviews m
           where m.song_id = s.id and m.reviewer_id = ${reviewerId} and m.song_version_number = s.current_version_number))
      union all
      (select 'reviewed' as tab, ${cardColumns}, m.reviewed_at as my_reviewed_at
       from reviews m join songs s on s.id = m.song_id and s.current_version_number = m.song_version_number
       where m.reviewer_id = ${reviewerId} and m.organization_id = ${organizationId}
         and s.status not in ('signed', 'passed')
       order by m.reviewed_at desc
       limit ${MY_REVIEWS_LIMIT + 1})
    )
    , cards as (
      select p.tab, p.id, p.title, p.artist, p.submitted_at, p.current_version_number, p.has_revisions,
        p.my_reviewed_at,
        coalesce(cur.audio_file_key, p.audio_file_key) as audio_file_key,
        coalesce(cur.waveform_file_key, p.waveform_file_key) as waveform_file_key,
        agg.review_count, agg.avg_musical, agg.avg_artist, agg.avg_overall
      from picked p
      left join song_revisions cur on cur.song_id = p.id and cur.is_current_version
      cross join lateral (
        select count(*)::int as review_count,
          avg(r.musical_score)::float8 as avg_musical,
          avg(r.artist_score)::float8 as avg_artist,
          avg(r.overall_score)::float8 as avg_overall
        from reviews r where r.song_id = p.id and r.song_version_number = p.current_version_number
      ) agg
    )
    -- One row even without cards, so the team size is always known (tab is null on that row).
    select team.n as team_size, c.*
    from (select count(*)::int as n from reviewers where organization_id = ${organizationId}) team
    left join cards c on true
    order by c.tab, c.my_reviewed_at desc nulls last`,
  );
}

export type ReviewRow = {
  id: string;
  song_id: string;
  reviewer_id: string;
  reviewer_name: string | null;
  musical_score: number;
  artist_score: number;
  overall_score: number;
  comment: string | null;
  reviewed_at: Date | string;
  song_version_number: number;
};

export async function listReviewsOfSong(db: Queryable, organizationId: string, songId: string) {
  return queryRows<ReviewRow>(
    db,
    sql`select r.id, r.song_id, r.reviewer_id, rv.name as reviewer_name, r.musical_score, r.artist_score,
          r.overall_score, r.comment, r.reviewed_at, r.song_version_number
        from reviews r left join reviewers rv on rv.id = r.reviewer_id
        where r.organization_id = ${organizationId} and r.song_id = ${songId}
        order by r.song_version_number desc, r.reviewed_at asc`,
  );
}

/** Creates or replaces the reviewer's review of the song's current version. */
export async function upsertReview(
  db: Queryable,
  values: {
    organizationId: string;
    songId: string;
    reviewerId: string;
    versionNumber: number;
    musical: number;
    artist: number;
    overall: number;
    comment: string | null;
  },
) {
  const rows = await queryRows<ReviewRow & { created: boolean }>(
    db,
    sql`insert into reviews (organization_id, song_id, reviewer_id, song_version_number,
          musical_score, artist_score, overall_score, comment)
        values (${values.organizationId}, ${values.songId}, ${values.reviewerId}, ${values.versionNumber},
          ${values.musical}, ${values.artist}, ${values.overall}, ${values.comment})
        on conflict (song_id, reviewer_id, song_version_number) do update set
          musical_score = excluded.musical_score, artist_score = excluded.artist_score,
          overall_score = excluded.overall_score, comment = excluded.comment, reviewed_at = now()
        returning id, song_id, reviewer_id, null::text as reviewer_name, musical_score, artist_score, overall_score,
          comment, reviewed_at, song_version_number, (xmax = 0) as created`,
  );
  return rows[0]!;
}
