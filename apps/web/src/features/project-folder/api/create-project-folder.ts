import { createProjectFolder } from '@music-review/core/contracts/project-folder';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { projectFolderQueryKey } from './get-project-folder';

/** POST /api/v1/songs/{songId}/project-folder/folders: a new folder at the top level (parentId null) or inside one. */
export function useCreateProjectFolder(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, parentId }: { name: string; parentId: string | null }) =>
      api.call(createProjectFolder, { params: { songId }, body: { name, parent_id: parentId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectFolderQueryKey(songId) }),
  });
}
