import { openLabelCopyShare } from '@music-review/core/contracts/label-copy';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicLabelCopyShareQueryKey = (token: string) => ['public', 'label-copy-share', token] as const;

/** GET /api/v1/public/label-copies/{token}: a share link's read-only label copy (no retry of a refused link). */
export function usePublicLabelCopyShare(token: string) {
  return useQuery({
    queryKey: publicLabelCopyShareQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openLabelCopyShare, { params: { token }, signal }),
    retry: false,
  });
}
