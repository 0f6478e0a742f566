import { finalizeLabelCopy, reopenLabelCopy } from '@music-review/core/contracts/label-copy';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useSetLabelCopy } from './get-song-label-copy';

export type LabelCopyFinality = 'final' | 'reopen';

/**
 * POST /api/v1/label-copies/{id}/final or /reopen: marks the label copy final (once complete) or
 * reopens it as a draft. One mutation for both, so the editor shows one error for either.
 */
export function useFinalizeOrReopenLabelCopy(songId: string, id: string) {
  const api = useApiClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: (action: LabelCopyFinality) =>
      api.call(action === 'final' ? finalizeLabelCopy : reopenLabelCopy, { params: { id } }),
    onSuccess: setCopy,
  });
}
