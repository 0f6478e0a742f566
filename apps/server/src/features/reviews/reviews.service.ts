import type { ReviewCardDto, ReviewDto } from '@music-review/core/api';
import {
  daysLeft,
  deadlineBadge,
  hasSixtyPercentReviews,
  REVIEW_DEADLINE_DAYS,
  sixtyPercentThreshold,
} from '@music-review/core/review-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findSong } from '../songs/songs.repo.ts';
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
});

export function createReviewsService(ctx: AppContext) {
  const { database } = ctx;

  return {
    async dashboard(member: Member, now = new Date()) {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.dashboardRows(tx, member.organizationId, member.reviewer.id, now),
      );
      const teamSize = rows[0]?.team_size ?? 0;
      const toCard = (row: repo.DashboardRow): ReviewCardDto => {
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
      // Pending: fewest days left first (the oldest submission), then title.
      const pending = rows
        .filter((r) => r.tab === 'pending')
        .map(toCard)
        .sort((a, b) => a.submitted_at.localeCompare(b.submitted_at) || a.title.localeCompare(b.title));
      const reviewedRows = rows.filter((r) => r.tab === 'reviewed');
      return {
        pending,
        reviewed: reviewedRows.slice(0, repo.MY_REVIEWS_LIMIT).map(toCard),
        pending_count: pending.length,
        /** True when the caller has reviewed more songs than the dashboard lists (the Overview has them all). */
        reviewed_has_more: reviewedRows.length > repo.MY_REVIEWS_LIMIT,
        team_size: teamSize,
        sixty_percent_threshold: sixtyPercentThreshold(teamSize),
      };
    },

    /**
     * The reviews of a song: the current version's other reviews only once the caller has submitted
     * their own (no anchoring), earlier versions listed apart.
     */
    async listForSong(member: Member, songId: string) {
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await findSong(tx, member.organizationId, member.reviewer.id, songId);
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
      return database.withOrg(member.organizationId, async (tx) => {
        const song = await findSong(tx, member.organizationId, member.reviewer.id, songId);
        if (!song) throw notFound('Song not found');
        if (song.status === 'signed' || song.status === 'passed') {
          throw new AppError('conflict', 'A decision has already been made on this song.');
        }
        const comment = input.comment?.trim() ? input.comment.trim() : null;
        const saved = await repo.upsertReview(tx, {
          organizationId: member.organizationId,
          songId,
          reviewerId: member.reviewer.id,
          versionNumber: Number(song.current_version_number),
          musical: input.musical_score,
          artist: input.artist_score,
          overall: input.overall_score,
          comment,
        });
        return {
          created: saved.created,
          review: toReviewDto({ ...saved, reviewer_name: member.reviewer.name }),
        };
      });
    },
  };
}
