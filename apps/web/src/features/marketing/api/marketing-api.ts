import {
  confirmPressPhoto,
  createMarketingCampaign,
  createMarketingTask,
  createPressPhotoUploadUrl,
  deleteMarketingCampaign,
  deleteMarketingTask,
  getMarketingGeneralIntake,
  getSongMarketing,
  issueMarketingGeneralLink,
  issueMarketingQuestionnaireLink,
  openMarketingGeneralIntake,
  openMarketingQuestionnaire,
  removePressPhoto as removePressPhotoEndpoint,
  revokeMarketingLink,
  saveMarketingQuestionnaireDraft,
  submitMarketingGeneralIntake,
  submitMarketingQuestionnaire,
  updateMarketingCampaign,
  updateMarketingTask,
} from '@music-review/core/contracts/marketing';
import { listReviewers } from '@music-review/core/contracts/organizations';
import type {
  CampaignInput,
  GeneralIntakeInput,
  PressPhotoFileDto,
  QuestionnaireInput,
  TaskInput,
} from '@music-review/core/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { createApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { useRealtimeTopic } from '../../../lib/realtime-context';
import { putWithProgress } from '../../../lib/upload/put-with-progress';

export const marketingKeys = {
  song: (songId: string) => ['marketing', 'song', songId] as const,
  general: ['marketing', 'general'] as const,
  publicForm: (token: string) => ['public', 'marketing-form', token] as const,
  publicGeneral: (token: string) => ['public', 'marketing-general', token] as const,
};

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
    queryFn: ({ signal }) => api.call(getSongMarketing, { params: { songId }, signal }),
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
    mutationFn: (input: { id?: string; values: CampaignInput }) =>
      input.id
        ? api.call(updateMarketingCampaign, { params: { id: input.id }, body: input.values })
        : api.call(createMarketingCampaign, { params: { songId }, body: input.values }),
    onSuccess: invalidate,
  });
}

export function useDeleteCampaign(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (id: string) => api.call(deleteMarketingCampaign, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useSaveTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    // An edit sends only what changed (checking a task off sends its status alone); a new task
    // always comes from the dialog, which requires its title, and the server refuses an empty one.
    mutationFn: ({
      id,
      campaignId,
      values,
    }: {
      id?: string;
      campaignId: string;
      values: Partial<TaskInput>;
    }) =>
      id
        ? api.call(updateMarketingTask, { params: { id }, body: values })
        : api.call(createMarketingTask, {
            params: { id: campaignId },
            body: { ...values, title: values.title ?? '' },
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteTask(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: (id: string) => api.call(deleteMarketingTask, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useIssueQuestionnaireLink(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSong(songId);
  return useMutation({
    mutationFn: () => api.call(issueMarketingQuestionnaireLink, { params: { songId } }),
    onSuccess: invalidate,
  });
}

/** Withdraws a questionnaire or intake link; reloads both the song's and the label's views. */
export function useRevokeLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.call(revokeMarketingLink, { params: { id: linkId } }),
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
    queryFn: ({ signal }) => api.call(getMarketingGeneralIntake, { signal }),
  });
}

export function useIssueGeneralLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(issueMarketingGeneralLink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: marketingKeys.general }),
  });
}

// Public pages: no session, the token is the credential (never the signed-in user's token), so
// their calls go through a client without a session.
const publicApi = createApiClient({ getAccessToken: () => null, refreshSession: async () => null });

export function usePublicQuestionnaire(token: string) {
  return useQuery({
    queryKey: marketingKeys.publicForm(token),
    queryFn: ({ signal }) => publicApi.call(openMarketingQuestionnaire, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function saveQuestionnaireDraft(token: string, data: QuestionnaireInput) {
  return publicApi.call(saveMarketingQuestionnaireDraft, { params: { token }, body: { data } });
}

export function submitQuestionnaire(token: string, data: QuestionnaireInput) {
  return publicApi.call(submitMarketingQuestionnaire, { params: { token }, body: { data } });
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
  const presign = await publicApi.call(createPressPhotoUploadUrl, {
    params: { token },
    body: { filename: file.name, content_type: photoContentType(file), size_bytes: file.size },
    signal,
  });
  await putWithProgress(presign.upload_url, file, presign.content_type, { onProgress, signal });
  return publicApi.call(confirmPressPhoto, { params: { token }, body: { key: presign.key }, signal });
}

export function removePressPhoto(token: string, key: string) {
  return publicApi.call(removePressPhotoEndpoint, { params: { token }, query: { key } });
}

export function usePublicGeneralIntake(token: string) {
  return useQuery({
    queryKey: marketingKeys.publicGeneral(token),
    queryFn: ({ signal }) => publicApi.call(openMarketingGeneralIntake, { params: { token }, signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function submitGeneralIntake(token: string, data: GeneralIntakeInput) {
  return publicApi.call(submitMarketingGeneralIntake, { params: { token }, body: { data } });
}

/** GET /api/v1/reviewers: who a task can be assigned to. */
export function useLabelMembers() {
  const api = useApiClient();
  return useQuery({
    queryKey: ['marketing', 'members'],
    queryFn: ({ signal }) => api.call(listReviewers, { signal }),
    staleTime: 60_000,
  });
}
