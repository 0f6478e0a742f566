import {
  confirmProjectFile,
  createProjectFolder,
  deleteProjectFile,
  deleteProjectFolder,
  getProjectFolder,
  presignProjectFile,
  restoreProjectFile,
  restoreProjectFolder,
  updateProjectFile,
  updateProjectFolder,
} from '@music-review/core/contracts/project-folder';
import type { ProjectFileDto } from '@music-review/core/project-folder';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

export const projectFolderQueryKey = (songId: string) => ['project-folder', songId] as const;

export function useProjectFolder(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopics(['table:project_files', 'table:project_folders', 'table:storage_usage'], () => {
    void queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) });
  });
  return useQuery({
    queryKey: projectFolderQueryKey(songId),
    queryFn: ({ signal }) => api.call(getProjectFolder, { params: { songId }, signal }),
    refetchInterval: 30 * 60 * 1000,
  });
}

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

export type FolderAction =
  | { type: 'create-folder'; name: string; parentId: string | null }
  | { type: 'update-folder'; id: string; name?: string; parentId?: string | null }
  | { type: 'delete-folder'; id: string }
  | { type: 'restore-folder'; id: string }
  | { type: 'update-file'; id: string; name?: string; folderId?: string | null }
  | { type: 'delete-file'; id: string }
  | { type: 'restore-file'; id: string };

/** Every change to the tree through one mutation: each refreshes the listing. */
export function useFolderAction(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: FolderAction): Promise<unknown> => {
      switch (action.type) {
        case 'create-folder':
          return api.call(createProjectFolder, {
            params: { songId },
            body: { name: action.name, parent_id: action.parentId },
          });
        case 'update-folder':
          return api.call(updateProjectFolder, {
            params: { songId, id: action.id },
            body: { name: action.name, parent_id: action.parentId },
          });
        case 'delete-folder':
          return api.call(deleteProjectFolder, { params: { songId, id: action.id } });
        case 'restore-folder':
          return api.call(restoreProjectFolder, { params: { songId, id: action.id } });
        case 'update-file':
          return api.call(updateProjectFile, {
            params: { songId, id: action.id },
            body: { name: action.name, folder_id: action.folderId },
          });
        case 'delete-file':
          return api.call(deleteProjectFile, { params: { songId, id: action.id } });
        case 'restore-file':
          return api.call(restoreProjectFile, { params: { songId, id: action.id } });
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
