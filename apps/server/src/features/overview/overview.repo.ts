import type { OverviewMineFilter, OverviewSort, OverviewStatusFilter } from '@music-review/core/api';
import { type SQL, sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

export interface OverviewQuery {
  q?: string | undefined;
  status: OverviewStatusFilter;
  ready: boolean;
  mine: OverviewMineFilter;
  sort: OverviewSort;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export type OverviewRow = {
  team_size: number;
  total: number;
  /** Null on the one row that only carries team_size and total (a page past the end, or no songs). */
  id: string | null;
  title: string;
  /** Already hidden (null) unless the viewer may see it. */
  artist: string | null;
  status: string;
  submitted_at: Date | string;
  current_version_number: number;
  has_revisions: boolean;
  audio_file_key: string | null;
  waveform_file_key: string | null;
  review_count: number;
  useless_count: number;
  reviewed_by_me: boolean;
  are_averages_visible: boolean;
  /** Raw means of the scored reviews: show them only when are_averages_visible. */
  avg_musical: number | null;
  avg_artist: number | null;
  avg_overall: number | null;
};

// Sorts that need every song's review aggregates before a page can be cut; the others (and the
// default) page first and aggregate the page's songs only.
const SCORE_SORTS: ReadonlySet<OverviewSort> = new Set(['reviews', 'musical', 'artist_score', 'overall']);

/** The viewer's text matched literally: % and _ are escaped, not wildcards. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the overview and the number of matching songs, in one statement (no query per row).
 *
 * `visible` is every song of the label (filtered by status) with what this viewer may see of it:
 * the artist once they reviewed the current version (their reviews via reviews_reviewer_reviewed_idx)
 * or the song is signed; averages once reviewed, decided or past the review window. Filters and sort
 * keys are computed from those visible values only, so a hidden artist or average never decides
 * whether or where a song is listed. Only a sort on review counts or averages, or the 60 percent
 * filter, needs the aggregates of every song (`scores`: one pass over the label's reviews, grouped by
 * song and version, joined on the current version). Otherwise `matching` stays narrow (id and sort
 * key), is counted and cut into a page, and only the page's songs are joined to their current files
 * (song_revisions_current_key) and aggregated (reviews_song_version_idx). `matching` is used twice,
 * so PostgreSQL computes it once.
 */
export async function overviewRows(
  db: OrgTx,
  organizationId: string,
  reviewerId: string,
  query: OverviewQuery,
  now: Date,
) {
  const windowStart = sql`(${now.toISOString()}::timestamptz - interval '7 days')`;
  const statusFilter = query.status === 'all' ? sql`` : sql`and s.status = ${query.status}`;
  const needsScores = query.ready || SCORE_SORTS.has(query.sort);
  // The viewer's rules, on a song `s` and whether the viewer reviewed its current version.
  const visibleArtist = (reviewed: SQL) =>
    sql`case when ${reviewed} or s.status = 'signed' then s.artist end`;
  const areAveragesVisible = (reviewed: SQL) =>
    sql`(${reviewed} or s.status in ('signed', 'passed') or s.submitted_at <= ${windowStart})`;
  const ifVisible = (value: SQL) => sql`case when v.are_averages_visible then ${value} end`;

  const sortKeys: Record<OverviewSort, SQL> = {
    submitted_at: sql`v.submitted_at`,
    title: sql`lower(v.title)`,
    status: sql`v.status`,
    version: sql`v.current_version_number`,
    reviews: sql`v.review_count`,
    // A hidden average sorts like "no average": the order reveals nothing.
    musical: ifVisible(sql`v.avg_musical`),
    artist_score: ifVisible(sql`v.avg_artist`),
    overall: ifVisible(sql`v.avg_overall`),
    // Days left fall as the submission gets older.
    days_left: sql`v.submitted_at`,
  };
  const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
  // The id breaks ties, so pages never overlap or skip a song.
  const order = sql`m.sort_key ${direction} nulls last, m.id ${direction}`;

  const filters: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(sql`(v.title ilike ${pattern} or v.artist ilike ${pattern})`);
  }
  if (query.ready) {
    // The 60 percent marker (packages/core review-rules sixtyPercentThreshold): ceil(3n / 5), at least 1.
    filters.push(sql`v.review_count >= greatest(1, (3 * (select n from team) + 4) / 5)`);
  }
  if (query.mine === 'reviewed') filters.push(sql`v.reviewed_by_me`);
  if (query.mine === 'unreviewed') filters.push(sql`not v.reviewed_by_me`);
  const where = filters.length ? sql`where ${sql.join(filters, sql` and `)}` : sql``;

  const scores = needsScores
    ? sql`scores as (
      select r.song_id, r.song_version_number, count(*)::int as review_count,
        (avg(r.musical_score) filter (where not r.is_useless))::float8 as avg_musical,
        (avg(r.artist_score) filter (where not r.is_useless))::float8 as avg_artist,
        (avg(r.overall_score) filter (where not r.is_useless))::float8 as avg_overall
      from reviews r
      where r.organization_id = ${organizationId}
      group by r.song_id, r.song_version_number
    ),`
    : sql``;
  const reviewedByMe = sql`(mine.id is not null)`;

  return queryRows<OverviewRow>(
    db,
    sql`
    with team as (
      select count(*)::int as n from reviewers where organization_id = ${organizationId}
    ), ${scores} visible as (
      select s.id, s.title, s.status, s.submitted_at, s.current_version_number,
        ${reviewedByMe} as reviewed_by_me,
        ${visibleArtist(reviewedByMe)} as artist,
        ${areAveragesVisible(reviewedByMe)} as are_averages_visible
        ${
          needsScores
            ? sql`, coalesce(sc.review_count, 0) as review_count, sc.avg_musical, sc.avg_artist, sc.avg_overall`
            : sql``
        }
      from songs s
      left join reviews mine on mine.song_id = s.id and mine.reviewer_id = ${reviewerId}
        and mine.song_version_number = s.current_version_number
      ${
        needsScores
          ? sql`left join scores sc on sc.song_id = s.id and sc.song_version_number = s.current_version_number`
          : sql``
      }
      where s.organization_id = ${organizationId} ${statusFilter}
    ), matching as (
      select v.id, ${sortKeys[query.sort]} as sort_key from visible v ${where}
    ), page as (
      select m.id, row_number() over (order by ${order}) as position from matching m
      order by ${order}
      limit ${query.limit} offset ${query.offset}
    )
    -- One row even when the page is empty, so the total and the team size are always known.
    select (select n from team) as team_size, (select count(*)::int from matching) as total,
      s.id, s.title, ${visibleArtist(sql`agg.reviewed_by_me`)} as artist, s.status, s.submitted_at,
      s.current_version_number, s.has_revisions,
      coalesce(cur.audio_file_key, s.audio_file_key) as audio_file_key,
      coalesce(cur.waveform_file_key, s.waveform_file_key) as waveform_file_key,
      agg.review_count, agg.useless_count, agg.reviewed_by_me,
      ${areAveragesVisible(sql`agg.reviewed_by_me`)} as are_averages_visible,
      agg.avg_musical, agg.avg_artist, agg.avg_overall
    from (select 1) one
    left join (
      page p
      join songs s on s.id = p.id
      left join song_revisions cur on cur.song_id = s.id and cur.is_current_version
      -- Reviews of the current version; the unique (song, reviewer, version) index makes each row
      -- a distinct reviewer.
      cross join lateral (
        select count(*)::int as review_count,
          (count(*) filter (where r.is_useless))::int as useless_count,
          coalesce(bool_or(r.reviewer_id = ${reviewerId}), false) as reviewed_by_me,
          (avg(r.musical_score) filter (where not r.is_useless))::float8 as avg_musical,
          (avg(r.artist_score) filter (where not r.is_useless))::float8 as avg_artist,
          (avg(r.overall_score) filter (where not r.is_useless))::float8 as avg_overall
        from reviews r where r.song_id = s.id and r.song_version_number = s.current_version_number
      ) agg
    ) on true
    order by p.position`,
  );
}
