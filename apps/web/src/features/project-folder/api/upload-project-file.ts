import { confirmProjectFile, presignProjectFile } from '@music-review/core/contracts/project-folder';
import type { ProjectFileDto } from '@music-review/core/project-folder';
import type { ApiClient } from '../../../lib/api-client';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

/**
 * Adds a file to the folder (null: the top level) in the upload's three steps, which only make
 * sense together: POST /api/v1/songs/{songId}/project-folder/uploads for a PUT URL (refused when the
 * plan has no room), the PUT of the bytes, then POST /api/v1/songs/{songId}/project-folder/files,
 * where the server checks the file and lists it.
 */
export async function uploadProjectFile(
  api: ApiClient,
  songId: string,
  folderId: string | null,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<ProjectFileDto> {
  const presign = await api.call(presignProjectFile, {
    params: { songId },
    body: { folder_id: folderId, filename: file.name, content_type: file.type, size_bytes: file.size },
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress });
  return api.call(confirmProjectFile, {
    params: { songId },
    body: { key: presign.key, folder_id: folderId, name: file.name },
  });
}
