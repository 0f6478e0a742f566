import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/index.ts';
import { storageSecrets } from '../db/schema.ts';
import { AppError } from '../errors.ts';

const SECRET_ID = 'local-url-signing';

/**
 * The HMAC secret of the local driver's URLs: generated at first boot and kept in the database,
 * so a URL signed by one server copy is accepted by every other.
 */
export async function loadStorageSecret(database: Database): Promise<Buffer> {
  const read = () => database.global.select().from(storageSecrets).where(eq(storageSecrets.id, SECRET_ID));
  let rows = await read();
  if (rows.length === 0) {
    await database.global
      .insert(storageSecrets)
      .values({ id: SECRET_ID, secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    rows = await read();
  }
  return Buffer.from(rows[0]!.secret, 'base64url');
}

/** What a signature covers. A PUT also binds the Content-Type and the size limit. */
export interface SignedRequest {
  method: 'GET' | 'PUT';
  key: string;
  /** Expiry, Unix seconds. */
  exp: number;
  contentType?: string;
  maxBytes?: number;
}

export interface UrlSigner {
  sign(req: SignedRequest): string;
  /** Throws 403 for a missing, malformed, tampered or expired signature. */
  verify(req: SignedRequest, signature: string | undefined, now?: number): void;
}

export function createUrlSigner(secret: Buffer): UrlSigner {
  const mac = (r: SignedRequest) =>
    createHmac('sha256', secret)
      .update([r.method, r.key, String(r.exp), r.contentType ?? '', String(r.maxBytes ?? '')].join('\n'))
      .digest();
  return {
    sign: (r) => mac(r).toString('base64url'),
    verify(r, signature, now = Date.now() / 1000) {
      const given = Buffer.from(signature ?? '', 'base64url');
      const expected = mac(r);
      // Length first (timingSafeEqual needs equal lengths; the length of a MAC is no secret).
      if (
        !Number.isSafeInteger(r.exp) ||
        given.length !== expected.length ||
        !timingSafeEqual(given, expected)
      ) {
        throw new AppError('forbidden', 'This link is not valid.');
      }
      if (r.exp <= now) throw new AppError('forbidden', 'This link has expired.');
    },
  };
}
