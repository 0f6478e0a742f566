import { type ProfileDto, setAvatar } from '@music-review/core/contracts/profile';
import { generatePresignedUrl } from '@music-review/core/contracts/storage';
import { avatarFileError, avatarStorageId } from '@music-review/core/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
export const AVATAR_UPLOAD_FAILED = 'The photo could not be uploaded. Please try again.';

/** The presign answer as read: each part checked before use. */
interface PresignResponse {
  success?: boolean;
  data?: { presignedUrl?: string; key?: string };
}

/**
 * The photo's three steps: a presigned URL for `images/avatar-{reviewerId}/…` (a fresh file name each
 * time, so no cache shows the old photo), the PUT of the bytes, then PUT /api/v1/profile/avatar,
 * where the server checks the image and drops the previous one.
 */
export async function uploadAvatar(api: ApiClient, reviewerId: string, file: File): Promise<ProfileDto> {
  const problem = avatarFileError(file);
  if (problem) throw new Error(problem);
  const presign: PresignResponse | undefined = await api.call(generatePresignedUrl, {
    body: {
      type: 'images',
      id: avatarStorageId(reviewerId),
      filename: `photo-${Date.now()}.${EXTENSIONS[file.type] ?? 'img'}`,
      contentType: file.type,
    },
  });
  const url = presign?.data?.presignedUrl;
  const key = presign?.data?.key;
  if (!presign?.success || !url || !key) throw new Error('Invalid response from presigned URL service');
  let upload: Response;
  try {
    upload = await fetch(url, { method: 'PUT', headers: { 'Content-Type': file.type }, body: file });
  } catch {
    throw new Error(AVATAR_UPLOAD_FAILED);
  }
  if (!upload.ok) throw new Error(AVATAR_UPLOAD_FAILED);
  return api.call(setAvatar, { body: { avatar_key: key } });
}

export function useUploadAvatar(reviewerId: string | undefined) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      if (!reviewerId) throw new Error(AVATAR_UPLOAD_FAILED);
      return uploadAvatar(api, reviewerId, file);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
