import type { OverviewDto, OverviewRowDto } from '@music-review/core/contracts/overview';
import {
  daysLeft,
  deadlineBadge,
  hasSixtyPercentReviews,
  sixtyPercentThreshold,
} from '@music-review/core/review-rules';
import type { AppContext } from '../../context.ts';
import type { Member } from '../../platform/auth/request-auth.ts';
import * as repo from './overview.repo.ts';

const oneDecimal = (v: number | null) => (v === null ? null : Math.round(Number(v) * 10) / 10);

export function createOverviewService(ctx: AppContext) {
  const { database } = ctx;

  return {
    /** GET /api/v1/overview: every song of the label, filtered, sorted and paged (see OverviewDto). */
    async list(member: Member, query: repo.OverviewQuery, now = new Date()): Promise<OverviewDto> {
      const rows = await database.withOrg(member.organizationId, (tx) =>
        repo.overviewRows(tx, member.organizationId, member.reviewer.id, query, now),
      );
      const teamSize = Number(rows[0]?.team_size ?? 0);
      const toRow = (row: repo.OverviewRow & { id: string }): OverviewRowDto => {
        const submitted = new Date(row.submitted_at);
        const reviewCount = Number(row.review_count);
        return {
          id: row.id,
          title: row.title,
          artist: row.artist,
          status: row.status,
          submitted_at: submitted.toISOString(),
          days_left: daysLeft(submitted, now),
          deadline_badge: deadlineBadge(submitted, now),
          current_version_number: Number(row.current_version_number),
          has_revisions: row.has_revisions,
          review_count: reviewCount,
          useless_count: Number(row.useless_count),
          reviewed_by_me: row.reviewed_by_me,
          averages: row.are_averages_visible
            ? {
                musical: oneDecimal(row.avg_musical),
                artist: oneDecimal(row.avg_artist),
                overall: oneDecimal(row.avg_overall),
              }
            : null,
          has_sixty_percent_reviews: hasSixtyPercentReviews(reviewCount, teamSize),
          audio_file_key: row.audio_file_key,
          waveform_file_key: row.waveform_file_key,
        };
      };
      return {
        songs: rows.filter((r): r is repo.OverviewRow & { id: string } => r.id !== null).map(toRow),
        total: Number(rows[0]?.total ?? 0),
        team_size: teamSize,
        sixty_percent_threshold: sixtyPercentThreshold(teamSize),
      };
    },
  };
}
