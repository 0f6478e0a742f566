import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AccessClaims, KeyRing } from '../auth/keys.ts';
import { type Database, queryRows } from '../db/index.ts';
import { authSessions, reviewers } from '../db/schema.ts';

/** Who is on the other end of a socket: one reviewer of one organization, for one session. */
export interface SocketIdentity {
  userId: string;
  sessionId: string;
  reviewerId: string;
  organizationId: string;
  isAdmin: boolean;
  /**
   * The account is listed in SUPPORT_EMAILS: besides its own label, it may follow the support
   * conversations of every label (`support:inbox`, `conversation:<id>` of a support conversation).
   */
  isSupportStaff: boolean;
  /** When the access token stops being valid (ms since the epoch). */
  expiresAt: number;
}

export type SocketAuthResult =
  | { ok: true; identity: SocketIdentity }
  | { ok: false; reason: 'unauthorized' | 'no_organization' | 'mfa_required' };

/**
 * Resolves an access token the way request-auth does for HTTP: a valid signature, a session that is
 * still open (logout takes effect at once), and the reviewer with its organization, in one query.
 * Sessions opened by a password-reset link may only change the password, so they get no socket.
 */
export async function authenticateSocket(
  database: Database,
  keys: KeyRing,
  token: string,
  isSupportStaff: (email: string) => boolean = () => false,
): Promise<SocketAuthResult> {
  let claims: AccessClaims & { exp?: number };
  try {
    claims = await keys.verify(token);
  } catch {
    return { ok: false, reason: 'unauthorized' };
  }
  if (claims.is_recovery === true || typeof claims.exp !== 'number')
    return { ok: false, reason: 'unauthorized' };
  const rows = await queryRows<{
    revoked_at: string | null;
    reviewer_id: string | null;
    organization_id: string | null;
    is_admin: boolean | null;
    has_verified_factor: boolean;
    email: string;
  }>(
    database.asOwner('a socket names its session before its organization is known'),
    sql`
    select s.revoked_at, r.id as reviewer_id, r.organization_id, r.is_admin, u.email,
      exists (select 1 from mfa_factors f where f.user_id = s.user_id and f.status = 'verified')
        as has_verified_factor
    from auth_sessions s
    join users u on u.id = s.user_id
    left join reviewers r on r.user_id = s.user_id
    where s.id = ${claims.session_id} and s.user_id = ${claims.sub}`,
  );
  const row = rows[0];
  if (!row || row.revoked_at) return { ok: false, reason: 'unauthorized' };
  if (claims.aal !== 'aal2' && row.has_verified_factor) return { ok: false, reason: 'mfa_required' };
  if (!row.reviewer_id || !row.organization_id) return { ok: false, reason: 'no_organization' };
  return {
    ok: true,
    identity: {
      userId: claims.sub,
      sessionId: claims.session_id,
      reviewerId: row.reviewer_id,
      organizationId: row.organization_id,
      isAdmin: row.is_admin === true,
      isSupportStaff: isSupportStaff(row.email),
      expiresAt: claims.exp * 1000,
    },
  };
}

export interface OpenSession {
  reviewerId: string;
  organizationId: string | null;
  /**
   * The session is still aal1 and the account now has a verified factor (verified in another
   * session): its sockets must go. The session's own level counts, not the socket's token: a code
   * step passed in this session raises it before the client re-authenticates the socket.
   */
  isMfaPending: boolean;
}

/**
 * The sessions among `sessionIds` that are still open, with their reviewer's current organization.
 * One query for every socket of a server copy, run once a heartbeat.
 */
export async function loadOpenSessions(
  database: Database,
  sessionIds: string[],
): Promise<Map<string, OpenSession>> {
  const open = new Map<string, OpenSession>();
  for (let i = 0; i < sessionIds.length; i += 1000) {
    const rows = await database
      .asOwner('open sockets are checked in one sweep over every label')
      .select({
        sessionId: authSessions.id,
        reviewerId: reviewers.id,
        organizationId: reviewers.organizationId,
        isMfaPending: sql<boolean>`(${authSessions.aal} <> 'aal2' and exists (
          select 1 from mfa_factors f where f.user_id = ${authSessions.userId} and f.status = 'verified'))`,
      })
      .from(authSessions)
      .innerJoin(reviewers, eq(reviewers.userId, authSessions.userId))
      .where(and(inArray(authSessions.id, sessionIds.slice(i, i + 1000)), isNull(authSessions.revokedAt)));
    for (const r of rows)
      open.set(r.sessionId, {
        reviewerId: r.reviewerId,
        organizationId: r.organizationId,
        isMfaPending: r.isMfaPending === true,
      });
  }
  return open;
}
