import { confirmUpload, generatePresignedUrl } from '@music-review/core/contracts/storage';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

/** The image types storage accepts for `images` keys (server: upload-rules.ts). */
export const BRANDING_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BRANDING_IMAGE_ACCEPT = BRANDING_IMAGE_TYPES.join(',');
export const BRANDING_IMAGE_TYPE_MESSAGE = 'Choose a PNG, JPEG or WebP image.';
/** Spec section 8. */
export const INVALID_PRESIGN_RESPONSE = 'Invalid response from presigned URL service';

/** The presign answer as read: each part checked before use. */
interface PresignResponse {
  success?: boolean;
  data?: { presignedUrl?: string; key?: string };
}

export const isBrandingImage = (file: File) =>
  (BRANDING_IMAGE_TYPES as readonly string[]).includes(file.type);

/**
 * Uploads a logo or favicon the way every file goes to storage: POST /functions/v1/generate-presigned-url
 * for a URL of type `images`, the PUT, then POST /functions/v1/confirm-upload, the content check
 * (needed with S3, harmless with local files). Returns the key.
 */
export async function uploadBrandingImage(
  api: ApiClient,
  file: File,
  purpose: 'logo' | 'favicon',
  orgName?: string,
): Promise<string> {
  const response: PresignResponse | undefined = await api.call(generatePresignedUrl, {
    body: {
      orgName,
      type: 'images',
      // A new id per upload: a replaced logo gets a new URL, so no cache shows the old one.
      id: `branding-${purpose}-${Date.now().toString(36)}`,
      filename: file.name,
      contentType: file.type,
    },
  });
  const presignedUrl = response?.data?.presignedUrl;
  const key = response?.data?.key;
  if (!response?.success || !presignedUrl || !key) throw new Error(INVALID_PRESIGN_RESPONSE);
  await putWithProgress(presignedUrl, file, file.type);
  await api.call(confirmUpload, { body: { key } });
  return key;
}
