import { createLabelCopyLink } from '@music-review/core/contracts/label-copy';
import type { LabelCopyLinkPurpose } from '@music-review/core/label-copy';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { labelCopyLinksQueryKey } from './list-label-copy-links';

/**
 * POST /api/v1/label-copies/{id}/links: issues a public link (artist form, read-only share or
 * generator view). The answer holds the token, shown once.
 */
export function useCreateLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purpose: LabelCopyLinkPurpose) =>
      api.call(createLabelCopyLink, { params: { id }, body: { purpose } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: labelCopyLinksQueryKey(id) }),
  });
}
