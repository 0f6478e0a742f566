import { openLabelCopyForm } from '@music-review/core/contracts/label-copy';
import { useQuery } from '@tanstack/react-query';
import { publicApi } from './public-api';

export const publicLabelCopyFormQueryKey = (token: string) => ['public', 'label-copy-form', token] as const;

/**
 * GET /api/v1/public/label-copy-forms/{token}: the artist's form, opened by its link. A refused
 * link stays refused, so no retry or refetch on focus.
 */
export function usePublicLabelCopyForm(token: string) {
  return useQuery({
    queryKey: publicLabelCopyFormQueryKey(token),
    queryFn: ({ signal }) => publicApi.call(openLabelCopyForm, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}
