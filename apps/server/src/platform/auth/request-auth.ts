import { MFA_MESSAGES } from '@music-review/core/mfa';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/index.ts';
import { AppError } from '../errors.ts';
import type { AccessClaims, KeyRing } from './keys.ts';

export interface Caller {
  userId: string;
  sessionId: string;
  email: string;
  aal: 'aal1' | 'aal2';
  isRecovery: boolean;
  /** The account has a verified factor while this session is only aal1: it must pass the code step. */
  isMfaPending: boolean;
  reviewer: {
    id: string;
    name: string;
    email: string;
    organizationId: string | null;
    isAdmin: boolean;
  } | null;
  /**
   * The caller's organization's data version (decision 0005), read in the same query as the
   * session at the start of the request: cached answers (dashboard, search) compare with it
   * without a round trip of their own.
   */
  dataVersion?: string;
  /** The label's income version (migration 0024), read with the session like dataVersion. */
  incomeVersion?: string;
  /** The catalogue's count version (migration 0027): the lists' totals are kept under it. */
  countVersion?: string;
  /**
   * Whether the organization's plan includes the catalogue (subscription_plans.has_catalogue),
   * read with the session: the catalogue's endpoints check it without a query of their own.
   */
  hasCatalogue?: boolean;
}

export interface Member extends Caller {
  reviewer: { id: string; name: string; email: string; organizationId: string; isAdmin: boolean };
  organizationId: string;
}

const unauthorized = () => new AppError('unauthorized', 'Not authenticated. Please log in to continue.');
export const mfaRequired = () => new AppError('mfa_required', MFA_MESSAGES.mfaRequired);

export function bearerToken(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Resolves the caller from the bearer token: a valid signature, and a session that is still open
 * (so logout takes effect at once), with the reviewer record, in one query.
 */
export function createRequestAuth(database: Database, keys: KeyRing) {
  const cache = new WeakMap<FastifyRequest, Promise<Caller>>();

  /** The token's claims, signature checked, without asking the database (callers check the session). */
  async function verifyClaims(req: FastifyRequest): Promise<AccessClaims> {
    const token = bearerToken(req);
    if (!token) throw unauthorized();
    try {
      return await keys.verify(token);
    } catch {
      throw unauthorized();
    }
  }

  async function resolve(req: FastifyRequest): Promise<Caller> {
    const claims = await verifyClaims(req);
    const rows = await database.preparedAsOwner<{
      revoked_at: string | null;
      reviewer_id: string | null;
      name: string | null;
      email: string | null;
      organization_id: string | null;
      is_admin: boolean | null;
      has_verified_factor: boolean;
      data_version: string | null;
      income_version: string | null;
      count_version: string | null;
      has_catalogue: boolean | null;
    }>(
      'a request names its user before its organization is known',
      'request_auth_caller',
      `select s.revoked_at, r.id as reviewer_id, r.name, r.email, r.organization_id, r.is_admin,
         exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified')
           as has_verified_factor,
         v.version::text as data_version, v.income_version::text as income_version,
         v.count_version::text as count_version,
         (select p.has_catalogue from organizations o join subscription_plans p on p.id = o.subscription_plan_id
           where o.id = r.organization_id) as has_catalogue
       from auth_sessions s left join reviewers r on r.user_id = s.user_id
         left join organization_data_versions v on v.organization_id = r.organization_id
       where s.id = $1 and s.user_id = $2`,
      [claims.session_id, claims.sub],
    );
    const row = rows[0];
    if (!row || row.revoked_at) throw unauthorized();
    return {
      userId: claims.sub,
      sessionId: claims.session_id,
      email: claims.email,
      aal: claims.aal,
      isRecovery: claims.is_recovery === true,
      isMfaPending: claims.aal !== 'aal2' && row.has_verified_factor === true,
      ...(row.organization_id
        ? {
            dataVersion: row.data_version ?? '0',
            incomeVersion: row.income_version ?? '0',
            countVersion: row.count_version ?? '0',
            hasCatalogue: row.has_catalogue === true,
          }
        : {}),
      reviewer: row.reviewer_id
        ? {
            id: row.reviewer_id,
            name: row.name ?? '',
            email: row.email ?? '',
            organizationId: row.organization_id,
            isAdmin: row.is_admin === true,
          }
        : null,
    };
  }

  /**
   * The caller with an open session, or 401, whatever its assurance level. Only for /auth, where an
   * aal1 session of an account with a verified factor takes the code step. Cached per request.
   */
  function requireSession(req: FastifyRequest): Promise<Caller> {
    let p = cache.get(req);
    if (!p) {
      p = resolve(req);
      cache.set(req, p);
    }
    return p;
  }

  /**
   * The caller, or 401; 403 `mfa_required` while an account with a verified factor holds only an
   * aal1 session (spec section 4: the next level is aal2 once a verified factor exists).
   */
  async function requireCaller(req: FastifyRequest): Promise<Caller> {
    const caller = await requireSession(req);
    if (caller.isMfaPending) throw mfaRequired();
    return caller;
  }

  /** The caller who belongs to an organization, or 401/403. */
  async function requireMember(req: FastifyRequest): Promise<Member> {
    const caller = await requireCaller(req);
    if (caller.isRecovery) throw unauthorized();
    const orgId = caller.reviewer?.organizationId;
    if (!caller.reviewer || !orgId) {
      throw new AppError('forbidden', 'You need to create or join a label first.');
    }
    return { ...caller, reviewer: { ...caller.reviewer, organizationId: orgId }, organizationId: orgId };
  }

  async function requireAdmin(req: FastifyRequest): Promise<Member> {
    const member = await requireMember(req);
    if (!member.reviewer.isAdmin) throw new AppError('forbidden', 'Only an admin of your label can do this.');
    return member;
  }

  return {
    verifyClaims,
    requireSession,
    requireCaller,
    requireMember,
    requireAdmin,
    forget: (req: FastifyRequest) => cache.delete(req),
  };
}

export type RequestAuth = ReturnType<typeof createRequestAuth>;
