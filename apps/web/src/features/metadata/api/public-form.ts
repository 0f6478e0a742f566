import {
  openMetadataFormByLink,
  saveMetadataFormDraft,
  submitMetadataForm as submitMetadataFormCall,
} from '@music-review/core/contracts/metadata-forms';
import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import { useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

/**
 * The artist's calls by link (contracts: packages/core/src/contracts/metadata-forms.ts). The artist
 * has no account: the token in the path is the only credential, and the server reads no session on
 * these routes (a label member trying the link is treated like the artist).
 */

export const publicFormQueryKey = (token: string) => ['public', 'metadata-form', token] as const;

export function usePublicMetadataForm(token: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: publicFormQueryKey(token),
    queryFn: ({ signal }) => api.call(openMetadataFormByLink, { params: { token }, signal }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function saveMetadataDraft(
  api: ApiClient,
  token: string,
  data: FullMetadataDraft,
  signal?: AbortSignal,
) {
  return api.call(saveMetadataFormDraft, {
    params: { token },
    body: { data },
    ...(signal ? { signal } : {}),
  });
}

export function submitMetadataForm(api: ApiClient, token: string, data: FullMetadataDraft) {
  return api.call(submitMetadataFormCall, { params: { token }, body: { data } });
}
