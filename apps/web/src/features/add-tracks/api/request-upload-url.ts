import { generatePresignedUrl } from '@music-review/core/contracts/storage';
import type { ApiClient } from '../../../lib/api-client';

/** POST /functions/v1/generate-presigned-url's body; `orgName` is a display hint only. */
export interface UploadUrlRequest {
  orgName?: string;
  type: 'audio' | 'waveforms';
  id: string;
  filename: string;
  contentType: string;
}

/** Where to PUT the file, and the storage key it will have. */
export interface UploadTarget {
  presignedUrl: string;
  key: string;
}

/** The answer as read: each part checked, since spec section 8 names the failure when one is missing. */
interface PresignResponse {
  success?: boolean;
  data?: { presignedUrl?: string; key?: string };
}

/** Spec section 8. */
export const INVALID_PRESIGN_RESPONSE = 'Invalid response from presigned URL service';

/**
 * A presigned PUT URL for a file of the caller's label. Spec section 5: the answer must have
 * success and data.presignedUrl (and, here, the key the song will point at).
 */
export async function requestUploadUrl(
  api: ApiClient,
  input: UploadUrlRequest,
  signal?: AbortSignal,
): Promise<UploadTarget> {
  const response: PresignResponse | undefined = await api.call(generatePresignedUrl, { body: input, signal });
  const presignedUrl = response?.data?.presignedUrl;
  const key = response?.data?.key;
  if (!response?.success || !presignedUrl || !key) throw new Error(INVALID_PRESIGN_RESPONSE);
  return { presignedUrl, key };
}
