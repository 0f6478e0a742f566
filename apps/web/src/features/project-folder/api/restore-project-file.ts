import { restoreProjectFile } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** POST /api/v1/songs/{songId}/project-folder/files/{id}/restore: back in its folder, or at the top level. */
export function useRestoreProjectFile(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(restoreProjectFile, { params: { songId, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
