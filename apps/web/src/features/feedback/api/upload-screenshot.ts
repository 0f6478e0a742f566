import { contentTypeFor, sniffImageType } from '@music-review/core/audio-types';
import { generatePresignedUrl } from '@music-review/core/contracts/storage';
import { FEEDBACK_ERRORS } from '@music-review/core/feedback';
import type { ApiClient } from '../../../lib/api-client';

/** A screenshot's own limit, below the storage's limit for images (STORAGE_MAX_IMAGE_BYTES). */
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;

export const SCREENSHOT_ERRORS = {
  tooLarge: 'The screenshot must be at most 10 MB',
  uploadFailed: 'The screenshot could not be uploaded. Please try again.',
} as const;

/** The screenshot's type by its first bytes (PNG, JPEG or WebP), or the reason it cannot be sent. */
export async function inspectScreenshot(
  file: File,
): Promise<{ ok: true; contentType: string } | { ok: false; message: string }> {
  if (file.size > SCREENSHOT_MAX_BYTES) return { ok: false, message: SCREENSHOT_ERRORS.tooLarge };
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const type = sniffImageType(head);
  return type
    ? { ok: true, contentType: contentTypeFor(type) }
    : { ok: false, message: FEEDBACK_ERRORS.screenshotType };
}

/** The presign answer as read: each part checked before use. */
interface PresignResponse {
  success?: boolean;
  data?: { presignedUrl?: string; key?: string };
}

/**
 * Uploads a screenshot through the storage functions (type images): a presigned URL, then a PUT of
 * the bytes. Answers the storage key; the server checks the file again when the feedback is sent.
 */
export async function uploadScreenshot(
  api: ApiClient,
  file: File,
  contentType: string,
  signal?: AbortSignal,
): Promise<string> {
  const presign: PresignResponse | undefined = await api.call(generatePresignedUrl, {
    body: { type: 'images', id: crypto.randomUUID(), filename: file.name || 'screenshot', contentType },
    signal,
  });
  const url = presign?.data?.presignedUrl;
  const key = presign?.data?.key;
  if (!presign?.success || !url || !key) throw new Error('Invalid response from presigned URL service');
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      body: file,
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Error(SCREENSHOT_ERRORS.uploadFailed);
  }
  if (!response.ok) throw new Error(SCREENSHOT_ERRORS.uploadFailed);
  return key;
}
