import { generateLabelCopy } from '@music-review/core/contracts/label-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { songLabelCopyQueryKey, useSetLabelCopy } from './get-song-label-copy';

/**
 * POST /api/v1/label-copies/{id}/generate: runs the generator, which assembles the document from the
 * label copy, the metadata form and the contract (refused with plan_required outside the plan).
 */
export function useGenerateLabelCopy(songId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: () => api.call(generateLabelCopy, { params: { id } }),
    onSuccess: (copy) => {
      setCopy(copy);
      // The generator's state (a Starter trial now used) comes with the tab's query.
      void queryClient.invalidateQueries({ queryKey: songLabelCopyQueryKey(songId) });
    },
  });
}
