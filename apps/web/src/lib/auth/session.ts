import type { AuthUser } from '@music-review/core/auth';
import { isMfaPending } from '@music-review/core/mfa';
import { z } from 'zod';

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

const sessionResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_at: z.number(),
  user: z.looseObject({ id: z.string(), email: z.string() }),
});

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
  const parsed = sessionResponseSchema.safeParse(body);
  if (!parsed.success) return null;
  const user = parsed.data.user as unknown as AuthUser;
  const claims = decodeJwtPayload(parsed.data.access_token);
  return {
    accessToken: parsed.data.access_token,
    expiresAt: parsed.data.expires_at,
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
