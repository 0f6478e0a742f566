import type {
  FullMetadataDraft,
  MetadataDraftSavedDto,
  PublicMetadataFormDto,
} from '@music-review/core/metadata-forms';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/**
 * The artist's calls by link. The artist has no account: the token in the path is the only
 * credential, so these go through requestJson without a session (a label member trying the link
 * is treated like the artist).
 */
const base = (token: string) => `/api/v1/public/metadata-forms/${encodeURIComponent(token)}`;

export const publicFormQueryKey = (token: string) => ['public', 'metadata-form', token] as const;

export function usePublicMetadataForm(token: string) {
  return useQuery({
    queryKey: publicFormQueryKey(token),
    queryFn: ({ signal }) => requestJson<PublicMetadataFormDto>(base(token), { signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function saveMetadataDraft(token: string, data: FullMetadataDraft, signal?: AbortSignal) {
  return requestJson<MetadataDraftSavedDto>(`${base(token)}/draft`, {
    method: 'PUT',
    body: { data },
    signal,
  });
}

export function submitMetadataForm(token: string, data: FullMetadataDraft) {
  return requestJson<PublicMetadataFormDto>(`${base(token)}/submit`, { method: 'POST', body: { data } });
}
