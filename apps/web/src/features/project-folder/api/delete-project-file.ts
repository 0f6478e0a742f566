import { deleteProjectFile } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** DELETE /api/v1/songs/{songId}/project-folder/files/{id}: the file goes to Recently deleted. */
export function useDeleteProjectFile(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteProjectFile, { params: { songId, id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
