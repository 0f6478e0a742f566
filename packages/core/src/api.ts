/** Response shapes of /api/v1 shared by the server and the web app. */

export interface ReviewerDto {
  id: string;
  user_id: string;
  name: string;
  email: string;
  organization_id: string | null;
  is_admin: boolean;
}

export interface OrganizationDto {
  id: string;
  name: string;
  logo_url: string | null;
  plan_name: string;
  user_limit: number;
  track_limit: number;
  member_count: number;
  /** Only for admins. */
  invite_code?: string;
}

export interface MeDto {
  user: import('./auth.ts').AuthUser;
  reviewer: ReviewerDto | null;
  organization: OrganizationDto | null;
}

export interface ApiErrorBody {
  error: { code: string; message: string };
}

/** A song as GET /api/v1/songs and /api/v1/songs/{id} show it. */
export interface SongDto {
  id: string;
  title: string;
  /** Null until the caller has reviewed the current version (blind review); shown on signed songs. */
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

export interface ScoreAveragesDto {
  musical: number | null;
  artist: number | null;
  overall: number | null;
}

/** One card of the review dashboard. */
export interface ReviewCardDto {
  id: string;
  title: string;
  /** Only once the caller has reviewed the current version (spec section 2). */
  artist: string | null;
  submitted_at: string;
  deadline_at: string;
  days_left: number;
  deadline_badge: string;
  current_version_number: number;
  has_revisions: boolean;
  review_count: number;
  reviewed_by_me: boolean;
  /** One decimal; only on reviewed cards. */
  averages: ScoreAveragesDto | null;
  has_sixty_percent_reviews: boolean;
  audio_file_key: string | null;
  waveform_file_key: string | null;
}

export interface ReviewDashboardDto {
  pending: ReviewCardDto[];
  reviewed: ReviewCardDto[];
  pending_count: number;
  /** True when the caller reviewed more songs than the dashboard lists. */
  reviewed_has_more: boolean;
  team_size: number;
  sixty_percent_threshold: number;
}

export interface ReviewDto {
  id: string;
  song_id: string;
  reviewer_id: string;
  reviewer_name: string | null;
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
  /** Others' reviews of the current version: empty until the caller has submitted theirs. */
  current: ReviewDto[];
  hidden_count: number;
  earlier: ReviewDto[];
}
