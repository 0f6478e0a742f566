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
