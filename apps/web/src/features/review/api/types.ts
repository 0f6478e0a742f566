/** Shapes of the review API's answers: one definition, shared with the server in packages/core. */
export type {
  ReviewCardDto,
  ReviewDashboardDto,
  ReviewDto,
  RevisionRequestDto,
  ScoreAveragesDto,
  SongDto,
  SongReviewsDto,
} from '@music-review/core/api';
