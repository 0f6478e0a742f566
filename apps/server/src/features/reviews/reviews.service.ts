import type { MyReviewsPageDto, ReviewCardDto, ReviewDashboardDto, ReviewDto } from '@music-review/core/api';
import {
  daysLeft,
  deadlineBadge,
  hasSixtyPercentReviews,
  REVIEW_DEADLINE_DAYS,
  sixtyPercentThreshold,
} from '@music-review/core/review-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { createVersionedCache, organizationDataVersion } from '../../platform/cache/versioned-cache.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findSongForReviewer } from '../songs/songs.service.ts';
import { nextDaysLeftChange } from './review-dashboard.cache.ts';
import * as dashboardRepo from './review-dashboard.repo.ts';
import * as repo from './reviews.repo.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const oneDecimal = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

const toReviewDto = (r: repo.ReviewRow): ReviewDto => ({
  id: r.id,
  song_id: r.song_id,
  reviewer_id: r.reviewer_id,
  reviewer_name: r.reviewer_name,
  musical_score: Number(r.musical_score),
  artist_score: Number(r.artist_score),
  overall_score: Number(r.overall_score),
  comment: r.comment,
  reviewed_at: iso(r.reviewed_at),
  song_version_number: Number(r.song_version_number),
  is_useless: r.is_useless,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The cursor after a row: opaque to clients (base64url JSON of the review's reviewed_at and id). */
function encodeReviewedCursor(row: dashboardRepo.DashboardRow): string | null {
  if (!row.my_review_id || !row.my_reviewed_at_key) return null;
  return Buffer.from(JSON.stringify({ at: row.my_reviewed_at_key, id: row.my_review_id })).toString(
    'base64url',
  );
}

/** Reads a cursor back; anything this server did not write is a 400. */
export function decodeReviewedCursor(cursor: string): dashboardRepo.ReviewedCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const { at, id } = (parsed ?? {}) as { at?: unknown; id?: unknown };
  if (typeof at !== 'string' || typeof id !== 'string' || !UUID.test(id) || Number.isNaN(Date.parse(at))) {
    throw new AppError('bad_request', 'This list position is not valid: reload the page.');
  }
  return { at, id };
}

/** A dashboard row as its card; the artist and averages only on the caller's reviewed songs. */
function cardMaker(teamSize: number, now: Date) {
  return (row: dashboardRepo.DashboardRow): ReviewCardDto => {
    const reviewed = row.tab === 'reviewed';
    const submitted = new Date(row.submitted_at);
    return {
      id: row.id,
      title: row.title,
      artist: reviewed ? row.artist : null,
      submitted_at: submitted.toISOString(),
      deadline_at: new Date(submitted.getTime() + REVIEW_DEADLINE_DAYS * 86_400_000).toISOString(),
      days_left: daysLeft(submitted, now),
      deadline_badge: deadlineBadge(submitted, now),
      current_version_number: Number(row.current_version_number),
      has_revisions: row.has_revisions,
      review_count: Number(row.review_count),
      reviewed_by_me: reviewed,
      averages: reviewed
        ? {
            musical: oneDecimal(row.avg_musical),
            artist: oneDecimal(row.avg_artist),
            overall: oneDecimal(row.avg_overall),
          }
        : null,
      has_sixty_percent_reviews: hasSixtyPercentReviews(Number(row.review_count), teamSize),
      audio_file_key: row.audio_file_key,
      waveform_file_key: row.waveform_file_key,
    };
  };
}

/** The first MY_REVIEWS_LIMIT rows (one more was fetched to know whether more follow) and the next cursor. */
function pageOf(rows: dashboardRepo.DashboardRow[]) {
  const hasMore = rows.length > dashboardRepo.MY_REVIEWS_LIMIT;
  const kept = rows.slice(0, dashboardRepo.MY_REVIEWS_LIMIT);
  const last = kept[kept.length - 1];
  return { rows: kept, hasMore, nextCursor: hasMore && last ? encodeReviewedCursor(last) : null };
}

/** A cached dashboard is rebuilt at least this often, whatever happens. */
const DASHBOARD_CACHE_MAX_MS = 10 * 60_000;

export function createReviewsService(ctx: AppContext) {
  const { database } = ctx;
  const dashboardCache = createVersionedCache<ReviewDashboardDto>(ctx.config.REVIEW_DASHBOARD_CACHE_ENTRIES);

  /** Records the caller's review of the song's current version; 404 outside the label, 409 once decided. */
  function saveReview(
    member: Member,
    songId: string,
    values: { musical: number; artist: number; overall: number; comment: string | null; isUseless: boolean },
  ) {
    return database.withOrg(member.organizationId, async (tx) => {
      const song = await findSongForReviewer(tx, member.organizationId, member.reviewer.id, songId);
      if (!song) throw notFound('Song not found');
      if (song.status === 'signed' || song.status === 'passed') {
        throw new AppError('conflict', 'A decision has already been made on this song.');
      }
      const saved = await repo.upsertReview(tx, {
        organizationId: member.organizationId,
        songId,
        reviewerId: member.reviewer.id,
        versionNumber: Number(song.current_version_number),
        ...values,
      });
      return {
        created: saved.created,
        review: toReviewDto({ ...saved, reviewer_name: member.reviewer.name }),
      };
    });
  }

  return {
    /**
     * Both tabs of the review dashboard. Served from the reviewer's cached copy while the
     * organization's data version is unchanged and no card's days-left has stepped; the version is
     * read before the rows, so a cached copy is never older than the version it is filed under.
     */
    async dashboard(member: Member, now = new Date()) {
      const { organizationId } = member;
      const reviewerId = member.reviewer.id;
      if (!dashboardCache.enabled) return this.computeDashboard(member, now);
      const version = member.dataVersion ?? (await organizationDataVersion(database, organizationId));
      // One computation per reviewer and version: requests that miss together share it.
      return dashboardCache.through(
        `${organizationId}/${reviewerId}`,
        version,
        now,
        () => this.computeDashboard(member, now),
        (dto) =>
          Math.min(
            now.getTime() + DASHBOARD_CACHE_MAX_MS,
            ...[...dto.pending, ...dto.reviewed].map((card) => nextDaysLeftChange(card.submitted_at, now)),
          ),
      );
    },

    async computeDashboard(member: Member, now: Date): Promise<ReviewDashboardDto> {
      const rows = await dashboardRepo.dashboardRows(
        database,
        member.organizationId,
        member.reviewer.id,
        now,
      );
      const teamSize = rows[0]?.team_size ?? 0;
      const toCard = cardMaker(teamSize, now);
      // Pending: fewest days left first (the oldest submission), then title.
      const pending = rows
        .filter((r) => r.tab === 'pending')
        .map(toCard)
        .sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.title.localeCompare(b.title));
      const reviewed = pageOf(rows.filter((r) => r.tab === 'reviewed'));
      return {
        pending,
        reviewed: reviewed.rows.map(toCard),
        pending_count: pending.length,
        /** True when the caller has reviewed more songs than the dashboard lists (the next pages have them). */
        reviewed_has_more: reviewed.hasMore,
        reviewed_next_cursor: reviewed.nextCursor,
        team_size: teamSize,
        sixty_percent_threshold: sixtyPercentThreshold(teamSize),
      };
    },

    /**
     * The caller's reviews after a cursor (My Reviews past its first page). Not cached: only a
     * reader who asks for more pays for it, and keyset paging keeps each page a short index walk.
     */
    async reviewedPage(member: Member, cursor: string, now = new Date()): Promise<MyReviewsPageDto> {
      const position = decodeReviewedCursor(cursor);
      const rows = await dashboardRepo.reviewedPageRows(
        database,
        member.organizationId,
        member.reviewer.id,
        position,
      );
      const toCard = cardMaker(rows[0]?.team_size ?? 0, now);
      const page = pageOf(rows.filter((r) => r.tab === 'reviewed'));
      return { reviewed: page.rows.map(toCard), has_more: page.hasMore, next_cursor: page.nextCursor };
    },

    /**
     * The reviews of a song: the current version's other reviews only once the caller has submitted
     * their own (no anchoring), earlier versions listed apart.
     */
    async listForSong(member: Member, songId: string) {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await findSongForReviewer(tx, member.organizationId, member.reviewer.id, songId);
        if (!song) throw notFound('Song not found');
        const all = (await repo.listReviewsOfSong(tx, member.organizationId, songId)).map(toReviewDto);
        const version = Number(song.current_version_number);
        const current = all.filter((r) => r.song_version_number === version);
        const mine = current.find((r) => r.reviewer_id === member.reviewer.id) ?? null;
        return {
          current_version_number: version,
          my_review: mine,
          current: mine ? current : [],
          hidden_count: mine ? 0 : current.length,
          earlier: all.filter((r) => r.song_version_number < version),
        };
      });
    },

    async submit(
      member: Member,
      songId: string,
      input: {
        musical_score: number;
        artist_score: number;
        overall_score: number;
        comment?: string | null | undefined;
      },
    ) {
      return saveReview(member, songId, {
        musical: input.musical_score,
        artist: input.artist_score,
        overall: input.overall_score,
        comment: input.comment?.trim() ? input.comment.trim() : null,
        isUseless: false,
      });
    },

    /**
     * "Mark as useless": a quick pass that counts as the caller's review of the current version (the
     * song leaves their pending list) with scores 0, which every average leaves out.
     */
    async markUseless(member: Member, songId: string) {
      return saveReview(member, songId, {
        musical: 0,
        artist: 0,
        overall: 0,
        comment: null,
        isUseless: true,
      });
    },
  };
}
