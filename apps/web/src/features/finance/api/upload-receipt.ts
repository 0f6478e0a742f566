import { confirmProjectFile, presignProjectFile } from '@music-review/core/contracts/project-folder';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';
import type { ReceiptFileDto } from '../accounting-types';

/**
 * A receipt uploaded into the top of the song's project folder through the folder's own endpoints,
 * so its plan limits, checks and messages are the folder's: POST
 * /api/v1/songs/{songId}/project-folder/uploads for a PUT URL, the PUT with its progress (0-1), then
 * POST /api/v1/songs/{songId}/project-folder/files. Answers the file as the receipt choices list it.
 */
export async function uploadReceipt(
  api: ApiClient,
  songId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ReceiptFileDto> {
  const upload = await api.call(presignProjectFile, {
    params: { songId },
    body: { folder_id: null, filename: file.name, content_type: file.type, size_bytes: file.size },
  });
  await putWithProgress(upload.upload_url, file, upload.content_type, { onProgress });
  const stored = await api.call(confirmProjectFile, {
    params: { songId },
    body: { key: upload.key, folder_id: null, name: file.name },
  });
  return {
    key: upload.key,
    name: stored.name,
    folder_path: null,
    content_type: stored.content_type,
    size_bytes: stored.size_bytes,
    created_at: stored.created_at,
  };
}
