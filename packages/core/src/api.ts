/** Response shapes of /api/v1 shared by the server and the web app. */

// The error shape is declared with the codes (api-errors.ts).
export type { ApiErrorBody } from './api-errors.ts';
// /me, the label and its members: inferred from their contracts.
export type { MeDto, OrganizationDto, ReviewerDto } from './contracts/organizations.ts';
// The review dashboard's and a song's reviews: inferred from their contracts.
export type {
  MyReviewsPageDto,
  ReviewCardDto,
  ReviewDashboardDto,
  ReviewDto,
  ScoreAveragesDto,
  SongReviewsDto,
} from './contracts/reviews.ts';
// Songs: inferred from their contracts.
export type { BulkDecisionDto, SongDto } from './contracts/songs.ts';

/**
 * The sort keys, status filters and "mine" filters GET /api/v1/overview accepts (its contract:
 * contracts/overview.ts), shared with the web's filters.
 */
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

// The overview's answer: inferred from its contract.
export type { OverviewDto, OverviewRowDto } from './contracts/overview.ts';

// Revision requests and the artist's public upload page: inferred from their contracts.
export type {
  RevisionRequestDto,
  RevisionUploadDto,
  RevisionUploadedDto,
  RevisionUploadTargetDto,
} from './contracts/revisions.ts';

/** How long a revision link stays valid (single-use, mailed to the submitter when known). */
export const REVISION_LINK_DAYS = 14;
