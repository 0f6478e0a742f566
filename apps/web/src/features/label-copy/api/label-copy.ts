import type {
  CreatedLabelCopyLinkDto,
  LabelCopyData,
  LabelCopyDto,
  LabelCopyExportFormat,
  LabelCopyGeneratorStateDto,
  LabelCopyLinkDto,
  LabelCopyLinkPurpose,
  PublicLabelCopyFormDto,
  PublicLabelCopyGeneratorDto,
  PublicLabelCopyShareDto,
} from '@music-review/core/label-copy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE, requestJson, toApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/** The label copy API (apps/server/src/features/label-copy). */

const enc = encodeURIComponent;

export interface SongLabelCopy {
  song: { id: string; title: string; artist: string; status: string };
  label_copy: LabelCopyDto | null;
  generator: LabelCopyGeneratorStateDto;
}

export const labelCopyKeys = {
  all: ['label-copy'] as const,
  ofSong: (songId: string) => ['label-copy', 'song', songId] as const,
  links: (id: string) => ['label-copy', 'links', id] as const,
};

export function useSongLabelCopy(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  // The artist typing or submitting, a colleague editing: every change refreshes the tab.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.all });
  useRealtimeTopic('table:label_copies', refresh);
  useRealtimeTopic('table:public_links', refresh);
  return useQuery({
    queryKey: labelCopyKeys.ofSong(songId),
    queryFn: ({ signal }) => api.get<SongLabelCopy>(`/api/v1/songs/${enc(songId)}/label-copy`, { signal }),
  });
}

export function useSetLabelCopy(songId: string) {
  const queryClient = useQueryClient();
  return (copy: LabelCopyDto) =>
    queryClient.setQueryData<SongLabelCopy>(labelCopyKeys.ofSong(songId), (old) =>
      old ? { ...old, label_copy: copy } : old,
    );
}

export function useCreateLabelCopy(songId: string) {
  const api = useApiClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: () => api.post<LabelCopyDto>(`/api/v1/songs/${enc(songId)}/label-copy`),
    onSuccess: setCopy,
  });
}

/** Saves the draft; the caller puts the answer in the cache (useSetLabelCopy) once it has noted it. */
export function useSaveLabelCopy(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (data: LabelCopyData) => api.put<LabelCopyDto>(`/api/v1/label-copies/${enc(id)}`, { data }),
  });
}

export type LabelCopyAction = 'final' | 'reopen' | 'generate';

export function useLabelCopyAction(songId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: (action: LabelCopyAction) =>
      api.post<LabelCopyDto>(`/api/v1/label-copies/${enc(id)}/${action}`),
    onSuccess: (copy, action) => {
      setCopy(copy);
      if (action === 'generate')
        void queryClient.invalidateQueries({ queryKey: labelCopyKeys.ofSong(songId) });
    },
  });
}

export function useLabelCopyLinks(id: string) {
  const api = useApiClient();
  return useQuery({
    queryKey: labelCopyKeys.links(id),
    queryFn: ({ signal }) => api.get<LabelCopyLinkDto[]>(`/api/v1/label-copies/${enc(id)}/links`, { signal }),
  });
}

export function useCreateLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purpose: LabelCopyLinkPurpose) =>
      api.post<CreatedLabelCopyLinkDto>(`/api/v1/label-copies/${enc(id)}/links`, { purpose }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.links(id) }),
  });
}

export function useRevokeLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.delete<void>(`/api/v1/label-copies/${enc(id)}/links/${enc(linkId)}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.links(id) }),
  });
}

// ---- downloads ----------------------------------------------------------------------------------

function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** GETs a file (with the session's token when given) and saves it; errors as ApiError. */
export async function downloadFile(path: string, accessToken: string | null, fallbackName: string) {
  let response: Response;
  try {
    response = await fetch(path, {
      headers: accessToken ? { Authorization: `Bearer ${accessToken}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('network_error', NETWORK_ERROR_MESSAGE, 0);
  }
  if (!response.ok) throw await toApiError(response);
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileNameOf(response, fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Downloads the generated document as the signed-in member (each download counts as an export). */
export function useDownloadGenerated(songId: string, id: string) {
  const store = useAuthStore();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (format: LabelCopyExportFormat) =>
      downloadFile(
        `/api/v1/label-copies/${enc(id)}/generated/${format}`,
        store.getAccessToken(),
        `label-copy.${format}`,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.ofSong(songId) }),
  });
}

// ---- public pages (no session: the token is the credential) -------------------------------------

const formBase = (token: string) => `/api/v1/public/label-copy-forms/${enc(token)}`;
export const shareBase = (token: string) => `/api/v1/public/label-copies/${enc(token)}`;
export const generatorBase = (token: string) => `/api/v1/public/label-copy-generator/${enc(token)}`;

export function usePublicLabelCopyForm(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-form', token],
    queryFn: ({ signal }) => requestJson<PublicLabelCopyFormDto>(formBase(token), { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const savePublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  requestJson<PublicLabelCopyFormDto>(formBase(token), { method: 'PUT', body: { data } });

export const submitPublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  requestJson<PublicLabelCopyFormDto>(`${formBase(token)}/submit`, { method: 'POST', body: { data } });

export function usePublicLabelCopyShare(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-share', token],
    queryFn: ({ signal }) => requestJson<PublicLabelCopyShareDto>(shareBase(token), { signal }),
    retry: false,
  });
}

export function usePublicLabelCopyGenerator(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-generator', token],
    queryFn: ({ signal }) => requestJson<PublicLabelCopyGeneratorDto>(generatorBase(token), { signal }),
    retry: false,
  });
}
