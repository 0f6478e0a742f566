import { revokeLabelCopyLink } from '@music-review/core/contracts/label-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { labelCopyLinksQueryKey } from './list-label-copy-links';

/** DELETE /api/v1/label-copies/{id}/links/{linkId}: withdraws one of the label copy's public links. */
export function useRevokeLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.call(revokeLabelCopyLink, { params: { id, linkId } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: labelCopyLinksQueryKey(id) }),
  });
}
