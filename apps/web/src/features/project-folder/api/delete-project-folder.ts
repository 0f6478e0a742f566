import { deleteProjectFolder } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** DELETE /api/v1/songs/{songId}/project-folder/folders/{id}: the folder and its content go to Recently deleted. */
export function useDeleteProjectFolder(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteProjectFolder, { params: { songId, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
