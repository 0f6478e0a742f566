import { getProjectFolder } from '@music-review/core/contracts/project-folder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopics } from '../../../lib/realtime-context';

export const projectFolderQueryKey = (songId: string) => ['project-folder', songId] as const;

/**
 * GET /api/v1/songs/{songId}/project-folder: the visible tree, the recently deleted items and the
 * label's storage. Refreshed on any realtime change to files, folders or usage, and every 30 minutes
 * so the signed file links (valid an hour) never go stale.
 */
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
