import { openLabelCopyGeneratorLink } from '@music-review/core/contracts/label-copy';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicLabelCopyGeneratorQueryKey = (token: string) =>
  ['public', 'label-copy-generator', token] as const;

/**
 * GET /api/v1/public/label-copy-generator/{token}: a generator link's generated document (null
 * before the label has generated one); no retry of a refused link.
 */
export function usePublicLabelCopyGenerator(token: string) {
  return useQuery({
    queryKey: publicLabelCopyGeneratorQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openLabelCopyGeneratorLink, { params: { token }, signal }),
    retry: false,
  });
}
