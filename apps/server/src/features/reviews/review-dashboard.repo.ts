import type { Database } from '../../platform/db/index.ts';

/** My Reviews lists the caller's latest reviews; the Overview has all of them. */
export const MY_REVIEWS_LIMIT = 50;

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
  /** The caller's review (reviewed cards): with the exact reviewed_at text, the paging cursor. */
  my_review_id: string | null;
  my_reviewed_at_key: string | null;
  team_size: number;
};

/** Where a page of My Reviews starts: after this review, in (reviewed_at, id) descending order. */
export interface ReviewedCursor {
  /** reviewed_at as PostgreSQL printed it (microseconds kept). */
  at: string;
  id: string;
}

/**
 * Both tabs of the review dashboard in one statement (no query per card); $1 organization, $2
 * reviewer, $3 now, $4 how many of the caller's reviews to fetch.
 *
 * - Pending: songs inside the 7-day window (index songs_org_submitted_idx) that the caller has not
 *   reviewed in their current version (one probe of the unique review index per song).
 * - Reviewed: the caller's reviews walked newest first along reviews_reviewer_reviewed_idx (the
 *   ORDER BY leads with the index's order, nulls last included, so the walk stops after $4 rows
 *   instead of sorting all of them; the review id only orders ties, so pages never skip or repeat
 *   one), each joined to its song by primary key and kept when it is of the current version. Its
 *   last card's (reviewed_at, id) is the cursor of the next page (REVIEWED_PAGE_SQL).
 * - Each card's current-version review count and averages come from reviews_song_version_idx,
 *   which carries the scores so the lookup never visits the table. Useless marks count as reviews
 *   but stay out of the averages.
 */
const REVIEWED_COLUMNS = `'reviewed' as tab, s.id, s.title, s.artist, s.submitted_at, s.current_version_number,
     s.has_revisions, s.audio_file_key, s.waveform_file_key, m.reviewed_at as my_reviewed_at,
     m.id as my_review_id, m.reviewed_at::text as my_reviewed_at_key`;

/** The caller's current-version reviews of undecided songs, newest first; id breaks ties. */
const REVIEWED_FROM = `from reviews m
   join songs s on s.id = m.song_id and s.current_version_number = m.song_version_number
   where m.reviewer_id = $2 and m.organization_id = $1 and s.status not in ('signed', 'passed')`;
const REVIEWED_ORDER = 'order by m.reviewed_at desc nulls last, m.id desc';

/** The cards of the picked rows (averages, current files) and the team size, whatever `picked` holds. */
const cardsOf = (picked: string) => `
with picked as (${picked}), cards as (
  select p.tab, p.id, p.title, p.artist, p.submitted_at, p.current_version_number, p.has_revisions,
    p.my_reviewed_at, p.my_review_id, p.my_reviewed_at_key,
    coalesce(cur.audio_file_key, p.audio_file_key) as audio_file_key,
    coalesce(cur.waveform_file_key, p.waveform_file_key) as waveform_file_key,
    agg.review_count, agg.avg_musical, agg.avg_artist, agg.avg_overall
  from picked p
  left join song_revisions cur on cur.song_id = p.id and cur.is_current_version
  cross join lateral (
    select count(*)::int as review_count,
      (avg(r.musical_score) filter (where not r.is_useless))::float8 as avg_musical,
      (avg(r.artist_score) filter (where not r.is_useless))::float8 as avg_artist,
      (avg(r.overall_score) filter (where not r.is_useless))::float8 as avg_overall
    from reviews r where r.song_id = p.id and r.song_version_number = p.current_version_number
  ) agg
)
-- One row even without cards, so the team size is always known (tab is null on that row).
select team.n as team_size, c.*
from (select count(*)::int as n from reviewers where organization_id = $1) team
left join cards c on true
order by c.tab, c.my_reviewed_at desc nulls last, c.my_review_id desc`;

const DASHBOARD_SQL = cardsOf(`
  (select 'pending' as tab, s.id, s.title, s.artist, s.submitted_at, s.current_version_number,
     s.has_revisions, s.audio_file_key, s.waveform_file_key, null::timestamptz as my_reviewed_at,
     null::uuid as my_review_id, null::text as my_reviewed_at_key
   from songs s
   where s.organization_id = $1 and s.status not in ('signed', 'passed')
     and s.submitted_at > $3::timestamptz - interval '7 days'
     and not exists (
       select 1 from reviews m
       where m.song_id = s.id and m.reviewer_id = $2 and m.song_version_number = s.current_version_number))
  union all
  (select ${REVIEWED_COLUMNS}
   ${REVIEWED_FROM}
   ${REVIEWED_ORDER}
   limit $4)`);

/** The next page of My Reviews: $3 and $4 the cursor's reviewed_at and id, $5 how many to fetch. */
const REVIEWED_PAGE_SQL = cardsOf(`
  select ${REVIEWED_COLUMNS}
  ${REVIEWED_FROM}
    and (m.reviewed_at, m.id) < ($3::timestamptz, $4::uuid)
  ${REVIEWED_ORDER}
  limit $5`);

export async function dashboardRows(
  database: Database,
  organizationId: string,
  reviewerId: string,
  now: Date,
) {
  return database.preparedAsOrg<DashboardRow>(organizationId, 'review_dashboard_v3', DASHBOARD_SQL, [
    organizationId,
    reviewerId,
    now.toISOString(),
    MY_REVIEWS_LIMIT + 1,
  ]);
}

/** One page of the caller's reviews after the cursor (one more row than a page, to tell if more follow). */
export async function reviewedPageRows(
  database: Database,
  organizationId: string,
  reviewerId: string,
  cursor: ReviewedCursor,
) {
  return database.preparedAsOrg<DashboardRow>(
    organizationId,
    'review_dashboard_reviewed_v1',
    REVIEWED_PAGE_SQL,
    [organizationId, reviewerId, cursor.at, cursor.id, MY_REVIEWS_LIMIT + 1],
  );
}
