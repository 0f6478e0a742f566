import type { RevisionUploadDto, RevisionUploadedDto } from '@music-review/core/api';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/**
 * The public revision-upload endpoints (packages/core/src/api.ts). The artist has no account: the
 * token in the path is the only credential, so these go through requestJson without a session,
 * never with the signed-in user's token (a label member may open the link to try it).
 */
const base = (token: string) => `/api/v1/public/revision-uploads/${encodeURIComponent(token)}`;

export type { RevisionUploadDto, RevisionUploadedDto };

export const revisionUploadQueryKey = (token: string) => ['public', 'revision-upload', token] as const;

/** GET .../{token}: 404 for an unknown link, 410 for an expired or used one (the server's message). */
export function useRevisionUpload(token: string) {
  return useQuery({
    queryKey: revisionUploadQueryKey(token),
    queryFn: ({ signal }) => requestJson<RevisionUploadDto>(base(token), { signal }),
  });
}

export type UploadKind = 'audio' | 'waveform';

export interface UploadTarget {
  presigned_url: string;
  key: string;
}

/** POST .../{token}/upload-url: where to PUT one file, and the key to report afterwards. */
export function requestUploadUrl(
  token: string,
  input: { kind: UploadKind; filename: string; content_type: string },
  signal?: AbortSignal,
): Promise<UploadTarget> {
  return requestJson<UploadTarget>(`${base(token)}/upload-url`, { method: 'POST', body: input, signal });
}

/** POST .../{token}/complete: uses the link up and makes the upload the song's current version. */
export function completeRevisionUpload(
  token: string,
  input: { audio_file_key: string; waveform_file_key?: string },
  signal?: AbortSignal,
): Promise<RevisionUploadedDto> {
  return requestJson<RevisionUploadedDto>(`${base(token)}/complete`, { method: 'POST', body: input, signal });
}
