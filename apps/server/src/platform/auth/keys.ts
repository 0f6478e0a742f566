import { randomUUID } from 'node:crypto';
import { eq, isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JWK, jwtVerify, SignJWT } from 'jose';
import { LruMap } from '../cache/lru-map.ts';
import type { Database } from '../db/index.ts';
import { signingKeys } from '../db/schema.ts';

const ALG = 'ES256';
export const ISSUER = 'music-review';
export const AUDIENCE = 'authenticated';
const VERIFIED_CACHE_SIZE = 10_000;

export interface AccessClaims {
  sub: string;
  session_id: string;
  email: string;
  aal: 'aal1' | 'aal2';
  is_recovery?: boolean;
}

export interface KeyRing {
  kid: string;
  sign(claims: AccessClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: number }>;
  verify(token: string): Promise<AccessClaims>;
  jwks(): { keys: JWK[] };
}

/**
 * The ES256 key pair that signs access tokens: generated at first boot and kept in the database so
 * every server copy signs and verifies with the same key.
 */
export async function loadKeyRing(database: Database): Promise<KeyRing> {
  let rows = await database.global.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  if (rows.length === 0) {
    const { publicKey, privateKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    await database.global
      .insert(signingKeys)
      .values({
        kid,
        alg: ALG,
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' },
        privateJwk: { ...(await exportJWK(privateKey)), kid, alg: ALG },
      })
      .onConflictDoNothing();
    rows = await database.global.select().from(signingKeys).where(isNull(signingKeys.retiredAt));
  }
  // Oldest active key signs, so copies that raced at first boot agree on one.
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kid.localeCompare(b.kid));
  const current = rows[0]!;
  const privateKey = await importJWK(current.privateJwk as JWK, ALG);
  const publicKeys = new Map<string, Awaited<ReturnType<typeof importJWK>>>();
  for (const row of rows) publicKeys.set(row.kid, await importJWK(row.publicJwk as JWK, ALG));
  const verified = new LruMap<string, { claims: AccessClaims; exp: number }>(VERIFIED_CACHE_SIZE);
  const publicJwks = rows.map((r) => r.publicJwk as JWK);

  return {
    kid: current.kid,
    async sign(claims, ttlSeconds) {
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = now + ttlSeconds;
      const token = await new SignJWT({ ...claims, role: 'authenticated' })
        .setProtectedHeader({ alg: ALG, kid: current.kid, typ: 'JWT' })
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(expiresAt)
        .setSubject(claims.sub)
        .sign(privateKey);
      return { token, expiresAt };
    },
    async verify(token) {
      // Verified tokens are remembered until they expire: a signature check costs more than the
      // rest of a typical request. Revocation is still checked per request (request-auth.ts).
      const known = verified.get(token);
      if (known && known.exp > Date.now() / 1000) return known.claims;
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = header.kid ? publicKeys.get(header.kid) : undefined;
          if (!key) throw new Error('No matching signing key found in JWKS');
          return key;
        },
        { issuer: ISSUER, audience: AUDIENCE, algorithms: [ALG] },
      );
      const claims = payload as unknown as AccessClaims;
      verified.set(token, { claims, exp: payload.exp ?? 0 });
      return claims;
    },
    jwks: () => ({ keys: publicJwks }),
  };
}

export async function retireKey(database: Database, kid: string) {
  await database.global.update(signingKeys).set({ retiredAt: new Date() }).where(eq(signingKeys.kid, kid));
}
