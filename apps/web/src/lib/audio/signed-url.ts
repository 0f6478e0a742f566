import { getSignedUrl as signedUrlEndpoint } from '@music-review/core/contracts/storage';
import { type ApiClient, isApiError, requestJson } from '../api-client';

/** Spec section 9: waveform and audio presigns last 3600 s. */
export const PRESIGN_SECONDS = 3600;
/** Spec section 4: refresh the URL when fewer than 5 minutes remain. */
export const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
export const INVALID_PRESIGN_RESPONSE = 'Invalid response from presigned URL service';
/** Spec section 8, Media: a refused presign, followed by the status ('...: 404'). */
export const PRESIGN_FAILED = 'Failed to get presigned URL for image or audio';
/** Spec section 8, Media: an image's URL failure that has no text of its own. */
export const IMAGE_URL_FAILED = 'Failed to get image URL';

/** The service answered with an error status; the status stays readable (404: the file is missing). */
export class PresignedUrlError extends Error {
  override readonly name = 'PresignedUrlError';
  constructor(readonly status: number) {
    super(`${PRESIGN_FAILED}: ${status}`);
  }
}

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

/** Signs one stored file; how it authenticates is the caller's (a session, or a form's token). */
export type SignUrl = (fileKey: string, signal?: AbortSignal) => Promise<SignedUrl>;

/** Spec section 6: an external party's credential for get-signed-url (a metadata form's token). */
export const METADATA_FORM_TOKEN_HEADER = 'x-metadata-form-token';

/** Sends the request, turning an error status into PresignedUrlError and checking the answer. */
async function signWith(send: () => Promise<unknown>): Promise<SignedUrl> {
  let body: unknown;
  try {
    body = await send();
  } catch (error) {
    // An answer with an error status; no answer at all (offline, aborted) keeps its own error.
    if (isApiError(error) && error.status > 0) throw new PresignedUrlError(error.status);
    throw error;
  }
  return parseSignedUrlResponse(body);
}

/** POST /functions/v1/get-signed-url for one stored file, as the signed-in member. */
export function getSignedUrl(api: ApiClient, fileKey: string, signal?: AbortSignal): Promise<SignedUrl> {
  return signWith(() =>
    api.call(signedUrlEndpoint, { body: { fileKey, expiresIn: PRESIGN_SECONDS }, signal }),
  );
}

/**
 * The same for the holder of a metadata form link (no account): the link's token goes in the
 * x-metadata-form-token header, and the server signs only that form's song's files.
 */
export function getSignedUrlWithFormToken(
  token: string,
  fileKey: string,
  signal?: AbortSignal,
): Promise<SignedUrl> {
  return signWith(() =>
    // Without the session: the token is the credential (a label member may open the form too).
    requestJson<unknown>(signedUrlEndpoint.path, {
      method: signedUrlEndpoint.method,
      body: { fileKey, expiresIn: PRESIGN_SECONDS },
      headers: { [METADATA_FORM_TOKEN_HEADER]: token },
      signal,
    }),
  );
}

/** A signed URL for an image: the failure's text is kept, 'Failed to get image URL' when it has none. */
export async function getImageUrl(api: ApiClient, fileKey: string, signal?: AbortSignal): Promise<SignedUrl> {
  try {
    return await getSignedUrl(api, fileKey, signal);
  } catch (error) {
    const text = error instanceof Error ? error.message : '';
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw new Error(text || IMAGE_URL_FAILED);
  }
}

/** True when the URL expires within 5 minutes (or has an unknown expiry: never refreshed then). */
export function shouldRefreshSignedUrl(expiresAt: number, now = Date.now()): boolean {
  if (!Number.isFinite(expiresAt)) return false;
  return expiresAt - now < REFRESH_BEFORE_EXPIRY_MS;
}
