import type { ApiClient } from '../api-client';

/** Spec section 9: waveform and audio presigns last 3600 s. */
export const PRESIGN_SECONDS = 3600;
/** Spec section 4: refresh the URL when fewer than 5 minutes remain. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
export const INVALID_PRESIGN_RESPONSE = 'Invalid response from presigned URL service';

export interface SignedUrl {
  url: string;
  /** Milliseconds since the epoch; NaN when the service did not say. */
  expiresAt: number;
}

/** Spec section 5: only `success: true` with a url is a usable answer. */
export function parseSignedUrlResponse(body: unknown): SignedUrl {
  const record = (body ?? {}) as { success?: unknown; url?: unknown; expiresAt?: unknown };
  if (record.success !== true || typeof record.url !== 'string' || record.url === '') {
    throw new Error(INVALID_PRESIGN_RESPONSE);
  }
  const expiresAt =
    typeof record.expiresAt === 'number'
      ? record.expiresAt
      : typeof record.expiresAt === 'string'
        ? Date.parse(record.expiresAt)
        : Number.NaN;
  return { url: record.url, expiresAt };
}

/** POST /functions/v1/get-signed-url for one stored file. */
export async function getSignedUrl(
  api: ApiClient,
  fileKey: string,
  signal?: AbortSignal,
): Promise<SignedUrl> {
  const body = await api.post<unknown>(
    '/functions/v1/get-signed-url',
    { fileKey, expiresIn: PRESIGN_SECONDS },
    { signal },
  );
  return parseSignedUrlResponse(body);
}

/** True when the URL expires within 5 minutes (or has an unknown expiry: never refreshed then). */
export function shouldRefreshSignedUrl(expiresAt: number, now = Date.now()): boolean {
  if (!Number.isFinite(expiresAt)) return false;
  return expiresAt - now < REFRESH_BEFORE_EXPIRY_MS;
}
