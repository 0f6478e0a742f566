import { saveLabelCopy } from '@music-review/core/contracts/label-copy';
import type { LabelCopyData } from '@music-review/core/label-copy';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * PUT /api/v1/label-copies/{id}: saves the draft (a final one must be reopened first). The caller
 * puts the answer in the cache (useSetLabelCopy) once it has noted it.
 */
export function useSaveLabelCopy(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (data: LabelCopyData) => api.call(saveLabelCopy, { params: { id }, body: { data } }),
  });
}
