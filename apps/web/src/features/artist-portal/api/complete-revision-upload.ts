import { completeRevisionUpload as completeEndpoint } from '@music-review/core/contracts/revisions';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';
import { fillPath } from '@music-review/core/endpoint';
import { requestJson } from '../../../lib/api-client';

export type RevisionUploadedDto = ResponseOf<typeof completeEndpoint>;

/**
 * POST /api/v1/public/revision-uploads/{token}/complete: uses the link up and makes the upload the
 * song's current version. Public: the token is the credential (see get-revision-upload.ts).
 */
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
