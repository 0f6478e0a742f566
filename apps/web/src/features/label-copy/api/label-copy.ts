import {
  createLabelCopy,
  createLabelCopyLink,
  downloadGeneratedLabelCopy,
  downloadLabelCopyGeneratorLink,
  downloadLabelCopyShare,
  finalizeLabelCopy,
  generateLabelCopy,
  getSongLabelCopy,
  listLabelCopyLinks,
  openLabelCopyForm,
  openLabelCopyGeneratorLink,
  openLabelCopyShare,
  reopenLabelCopy,
  revokeLabelCopyLink,
  saveLabelCopy,
  saveLabelCopyForm,
  submitLabelCopyForm,
} from '@music-review/core/contracts/label-copy';
import { fillPath } from '@music-review/core/endpoint';
import type {
  LabelCopyData,
  LabelCopyDto,
  LabelCopyExportFormat,
  LabelCopyLinkPurpose,
  SongLabelCopyDto,
} from '@music-review/core/label-copy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, createApiClient, NETWORK_ERROR_MESSAGE, toApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useAuthStore } from '../../../lib/auth/auth-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';

/** The label copy API (apps/server/src/features/label-copy; contracts in core's contracts/label-copy). */

/**
 * The public pages' client: the artist has no account and the token in the path is the only
 * credential, so these calls carry no session (a member trying a link is treated like the artist).
 */
const publicApi = createApiClient({ getAccessToken: () => null, refreshSession: async () => null });

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
    queryFn: ({ signal }) => api.call(getSongLabelCopy, { params: { songId }, signal }),
  });
}

export function useSetLabelCopy(songId: string) {
  const queryClient = useQueryClient();
  return (copy: LabelCopyDto) =>
    queryClient.setQueryData<SongLabelCopyDto>(labelCopyKeys.ofSong(songId), (old) =>
      old ? { ...old, label_copy: copy } : old,
    );
}

export function useCreateLabelCopy(songId: string) {
  const api = useApiClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: () => api.call(createLabelCopy, { params: { songId } }),
    onSuccess: setCopy,
  });
}

/** Saves the draft; the caller puts the answer in the cache (useSetLabelCopy) once it has noted it. */
export function useSaveLabelCopy(id: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (data: LabelCopyData) => api.call(saveLabelCopy, { params: { id }, body: { data } }),
  });
}

export type LabelCopyAction = 'final' | 'reopen' | 'generate';

const ACTIONS = { final: finalizeLabelCopy, reopen: reopenLabelCopy, generate: generateLabelCopy } as const;

export function useLabelCopyAction(songId: string, id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: (action: LabelCopyAction) => api.call(ACTIONS[action], { params: { id } }),
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
    queryFn: ({ signal }) => api.call(listLabelCopyLinks, { params: { id }, signal }),
  });
}

export function useCreateLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (purpose: LabelCopyLinkPurpose) =>
      api.call(createLabelCopyLink, { params: { id }, body: { purpose } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.links(id) }),
  });
}

export function useRevokeLabelCopyLink(id: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.call(revokeLabelCopyLink, { params: { id, linkId } }),
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
        fillPath(downloadGeneratedLabelCopy.path, { id, format }),
        store.getAccessToken(),
        `label-copy.${format}`,
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: labelCopyKeys.ofSong(songId) }),
  });
}

// ---- public pages (no session: the token is the credential) -------------------------------------

export function usePublicLabelCopyForm(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-form', token],
    queryFn: ({ signal }) => publicApi.call(openLabelCopyForm, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export const savePublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  publicApi.call(saveLabelCopyForm, { params: { token }, body: { data } });

export const submitPublicLabelCopyForm = (token: string, data: LabelCopyData) =>
  publicApi.call(submitLabelCopyForm, { params: { token }, body: { data } });

export function usePublicLabelCopyShare(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-share', token],
    queryFn: ({ signal }) => publicApi.call(openLabelCopyShare, { params: { token }, signal }),
    retry: false,
  });
}

/** Downloads a share link's label copy (each download counts against the label's exports). */
export const downloadPublicLabelCopyShare = (token: string, format: LabelCopyExportFormat) =>
  downloadFile(fillPath(downloadLabelCopyShare.path, { token, format }), null, `label-copy.${format}`);

export function usePublicLabelCopyGenerator(token: string) {
  return useQuery({
    queryKey: ['public', 'label-copy-generator', token],
    queryFn: ({ signal }) => publicApi.call(openLabelCopyGeneratorLink, { params: { token }, signal }),
    retry: false,
  });
}

/** Downloads a generator link's document (each download counts against the label's exports). */
export const downloadPublicLabelCopyGenerator = (token: string, format: LabelCopyExportFormat) =>
  downloadFile(
    fillPath(downloadLabelCopyGeneratorLink.path, { token, format }),
    null,
    `label-copy.${format}`,
  );
