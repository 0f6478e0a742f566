import { openMetadataFormByLink } from '@music-review/core/contracts/metadata-forms';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

// The artist's calls (this one, save-metadata-form-draft, submit-metadata-form) go by link: the artist
// has no account, the token in the path is the only credential, and the server reads no session on
// these routes (a label member trying the link is treated like the artist).

export const publicFormQueryKey = (token: string) => ['public', 'metadata-form', token] as const;

/** GET /api/v1/public/metadata-forms/{token}: the artist's form; a dead link is an error, not retried. */
export function usePublicMetadataForm(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: publicFormQueryKey(token),
    queryFn: ({ signal }) => api.call(openMetadataFormByLink, { params: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
