import {
  completeRevisionUpload as completeEndpoint,
  getRevisionUpload,
  requestRevisionUploadUrl,
} from '@music-review/core/contracts/revisions';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';
import { fillPath } from '@music-review/core/endpoint';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/**
 * The public revision-upload endpoints (packages/core/src/contracts/revisions.ts). The artist has no
 * account: the token in the path is the only credential, so these go through requestJson without a
 * session, never with the signed-in user's token (a label member may open the link to try it).
 */

export type RevisionUploadDto = ResponseOf<typeof getRevisionUpload>;
export type RevisionUploadedDto = ResponseOf<typeof completeEndpoint>;
export type UploadTarget = ResponseOf<typeof requestRevisionUploadUrl>;
export type UploadKind = BodyOf<typeof requestRevisionUploadUrl>['kind'];

export const revisionUploadQueryKey = (token: string) => ['public', 'revision-upload', token] as const;

/** GET .../{token}: 404 for an unknown link, 410 for an expired or used one (the server's message). */
export function useRevisionUpload(token: string) {
  return useQuery({
    queryKey: revisionUploadQueryKey(token),
    queryFn: ({ signal }) =>
      requestJson<RevisionUploadDto>(fillPath(getRevisionUpload.path, { token }), {
        method: getRevisionUpload.method,
        signal,
      }),
  });
}

/** POST .../{token}/upload-url: where to PUT one file, and the key to report afterwards. */
export function requestUploadUrl(
  token: string,
  input: BodyOf<typeof requestRevisionUploadUrl>,
  signal?: AbortSignal,
): Promise<UploadTarget> {
  return requestJson<UploadTarget>(fillPath(requestRevisionUploadUrl.path, { token }), {
    method: requestRevisionUploadUrl.method,
    body: input,
    signal,
  });
}

/** POST .../{token}/complete: uses the link up and makes the upload the song's current version. */
export function completeRevisionUpload(
  token: string,
  input: BodyOf<typeof completeEndpoint>,
  signal?: AbortSignal,
): Promise<RevisionUploadedDto> {
  return requestJson<RevisionUploadedDto>(fillPath(completeEndpoint.path, { token }), {
    method: completeEndpoint.method,
    body: input,
    signal,
  });
}
