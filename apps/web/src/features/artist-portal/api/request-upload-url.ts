import { requestRevisionUploadUrl } from '@music-review/core/contracts/revisions';
import type { BodyOf, ResponseOf } from '@music-review/core/endpoint';
import { fillPath } from '@music-review/core/endpoint';
import { requestJson } from '../../../lib/api-client';

export type UploadTarget = ResponseOf<typeof requestRevisionUploadUrl>;
export type UploadKind = BodyOf<typeof requestRevisionUploadUrl>['kind'];

/**
 * POST /api/v1/public/revision-uploads/{token}/upload-url: where to PUT one file, and the key to
 * report afterwards. Public: the token is the credential (see get-revision-upload.ts).
 */
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
