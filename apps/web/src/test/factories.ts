import type { MeDto, OrganizationDto, ReviewerDto } from '@music-review/core/api';
import type { AuthUser } from '@music-review/core/auth';
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
