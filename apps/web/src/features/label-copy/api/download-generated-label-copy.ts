import { downloadGeneratedLabelCopy } from '@music-review/core/contracts/label-copy';
import { fillPath } from '@music-review/core/endpoint';
import type { LabelCopyExportFormat } from '@music-review/core/label-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { downloadFile } from '../../../lib/download-file';
import { songLabelCopyQueryKey } from './get-song-label-copy';

/**
 * GET /api/v1/label-copies/{id}/generated/{format}: downloads the generated document as the
 * signed-in member. Each download counts as an export, so the tab's counts refresh after it.
 */
export function useDownloadGenerated(songId: string, id: string) {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: LabelCopyExportFormat) =>
      downloadFile(
        fillPath(downloadGeneratedLabelCopy.path, { id, format }),
        store.getAccessToken(),
        `label-copy.${format}`,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: songLabelCopyQueryKey(songId) }),
  });
}
