/**
 * Review rules shared by the server and the web app (spec sections 4 and 9): the 7-day deadline,
 * a song's review status for one user, the pending order, score averages and the 60 % threshold.
 * Pure: no I/O, no DOM, no Node APIs.
 */

/** Spec section 9: a song's review deadline is 7 days after submitted_at. */
export const REVIEW_DEADLINE_DAYS = 7;

const DAY_MS = 86_400_000;

/** A point in time: a Date, an ISO 8601 string (as the API sends it) or epoch milliseconds. */
export type Instant = Date | string | number;

function toMs(instant: Instant): number {
  const ms = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid date: ${String(instant)}`);
  return ms;
}

/**
 * The moment the review window closes: exactly 7 x 24 hours after submission. Elapsed time, not
 * calendar days, so the answer is the same in every time zone and across daylight-saving changes.
 */
export function deadline(submittedAt: Instant): Date {
  return new Date(toMs(submittedAt) + REVIEW_DEADLINE_DAYS * DAY_MS);
}

/**
 * Whole days remaining: the time left until the deadline, in days, rounded UP. So a song just
 * submitted has 7, one with 6 days and 1 second left has 7, one with 1 ms left has 1, and at the
 * deadline itself or after it the result is 0 or negative, which means expired.
 */
export function daysLeft(submittedAt: Instant, now: Instant): number {
  // `+ 0` turns the -0 that Math.ceil gives for (-1, 0) into 0.
  return Math.ceil((deadline(submittedAt).getTime() - toMs(now)) / DAY_MS) + 0;
}

/** True from the deadline on (daysLeft <= 0). */
export function isExpired(submittedAt: Instant, now: Instant): boolean {
  return daysLeft(submittedAt, now) <= 0;
}

/**
 * The days-left badge. The spec's text is '{n} days left' for every n, so 1 gives '1 days left'
 * on purpose: the wording is the spec's, and changing it is a product decision, not ours.
 */
export function deadlineBadge(submittedAt: Instant, now: Instant): string {
  const n = daysLeft(submittedAt, now);
  return n <= 0 ? 'Expired' : `${n} days left`;
}

/** The fields of a song the review status needs. The version number defaults to 1 (spec section 4). */
export interface ReviewedSong {
  currentVersionNumber?: number | null;
  status: string;
  submittedAt: Instant;
}

/** A review's version; a missing number means version 1, the column's default. */
export interface VersionedReview {
  song_version_number?: number | null;
}

export type ReviewStatus = 'pending' | 'reviewed' | 'expired' | 'excluded';

/** Spec section 3: the song status that removes a song from the review list. */
export const SIGNED_STATUS = 'signed';

export function currentVersionOf(song: { currentVersionNumber?: number | null }): number {
  return song.currentVersionNumber ?? 1;
}

function versionOf(review: VersionedReview): number {
  return review.song_version_number ?? 1;
}

/**
 * The status of a song for one user (spec section 4), given that user's reviews of the song.
 * In order: a signed song is 'excluded'; a song the user has reviewed in its CURRENT version is
 * 'reviewed' (even after the deadline, so it stays under My Reviews); otherwise it is 'expired'
 * from the deadline on and 'pending' before it. A review of an older version does not count, so
 * a new revision puts the song back into the user's pending list.
 */
export function reviewStatusFor(
  song: ReviewedSong,
  userReviews: readonly VersionedReview[],
  now: Instant,
): ReviewStatus {
  if (song.status === SIGNED_STATUS) return 'excluded';
  const current = currentVersionOf(song);
  if (userReviews.some((r) => versionOf(r) === current)) return 'reviewed';
  return isExpired(song.submittedAt, now) ? 'expired' : 'pending';
}

// One collator for every caller, so the server and the browser order titles alike. Made on first
// use: building it loads locale data, which a page that only formats averages does not need.
let titleCollator: Intl.Collator | undefined;

function compareTitles(a: string, b: string): number {
  titleCollator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const byCollation = titleCollator.compare(a, b);
  if (byCollation !== 0) return byCollation;
  // Titles equal but for case or accents: still a fixed order, by code points.
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The pending list's order (spec section 9): fewest days left first; ties by submitted_at, oldest
 * first; then by title. Returns a new array; the input is left as it was.
 */
export function sortPending<T extends { submittedAt: Instant; title: string }>(
  songs: readonly T[],
  now: Instant,
): T[] {
  const keyed = songs.map((song) => ({
    song,
    days: daysLeft(song.submittedAt, now),
    submitted: toMs(song.submittedAt),
  }));
  keyed.sort(
    (a, b) => a.days - b.days || a.submitted - b.submitted || compareTitles(a.song.title, b.song.title),
  );
  return keyed.map((k) => k.song);
}

/** A review as the averages and the threshold need it. */
export interface ScoredReview extends VersionedReview {
  reviewer_id: string;
  musical_score: number;
  artist_score: number;
  overall_score: number;
  /** Set when the review was marked useless. Absent: a review with all three scores 0 is useless. */
  is_useless?: boolean | null;
}

/**
 * A review marked useless carries scores of 0. The explicit flag wins when present; without it,
 * three zero scores mean useless (a real review scores at least 1 somewhere).
 */
export function isUselessReview(review: ScoredReview): boolean {
  if (review.is_useless != null) return review.is_useless;
  return review.musical_score === 0 && review.artist_score === 0 && review.overall_score === 0;
}

export interface ScoreAverages {
  /** Mean scores, unrounded; null when no review counts. Format them with formatAverage. */
  musical: number | null;
  artist: number | null;
  overall: number | null;
  /** How many reviews the means are over. */
  count: number;
}

/**
 * Mean scores over the reviews of the song's current version. Useless reviews are left out:
 * their zeros are a flag, not a judgement, and would drag the means down. (They still make the
 * song 'reviewed' for their author, and still count towards the 60 % threshold.)
 */
export function averageScores(reviews: readonly ScoredReview[], currentVersionNumber = 1): ScoreAverages {
  let musical = 0;
  let artist = 0;
  let overall = 0;
  let count = 0;
  for (const r of reviews) {
    if (versionOf(r) !== currentVersionNumber || isUselessReview(r)) continue;
    musical += r.musical_score;
    artist += r.artist_score;
    overall += r.overall_score;
    count += 1;
  }
  if (count === 0) return { musical: null, artist: null, overall: null, count: 0 };
  return { musical: musical / count, artist: artist / count, overall: overall / count, count };
}

/** One decimal for display, halves rounded up: 7.25 -> '7.3', 7 -> '7.0'. */
export function formatAverage(value: number): string {
  // Rounding on the value times 10 first, because toFixed rounds the binary value, not the decimal.
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** The distinct reviewers with a review of the current version (useless ones included). */
export function distinctCurrentVersionReviewers(
  reviews: readonly ScoredReview[],
  currentVersionNumber = 1,
): number {
  const ids = new Set<string>();
  for (const r of reviews) if (versionOf(r) === currentVersionNumber) ids.add(r.reviewer_id);
  return ids.size;
}

/**
 * 60 % of the organization's reviewers, rounded up (spec section 9). Computed as ceil(3n / 5):
 * 3n is exact, so a multiple of 5 divides to an exact integer and no rounding error can push the
 * ceiling one too high (0.6 is not exact in binary). With no reviewers the threshold is 1, not 0,
 * so an organization without reviewers never counts as having reached it.
 */
export function sixtyPercentThreshold(reviewerCount: number): number {
  if (!Number.isInteger(reviewerCount) || reviewerCount < 0) {
    throw new RangeError(`Reviewer count must be a whole number >= 0, got ${reviewerCount}`);
  }
  if (reviewerCount === 0) return 1;
  return Math.ceil((3 * reviewerCount) / 5);
}

/** True when the distinct reviewers of the current version reach 60 % of the reviewers. */
export function hasSixtyPercentReviews(
  distinctCurrentVersionReviewerCount: number,
  reviewerCount: number,
): boolean {
  return distinctCurrentVersionReviewerCount >= sixtyPercentThreshold(reviewerCount);
}
