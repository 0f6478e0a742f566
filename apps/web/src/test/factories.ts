import type { MeDto, OrganizationDto, ReviewerDto } from '@music-review/core/api';
import type { AuthUser } from '@music-review/core/auth';
import type {
  ReviewCardDto,
  ReviewDashboardDto,
  ReviewDto,
  SongDto,
  SongReviewsDto,
} from '../features/review/api/types';
import type { ClientSession } from '../lib/auth/session';

export function makeUser(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 'user-1',
    aud: 'authenticated',
    role: 'authenticated',
    email: 'ada@label.test',
    email_confirmed_at: '2025-01-01T00:00:00.000Z',
    last_sign_in_at: '2025-01-02T00:00:00.000Z',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
    user_metadata: { name: 'Ada Lovelace' },
    factors: [],
    ...overrides,
  };
}

const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT with the claims the client reads (the server checks the signature, not us). */
export function makeAccessToken(claims: Record<string, unknown> = {}) {
  return `${base64url({ alg: 'ES256', typ: 'JWT' })}.${base64url({ sub: 'user-1', ...claims })}.signature`;
}

/** The server's session answer (POST /auth/v1/token). */
export function makeSessionResponse({
  isRecovery = false,
  expiresIn = 3600,
  user = makeUser(),
  token,
}: {
  isRecovery?: boolean;
  expiresIn?: number;
  user?: AuthUser;
  token?: string;
} = {}) {
  return {
    access_token: token ?? makeAccessToken(isRecovery ? { is_recovery: true } : {}),
    refresh_token: 'refresh-token',
    token_type: 'bearer' as const,
    expires_in: expiresIn,
    expires_at: Math.floor(Date.now() / 1000) + expiresIn,
    user,
  };
}

export function makeClientSession(overrides: Partial<ClientSession> = {}): ClientSession {
  return {
    accessToken: makeAccessToken(),
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
    user: makeUser(),
    isRecovery: false,
    aal: 'aal1',
    ...overrides,
  };
}

export function makeOrganization(overrides: Partial<OrganizationDto> = {}): OrganizationDto {
  return {
    id: 'org-1',
    name: 'Midnight Records',
    logo_url: null,
    plan_name: 'Pro',
    user_limit: 10,
    track_limit: -1,
    member_count: 4,
    has_label_copy_generator: true,
    has_contract_generator: true,
    has_chat_functionality: true,
    has_catalogue: true,
    has_email_support: true,
    ...overrides,
  };
}

export function makeReviewer(overrides: Partial<ReviewerDto> = {}): ReviewerDto {
  return {
    id: 'reviewer-1',
    user_id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@label.test',
    organization_id: 'org-1',
    is_admin: false,
    avatar_key: null,
    ...overrides,
  };
}

export function makeMe({
  organization = makeOrganization(),
  reviewer,
}: {
  organization?: OrganizationDto | null;
  reviewer?: Partial<ReviewerDto>;
} = {}): MeDto {
  return {
    user: makeUser(),
    reviewer: makeReviewer({ organization_id: organization?.id ?? null, ...reviewer }),
    organization,
  };
}

// ---------- Review ----------

export function makeReviewCard(overrides: Partial<ReviewCardDto> = {}): ReviewCardDto {
  return {
    id: 'song-1',
    title: 'Midnight Drive',
    artist: null,
    submitted_at: '2025-01-01T00:00:00.000Z',
    deadline_at: '2025-01-08T00:00:00.000Z',
    days_left: 5,
    deadline_badge: '5 days left',
    current_version_number: 1,
    has_revisions: false,
    review_count: 0,
    reviewed_by_me: false,
    averages: null,
    has_sixty_percent_reviews: false,
    audio_file_key: null,
    waveform_file_key: null,
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<ReviewDashboardDto> = {}): ReviewDashboardDto {
  const pending = overrides.pending ?? [];
  return {
    pending,
    reviewed: [],
    pending_count: pending.length,
    reviewed_has_more: false,
    reviewed_next_cursor: null,
    team_size: 4,
    sixty_percent_threshold: 3,
    ...overrides,
  };
}

export function makeSong(overrides: Partial<SongDto> = {}): SongDto {
  return {
    id: 'song-1',
    title: 'Midnight Drive',
    artist: null,
    status: 'pending',
    submitted_at: '2025-01-01T00:00:00.000Z',
    submission_source: 'demo@artist.test',
    audio_file_key: null,
    waveform_file_key: null,
    current_version_number: 1,
    has_revisions: false,
    reviewed_by_me: false,
    created_at: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeReview(overrides: Partial<ReviewDto> = {}): ReviewDto {
  return {
    id: 'review-1',
    song_id: 'song-1',
    reviewer_id: 'reviewer-1',
    reviewer_name: 'Ada Lovelace',
    musical_score: 7,
    artist_score: 6,
    overall_score: 8,
    comment: null,
    is_useless: false,
    reviewed_at: '2025-01-02T00:00:00.000Z',
    song_version_number: 1,
    ...overrides,
  };
}

export function makeSongReviews(overrides: Partial<SongReviewsDto> = {}): SongReviewsDto {
  return {
    current_version_number: 1,
    my_review: null,
    current: [],
    hidden_count: 0,
    earlier: [],
    ...overrides,
  };
}

// ---------- Overview ----------

// Inline type imports keep this section self-contained at the end of the file.
type OverviewRowDto = import('@music-review/core/api').OverviewRowDto;
type OverviewDto = import('@music-review/core/api').OverviewDto;

export function makeOverviewRow(overrides: Partial<OverviewRowDto> = {}): OverviewRowDto {
  return {
    id: 'song-1',
    title: 'Midnight Drive',
    artist: null,
    status: 'pending',
    submitted_at: '2025-03-14T12:00:00.000Z',
    days_left: 5,
    deadline_badge: '5 days left',
    current_version_number: 1,
    has_revisions: false,
    review_count: 0,
    useless_count: 0,
    reviewed_by_me: false,
    averages: null,
    has_sixty_percent_reviews: false,
    audio_file_key: null,
    waveform_file_key: null,
    ...overrides,
  };
}

export function makeOverview(overrides: Partial<OverviewDto> = {}): OverviewDto {
  const songs = overrides.songs ?? [];
  return {
    songs,
    total: songs.length,
    team_size: 4,
    sixty_percent_threshold: 3,
    ...overrides,
  };
}

// ---------- Revision requests and the artist's upload page ----------

type RevisionRequestDto = import('@music-review/core/api').RevisionRequestDto;
type RevisionUploadDto = import('@music-review/core/api').RevisionUploadDto;

export function makeRevisionRequest(overrides: Partial<RevisionRequestDto> = {}): RevisionRequestDto {
  return {
    id: 'revision-request-1',
    song_id: 'song-1',
    path: '/artist/upload-revision/token-abc',
    token: 'token-abc',
    expires_at: '2025-01-16T12:00:00.000Z',
    mailed_to: null,
    created_at: '2025-01-02T12:00:00.000Z',
    ...overrides,
  };
}

export function makeRevisionUpload(overrides: Partial<RevisionUploadDto> = {}): RevisionUploadDto {
  return {
    song_title: 'Midnight Drive',
    organization_name: 'Midnight Records',
    message: null,
    expires_at: '2025-01-16T12:00:00.000Z',
    next_version_number: 2,
    ...overrides,
  };
}

// ---------- Label Hub, Home and Feedback ----------

type HubDto = import('@music-review/core/hub').HubDto;
type HubTeamMemberDto = import('@music-review/core/hub').HubTeamMemberDto;
type HomeDto = import('@music-review/core/hub').HomeDto;
type HomePendingReviewDto = import('@music-review/core/hub').HomePendingReviewDto;
type FeedbackDto = import('@music-review/core/feedback').FeedbackDto;

export function makeTeamMember(overrides: Partial<HubTeamMemberDto> = {}): HubTeamMemberDto {
  return {
    id: 'reviewer-1',
    name: 'Ada Lovelace',
    email: 'ada@label.test',
    is_admin: false,
    is_me: true,
    status: 'online',
    last_seen: '2025-03-14T12:00:00.000Z',
    current_activity: null,
    ...overrides,
  };
}

export function makeHub(overrides: Partial<HubDto> = {}): HubDto {
  return {
    counts: { pending_reviews: 0, awaiting_decision: 0, signed_songs: 0, open_contracts: 0, open_forms: 0 },
    usage: { plan_name: 'Pro', tracks_last_30_days: 0, track_limit: 500, members: 1, user_limit: 15 },
    team: [makeTeamMember()],
    activity: [],
    decisions: [],
    ...overrides,
  };
}

export function makeHomePendingReview(overrides: Partial<HomePendingReviewDto> = {}): HomePendingReviewDto {
  return {
    id: 'song-1',
    title: 'Midnight Drive',
    submitted_at: '2025-03-10T12:00:00.000Z',
    days_left: 3,
    deadline_badge: '3 days left',
    current_version_number: 1,
    audio_file_key: 'org-1/audio/song-1/demo.mp3',
    waveform_file_key: null,
    ...overrides,
  };
}

export function makeHome(overrides: Partial<HomeDto> = {}): HomeDto {
  return { pending_reviews: [], notifications: [], unread_notification_count: 0, mentions: [], ...overrides };
}

export function makeFeedback(overrides: Partial<FeedbackDto> = {}): FeedbackDto {
  return {
    id: 'feedback-1',
    kind: 'bug',
    message: 'The play button does nothing',
    screenshot_key: null,
    page_url: 'http://localhost/overview',
    user_agent: 'jsdom',
    created_at: '2025-03-14T12:00:00.000Z',
    ...overrides,
  };
}
