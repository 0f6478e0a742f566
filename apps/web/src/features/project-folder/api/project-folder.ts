import type { PresignedUploadDto } from '@music-review/core/assets';
import type {
  ProjectFileDto,
  ProjectFolderDto,
  ProjectFolderListingDto,
} from '@music-review/core/project-folder';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

export const projectFolderQueryKey = (songId: string) => ['project-folder', songId] as const;
const base = (songId: string) => `/api/v1/songs/${encodeURIComponent(songId)}/project-folder`;

export function useProjectFolder(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useRealtimeTopics(['table:project_files', 'table:project_folders', 'table:storage_usage'], () => {
    void queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) });
  });
  return useQuery({
    queryKey: projectFolderQueryKey(songId),
    queryFn: ({ signal }) => api.get<ProjectFolderListingDto>(base(songId), { signal }),
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
  const presign = await api.post<PresignedUploadDto>(`${base(songId)}/uploads`, {
    folder_id: folderId,
    filename: file.name,
    content_type: file.type,
    size_bytes: file.size,
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress });
  return api.post<ProjectFileDto>(`${base(songId)}/files`, {
    key: presign.key,
    folder_id: folderId,
    name: file.name,
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
      const b = base(songId);
      switch (action.type) {
        case 'create-folder':
          return api.post<ProjectFolderDto>(`${b}/folders`, {
            name: action.name,
            parent_id: action.parentId,
          });
        case 'update-folder':
          return api.patch(`${b}/folders/${action.id}`, { name: action.name, parent_id: action.parentId });
        case 'delete-folder':
          return api.delete(`${b}/folders/${action.id}`);
        case 'restore-folder':
          return api.post(`${b}/folders/${action.id}/restore`);
        case 'update-file':
          return api.patch(`${b}/files/${action.id}`, { name: action.name, folder_id: action.folderId });
        case 'delete-file':
          return api.delete(`${b}/files/${action.id}`);
        case 'restore-file':
          return api.post(`${b}/files/${action.id}/restore`);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
