import { getRevisionUpload } from '@music-review/core/contracts/revisions';
import type { ResponseOf } from '@music-review/core/endpoint';
import { fillPath } from '@music-review/core/endpoint';
import { useQuery } from '@tanstack/react-query';
import { requestJson } from '../../../lib/api-client';

/*
 * The revision-upload endpoints are public (packages/core/src/contracts/revisions.ts). The artist has
 * no account: the token in the path is the only credential, so every call of this folder goes
 * through requestJson without a session, never with the signed-in user's token (a label member may
 * open the link to try it).
 */

export type RevisionUploadDto = ResponseOf<typeof getRevisionUpload>;

export const revisionUploadQueryKey = (token: string) => ['public', 'revision-upload', token] as const;

/**
 * GET /api/v1/public/revision-uploads/{token}: 404 for an unknown link, 410 for an expired or used
 * one (the server's message).
 */
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
