import type { AuthUser } from '@music-review/core/auth';
import { isMfaPending } from '@music-review/core/mfa';

/**
 * The session as the browser keeps it: in memory only. The refresh token in the server's answer is
 * dropped on purpose; the browser holds it as an httpOnly cookie that scripts cannot read.
 */
export interface ClientSession {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
  user: AuthUser;
  /** A session opened by a password-reset link: it may only change the password. */
  isRecovery: boolean;
  /** Authenticator assurance level of the access token (spec section 4). */
  aal: 'aal1' | 'aal2';
}

/**
 * The account has a verified factor and this session has not passed the code step yet: the app
 * shows the code step instead of the pages (the API would answer 403 mfa_required).
 */
export function needsMfaStep(session: ClientSession): boolean {
  return isMfaPending(session.aal, session.user.factors);
}

interface SessionResponse {
  access_token: string;
  expires_at: number;
  user: AuthUser;
}

/**
 * The fields the app relies on in the server's session answer. Checked by hand, like isClientSession
 * below: this module is in the first load of every page, which stays free of zod (docs/PERFORMANCE.md).
 */
function isSessionResponse(body: unknown): body is SessionResponse {
  if (!body || typeof body !== 'object') return false;
  const { access_token, expires_at, user } = body as Record<string, unknown>;
  if (typeof access_token !== 'string' || access_token.length === 0) return false;
  if (typeof expires_at !== 'number' || !Number.isFinite(expires_at)) return false;
  if (!user || typeof user !== 'object') return false;
  const { id, email } = user as Record<string, unknown>;
  return typeof id === 'string' && typeof email === 'string';
}

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const payload: unknown = JSON.parse(json);
    return payload && typeof payload === 'object' ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Reads the server's session answer; null when it is not a usable session. */
export function toClientSession(body: unknown): ClientSession | null {
  if (!isSessionResponse(body)) return null;
  const user = body.user;
  const claims = decodeJwtPayload(body.access_token);
  return {
    accessToken: body.access_token,
    expiresAt: body.expires_at,
    user: { ...user, user_metadata: user.user_metadata ?? {}, factors: user.factors ?? [] },
    isRecovery: claims?.is_recovery === true,
    aal: claims?.aal === 'aal2' ? 'aal2' : 'aal1',
  };
}

export function isClientSession(value: unknown): value is ClientSession {
  const v = value as Partial<ClientSession> | null;
  return (
    !!v &&
    typeof v.accessToken === 'string' &&
    typeof v.expiresAt === 'number' &&
    typeof v.isRecovery === 'boolean' &&
    (v.aal === 'aal1' || v.aal === 'aal2') &&
    !!v.user &&
    typeof v.user.id === 'string'
  );
}
