/** Shapes of the review API's answers (GET /api/v1/review-dashboard, songs, reviews). */

export interface ScoreAveragesDto {
  musical: number;
  artist: number;
  overall: number;
}

export interface ReviewCardDto {
  id: string;
  title: string;
  /** Null unless the user reviewed the current version. */
  artist: string | null;
  submitted_at: string;
  deadline_at: string;
  days_left: number;
  deadline_badge: string;
  current_version_number: number;
  has_revisions: boolean;
  review_count: number;
  reviewed_by_me: boolean;
  averages: ScoreAveragesDto | null;
  has_sixty_percent_reviews: boolean;
  audio_file_key: string | null;
  waveform_file_key: string | null;
}

export interface ReviewDashboardDto {
  pending: ReviewCardDto[];
  reviewed: ReviewCardDto[];
  pending_count: number;
  reviewed_has_more: boolean;
  team_size: number;
  sixty_percent_threshold: number;
}

export interface SongDto {
  id: string;
  title: string;
  artist: string | null;
  status: string;
  submitted_at: string;
  submission_source: string | null;
  audio_file_key: string | null;
  waveform_file_key: string | null;
  current_version_number: number;
  has_revisions: boolean;
  reviewed_by_me: boolean;
  created_at: string;
}

export interface ReviewDto {
  id: string;
  reviewer_id: string;
  reviewer_name: string;
  musical_score: number;
  artist_score: number;
  overall_score: number;
  comment: string | null;
  reviewed_at: string;
  song_version_number: number;
}

export interface SongReviewsDto {
  current_version_number: number;
  my_review: ReviewDto | null;
  current: ReviewDto[];
  hidden_count: number;
  earlier: ReviewDto[];
}
