import {
  confirmMetadataForm,
  createMetadataForm,
  emailMetadataFormLink,
  issueMetadataFormLink,
  listMetadataForms,
  listSongMetadataForms,
  postMetadataFormLinkToChat,
  reopenMetadataForm,
  revokeMetadataFormLinks,
  updateMetadataForm,
} from '@music-review/core/contracts/metadata-forms';
import type {
  FullMetadataDraft,
  MetadataFormStatus,
  MetadataFormSummaryDto,
  SharedMetadataLinkDto,
} from '@music-review/core/metadata-forms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/**
 * The label's metadata-form calls (contracts: packages/core/src/contracts/metadata-forms.ts; routes:
 * apps/server/src/features/metadata-forms).
 */
export const metadataKeys = {
  all: ['metadata-forms'] as const,
  list: (filters: { status: MetadataFormStatus | ''; q: string }) =>
    ['metadata-forms', 'list', filters] as const,
  ofSong: (songId: string) => ['metadata-forms', 'song', songId] as const,
};

/** Any change to a form (the artist typing, a colleague confirming) refreshes what is shown. */
function useFormsRefresh() {
  const queryClient = useQueryClient();
  useRealtimeTopic('table:metadata_forms', () => {
    void queryClient.invalidateQueries({ queryKey: metadataKeys.all });
  });
}

export function useMetadataFormList(filters: { status: MetadataFormStatus | ''; q: string }) {
  const api = useApiClient();
  useFormsRefresh();
  return useQuery<MetadataFormSummaryDto[]>({
    queryKey: metadataKeys.list(filters),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      api
        .call(listMetadataForms, {
          // Empty filters are left out of the query string.
          query: {
            ...(filters.status ? { status: filters.status } : {}),
            ...(filters.q ? { q: filters.q } : {}),
          },
          signal,
        })
        .then((body) => body.forms),
  });
}

export function useSongMetadataForms(songId: string) {
  const api = useApiClient();
  useFormsRefresh();
  return useQuery({
    queryKey: metadataKeys.ofSong(songId),
    queryFn: ({ signal }) =>
      api.call(listSongMetadataForms, { params: { songId }, signal }).then((body) => body.forms),
  });
}

function useInvalidateForms() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: metadataKeys.all });
}

export function useCreateMetadataForm(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: () => api.call(createMetadataForm, { params: { songId } }),
    onSuccess: () => invalidate(),
  });
}

export type FormAction = 'confirm' | 'reopen' | 'revoke-link';

/** The form's actions that answer the form: confirm, reopen, revoke its links, and the label's edit. */
export function useFormAction(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: { action: FormAction | 'save'; data?: FullMetadataDraft }) => {
      const params = { id: formId };
      switch (input.action) {
        case 'save':
          return api.call(updateMetadataForm, { params, body: { data: input.data ?? {} } });
        case 'confirm':
          return api.call(confirmMetadataForm, { params, body: input.data ? { data: input.data } : {} });
        case 'reopen':
          return api.call(reopenMetadataForm, { params });
        case 'revoke-link':
          return api.call(revokeMetadataFormLinks, { params });
      }
    },
    onSuccess: () => invalidate(),
  });
}

export function useNewMetadataLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: () => api.call(issueMetadataFormLink, { params: { id: formId } }),
    onSuccess: () => invalidate(),
  });
}

export function useShareMetadataLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (
      input: { via: 'email'; email: string; note?: string; token?: string } | { via: 'chat'; token?: string },
    ): Promise<SharedMetadataLinkDto> => {
      const params = { id: formId };
      if (input.via === 'email') {
        const { via: _, ...body } = input;
        return api.call(emailMetadataFormLink, { params, body });
      }
      const { via: _, ...body } = input;
      return api.call(postMetadataFormLinkToChat, { params, body });
    },
    onSuccess: () => invalidate(),
  });
}
