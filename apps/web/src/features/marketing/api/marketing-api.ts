import type { ReviewerDto } from '@music-review/core/api';
import type {
  CampaignInput,
  CampaignPatch,
  GeneralIntakeDto,
  GeneralIntakeInput,
  IssuedLinkDto,
  MarketingCampaignDto,
  MarketingTaskDto,
  PressPhotoFileDto,
  PressPhotoUploadDto,
  PublicGeneralIntakeDto,
  PublicQuestionnaireDto,
  QuestionnaireInput,
  SongMarketingDto,
  TaskInput,
} from '@music-review/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { requestJson } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

export const marketingKeys = {
  song: (songId: string) => ['marketing', 'song', songId] as const,
  general: ['marketing', 'general'] as const,
  publicForm: (token: string) => ['public', 'marketing-form', token] as const,
  publicGeneral: (token: string) => ['public', 'marketing-general', token] as const,
};

const enc = encodeURIComponent;

/** GET /api/v1/songs/{songId}/marketing, live: any change to campaigns, tasks or forms reloads it. */
export function useSongMarketing(songId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: marketingKeys.song(songId) }),
    [queryClient, songId],
  );
  useRealtimeTopic('table:marketing_campaigns', refresh);
  useRealtimeTopic('table:marketing_tasks', refresh);
  useRealtimeTopic('table:marketing_forms', refresh);
  return useQuery({
    queryKey: marketingKeys.song(songId),
    queryFn: ({ signal }) => api.get<SongMarketingDto>(`/api/v1/songs/${enc(songId)}/marketing`, { signal }),
  });
}

function useInvalidateSong(songId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: marketingKeys.song(songId) });
}

export function useSaveCampaign(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (input: { id?: string; values: CampaignInput | CampaignPatch }) =>
      input.id
        ? api.patch<MarketingCampaignDto>(`/api/v1/marketing/campaigns/${enc(input.id)}`, input.values)
        : api.post<MarketingCampaignDto>(`/api/v1/songs/${enc(songId)}/marketing/campaigns`, input.values),
    onSuccess: invalidate,
  });
}

export function useDeleteCampaign(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/v1/marketing/campaigns/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useSaveTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (input: { id?: string; campaignId: string; values: Partial<TaskInput> }) =>
      input.id
        ? api.patch<MarketingTaskDto>(`/api/v1/marketing/tasks/${enc(input.id)}`, input.values)
        : api.post<MarketingTaskDto>(
            `/api/v1/marketing/campaigns/${enc(input.campaignId)}/tasks`,
            input.values,
          ),
    onSuccess: invalidate,
  });
}

export function useDeleteTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/v1/marketing/tasks/${enc(id)}`),
    onSuccess: invalidate,
  });
}

export function useIssueQuestionnaireLink(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: () => api.post<IssuedLinkDto>(`/api/v1/songs/${enc(songId)}/marketing/questionnaire/links`),
    onSuccess: invalidate,
  });
}

/** Withdraws a questionnaire or intake link; reloads both the song's and the label's views. */
export function useRevokeLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.delete<void>(`/api/v1/marketing/links/${enc(linkId)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['marketing'] }),
  });
}

export function useGeneralIntake() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: marketingKeys.general }),
    [queryClient],
  );
  useRealtimeTopic('table:marketing_forms', refresh);
  return useQuery({
    queryKey: marketingKeys.general,
    queryFn: ({ signal }) => api.get<GeneralIntakeDto>('/api/v1/marketing/general', { signal }),
  });
}

export function useIssueGeneralLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<IssuedLinkDto>('/api/v1/marketing/general/links'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.general }),
  });
}

// Public pages: no session, the token is the credential (never the signed-in user's token).

const formBase = (token: string) => `/api/v1/public/marketing-forms/${enc(token)}`;
const generalBase = (token: string) => `/api/v1/public/marketing-general/${enc(token)}`;

export function usePublicQuestionnaire(token: string) {
  return useQuery({
    queryKey: marketingKeys.publicForm(token),
    queryFn: ({ signal }) => requestJson<PublicQuestionnaireDto>(formBase(token), { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function saveQuestionnaireDraft(token: string, data: QuestionnaireInput) {
  return requestJson<{ saved_at: string }>(formBase(token), { method: 'PUT', body: { data } });
}

export function submitQuestionnaire(token: string, data: QuestionnaireInput) {
  return requestJson<{ submitted_at: string }>(`${formBase(token)}/submit`, {
    method: 'POST',
    body: { data },
  });
}

/** The declared type of a picked photo: the browser's, or one read from the extension. */
export function photoContentType(file: File): string {
  if (file.type) return file.type;
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return (
    (
      { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' } as Record<
        string,
        string
      >
    )[ext] ?? ''
  );
}

/**
 * One press photo: an upload URL, the PUT with progress, then the server's check of the bytes
 * (a refusal rejects with its reason). The link is not spent.
 */
export async function uploadPressPhoto(
  token: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<PressPhotoFileDto> {
  const presign = await requestJson<PressPhotoUploadDto>(`${formBase(token)}/photos/upload-url`, {
    method: 'POST',
    body: { filename: file.name, content_type: photoContentType(file), size_bytes: file.size },
    signal,
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return requestJson<PressPhotoFileDto>(`${formBase(token)}/photos/confirm`, {
    method: 'POST',
    body: { key: presign.key },
    signal,
  });
}

export function removePressPhoto(token: string, key: string) {
  return requestJson<void>(`${formBase(token)}/photos?key=${enc(key)}`, { method: 'DELETE' });
}

export function usePublicGeneralIntake(token: string) {
  return useQuery({
    queryKey: marketingKeys.publicGeneral(token),
    queryFn: ({ signal }) => requestJson<PublicGeneralIntakeDto>(generalBase(token), { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function submitGeneralIntake(token: string, data: GeneralIntakeInput) {
  return requestJson<{ id: string; submitted_at: string }>(`${generalBase(token)}/submit`, {
    method: 'POST',
    body: { data },
  });
}

/** GET /api/v1/reviewers: who a task can be assigned to. */
export function useLabelMembers() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['marketing', 'members'],
    queryFn: ({ signal }) => api.get<ReviewerDto[]>('/api/v1/reviewers', { signal }),
    staleTime: 60_000,
  });
}
