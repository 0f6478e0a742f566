import { sql } from 'drizzle-orm';
import { type OrgTx, queryRows } from '../../platform/db/index.ts';

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
  is_useless: boolean;
};

export async function listReviewsOfSong(db: OrgTx, organizationId: string, songId: string) {
  return queryRows<ReviewRow>(
    db,
    sql`select r.id, r.song_id, r.reviewer_id, rv.name as reviewer_name, r.musical_score, r.artist_score,
          r.overall_score, r.comment, r.reviewed_at, r.song_version_number, r.is_useless
        from reviews r left join reviewers rv on rv.id = r.reviewer_id
        where r.organization_id = ${organizationId} and r.song_id = ${songId}
        order by r.song_version_number desc, r.reviewed_at asc`,
  );
}

/**
 * Creates or replaces the reviewer's review of the song's current version. A useless mark is a
 * review too (scores 0, no comment); a later real review replaces it and clears the flag.
 */
export async function upsertReview(
  db: OrgTx,
  values: {
    organizationId: string;
    songId: string;
    reviewerId: string;
    versionNumber: number;
    musical: number;
    artist: number;
    overall: number;
    comment: string | null;
    isUseless: boolean;
  },
) {
  const rows = await queryRows<ReviewRow & { created: boolean }>(
    db,
    sql`insert into reviews (organization_id, song_id, reviewer_id, song_version_number,
          musical_score, artist_score, overall_score, comment, is_useless)
        values (${values.organizationId}, ${values.songId}, ${values.reviewerId}, ${values.versionNumber},
          ${values.musical}, ${values.artist}, ${values.overall}, ${values.comment}, ${values.isUseless})
        on conflict (song_id, reviewer_id, song_version_number) do update set
          musical_score = excluded.musical_score, artist_score = excluded.artist_score,
          overall_score = excluded.overall_score, comment = excluded.comment,
          is_useless = excluded.is_useless, reviewed_at = now()
        returning id, song_id, reviewer_id, null::text as reviewer_name, musical_score, artist_score, overall_score,
          comment, reviewed_at, song_version_number, is_useless, (xmax = 0) as created`,
  );
  return rows[0]!;
}
