/** Response shapes of /api/v1 shared by the server and the web app. */

export interface ReviewerDto {
  id: string;
  user_id: string;
  name: string;
  email: string;
  organization_id: string | null;
  is_admin: boolean;
  /** Storage key of the member's photo (type images; GET it through get-signed-url); null: initials. */
  avatar_key?: string | null;
}

export interface OrganizationDto {
  id: string;
  name: string;
  logo_url: string | null;
  plan_name: string;
  user_limit: number;
  track_limit: number;
  member_count: number;
  /** The plan's feature flags (spec section 3, subscription_plans). */
  has_label_copy_generator: boolean;
  has_contract_generator: boolean;
  has_chat_functionality: boolean;
  has_catalogue: boolean;
  has_email_support: boolean;
  /** Only for admins. */
  invite_code?: string;
}

export interface MeDto {
  user: import('./auth.ts').AuthUser;
  reviewer: ReviewerDto | null;
  organization: OrganizationDto | null;
}

// The error shape is declared with the codes (api-errors.ts).
export type { ApiErrorBody } from './api-errors.ts';

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

// The review dashboard's and a song's reviews: inferred from their contracts.
import type { ScoreAveragesDto } from './contracts/reviews.ts';

export type {
  MyReviewsPageDto,
  ReviewCardDto,
  ReviewDashboardDto,
  ReviewDto,
  ScoreAveragesDto,
  SongReviewsDto,
} from './contracts/reviews.ts';

/**
 * GET /api/v1/overview: every song of the organization in one table (spec "/overview").
 * Query: q (title or, once reviewed, artist contains), status (all | pending | signed | passed,
 * default all), ready (true: only songs at the 60 percent marker), mine (all | reviewed | unreviewed),
 * sort (submitted_at | title | status | version | reviews | musical | artist_score | overall |
 * days_left, default submitted_at), order (asc | desc, default desc), limit (1-200, default 50),
 * offset (default 0).
 */
/** The sort keys, status filters and "mine" filters GET /api/v1/overview accepts. */
export const OVERVIEW_SORTS = [
  'submitted_at',
  'title',
  'status',
  'version',
  'reviews',
  'musical',
  'artist_score',
  'overall',
  'days_left',
] as const;
export type OverviewSort = (typeof OVERVIEW_SORTS)[number];
export const OVERVIEW_STATUSES = ['all', 'pending', 'signed', 'passed'] as const;
export type OverviewStatusFilter = (typeof OVERVIEW_STATUSES)[number];
export const OVERVIEW_MINE = ['all', 'reviewed', 'unreviewed'] as const;
export type OverviewMineFilter = (typeof OVERVIEW_MINE)[number];

export interface OverviewRowDto {
  id: string;
  title: string;
  /** Once the viewer has reviewed the current version, or the song is signed. */
  artist: string | null;
  status: string;
  submitted_at: string;
  days_left: number;
  deadline_badge: string;
  current_version_number: number;
  has_revisions: boolean;
  /** Distinct reviewers of the current version (useless marks included). */
  review_count: number;
  /** Of those, quick passes marked useless (their scores are left out of the averages). */
  useless_count: number;
  reviewed_by_me: boolean;
  /**
   * One decimal, useless marks excluded. Null until the viewer has reviewed the current version
   * (no anchoring), unless the song is decided (signed or passed) or its review window has closed.
   */
  averages: ScoreAveragesDto | null;
  has_sixty_percent_reviews: boolean;
  audio_file_key: string | null;
  waveform_file_key: string | null;
}

export interface OverviewDto {
  songs: OverviewRowDto[];
  /** Rows matching the filters, for paging. */
  total: number;
  team_size: number;
  sixty_percent_threshold: number;
}

/** POST /api/v1/songs/decisions (admins): { song_ids: string[] (1-200), status: 'signed' | 'passed' }. */
export interface BulkDecisionDto {
  updated: string[];
}

/**
 * POST /api/v1/songs/{id}/revision-requests { message?: string } → 201. The link is single-use,
 * expires after REVISION_LINK_DAYS and is mailed to the submitter's email when known. Only the
 * creator sees the token, once, in this response (the database keeps its SHA-256 hash).
 */
export interface RevisionRequestDto {
  id: string;
  song_id: string;
  /** Path of the public page: /artist/upload-revision/{token}. */
  path: string;
  token: string;
  expires_at: string;
  /** The submitter's address the link was mailed to, or null when unknown. */
  mailed_to: string | null;
  created_at: string;
}

export const REVISION_LINK_DAYS = 14;

/**
 * Public, no sign-in, the token in the path:
 * GET /api/v1/public/revision-uploads/{token} → RevisionUploadDto; an unknown token answers 404
 * { error: { code: 'not_found', message: 'This revision link is not valid.' } }, an expired one 410
 * 'This revision link has expired. Ask the label for a new one.', a used one 410
 * 'This revision link has already been used.'.
 * POST .../{token}/upload-url { kind: 'audio' | 'waveform', filename, content_type } →
 * { presigned_url, key } (PUT the file there).
 * POST .../{token}/complete { audio_file_key, waveform_file_key? } → RevisionUploadedDto; the link is
 * used up and the song gets a new current version.
 */
export interface RevisionUploadDto {
  song_title: string;
  organization_name: string;
  message: string | null;
  expires_at: string;
  next_version_number: number;
}

export interface RevisionUploadedDto {
  song_title: string;
  version_number: number;
}
