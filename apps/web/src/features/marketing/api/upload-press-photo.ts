import { confirmPressPhoto, createPressPhotoUploadUrl } from '@music-review/core/contracts/marketing';
import type { PressPhotoFileDto } from '@music-review/core/marketing';
import { putWithProgress } from '../../../lib/upload/put-with-progress';
import { publicApi } from './public-api';

/** The declared type of a picked photo: the browser's, or one read from the extension. */
export function photoContentType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return (
    (
      { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as Record<
        string,
        string
      >
    )[ext] ?? ''
  );
}

/**
 * One press photo: POST /api/v1/public/marketing-forms/{token}/photos/upload-url, the PUT with
 * progress, then POST .../photos/confirm, where the server checks the bytes (a refusal rejects with
 * its reason). The link is not spent.
 */
export async function uploadPressPhoto(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PressPhotoFileDto> {
  const presign = await publicApi.call(createPressPhotoUploadUrl, {
    params: { token },
    body: { filename: file.name, content_type: photoContentType(file), size_bytes: file.size },
    signal,
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return publicApi.call(confirmPressPhoto, { params: { token }, body: { key: presign.key }, signal });
}
