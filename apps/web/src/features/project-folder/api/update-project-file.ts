import { updateProjectFile } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** PATCH /api/v1/songs/{songId}/project-folder/files/{id}: renames and/or moves a file (folderId null: to the top level). */
export function useUpdateProjectFile(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, folderId }: { id: string; name?: string; folderId?: string | null }) =>
      api.call(updateProjectFile, { params: { songId, id }, body: { name, folder_id: folderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
