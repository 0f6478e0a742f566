import { updateProjectFolder } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** PATCH /api/v1/songs/{songId}/project-folder/folders/{id}: renames and/or moves a folder (parentId null: to the top level). */
export function useUpdateProjectFolder(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name, parentId }: { id: string; name?: string; parentId?: string | null }) =>
      api.call(updateProjectFolder, { params: { songId, id }, body: { name, parent_id: parentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
