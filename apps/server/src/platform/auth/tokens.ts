import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe. Used for refresh tokens and emailed links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored hashed: a leaked database does not leak live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
