import { listLabelCopyLinks } from '@music-review/core/contracts/label-copy';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { labelCopyQueryKey } from './get-song-label-copy';

export const labelCopyLinksQueryKey = (id: string) => [...labelCopyQueryKey, 'links', id] as const;

/** GET /api/v1/label-copies/{id}/links: the label copy's public links of every purpose, newest first. */
export function useLabelCopyLinks(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: labelCopyLinksQueryKey(id),
    queryFn: ({ signal }) => api.call(listLabelCopyLinks, { params: { id }, signal }),
  });
}
