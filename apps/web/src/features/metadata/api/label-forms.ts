import type {
  CreatedMetadataFormDto,
  FullMetadataDraft,
  IssuedMetadataLinkDto,
  MetadataFormDto,
  MetadataFormStatus,
  MetadataFormSummaryDto,
  SharedMetadataLinkDto,
} from '@music-review/core/metadata-forms';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/** The label's metadata-form calls (apps/server/src/features/metadata-forms). */

const enc = encodeURIComponent;
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
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (filters.status) params.set('status', filters.status);
      if (filters.q) params.set('q', filters.q);
      const search = params.toString();
      return api
        .get<{ forms: MetadataFormSummaryDto[] }>(`/api/v1/metadata-forms${search ? `?${search}` : ''}`, {
          signal,
        })
        .then((body) => body.forms);
    },
  });
}

export function useSongMetadataForms(songId: string) {
  const api = useApiClient();
  useFormsRefresh();
  return useQuery({
    queryKey: metadataKeys.ofSong(songId),
    queryFn: ({ signal }) =>
      api
        .get<{ forms: MetadataFormDto[] }>(`/api/v1/songs/${enc(songId)}/metadata-forms`, { signal })
        .then((body) => body.forms),
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
    mutationFn: () => api.post<CreatedMetadataFormDto>(`/api/v1/songs/${enc(songId)}/metadata-forms`),
    onSuccess: () => invalidate(),
  });
}

export type FormAction = 'confirm' | 'reopen' | 'revoke-link';

/** The form's actions that answer the form: confirm, reopen, revoke its links, and the label's edit. */
export function useFormAction(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (input: { action: FormAction | 'save'; data?: FullMetadataDraft }) =>
      input.action === 'save'
        ? api.put<MetadataFormDto>(`/api/v1/metadata-forms/${enc(formId)}`, { data: input.data })
        : api.post<MetadataFormDto>(
            `/api/v1/metadata-forms/${enc(formId)}/${input.action}`,
            input.data ? { data: input.data } : {},
          ),
    onSuccess: () => invalidate(),
  });
}

export function useNewMetadataLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: () => api.post<IssuedMetadataLinkDto>(`/api/v1/metadata-forms/${enc(formId)}/link`),
    onSuccess: () => invalidate(),
  });
}

export function useShareMetadataLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateForms();
  return useMutation({
    mutationFn: (
      input: { via: 'email'; email: string; note?: string; token?: string } | { via: 'chat'; token?: string },
    ) => {
      const { via, ...body } = input;
      return api.post<SharedMetadataLinkDto>(`/api/v1/metadata-forms/${enc(formId)}/share/${via}`, body);
    },
    onSuccess: () => invalidate(),
  });
}
