import { requestSongRevision } from '@music-review/core/contracts/revisions';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-context';

export const REVISION_MESSAGE_MAX = 2000;

/** The dialog's input: an optional note to the artist, left out of the request when blank. */
export const revisionRequestInputSchema = z.object({
  message: z
    .string()
    .trim()
    .max(REVISION_MESSAGE_MAX, `Keep the message under ${REVISION_MESSAGE_MAX} characters`)
    .transform((value) => (value === '' ? undefined : value)),
});
export type RevisionRequestInput = z.input<typeof revisionRequestInputSchema>;

/**
 * POST /api/v1/songs/{id}/revision-requests: a single-use upload link for the artist. The token is
 * in this answer only, so nothing caches it.
 */
export function useRequestRevision(songId: string) {
  const api = useApiClient();
  return useMutation({
    mutationFn: (input: z.output<typeof revisionRequestInputSchema>) =>
      api.call(requestSongRevision, {
        params: { id: songId },
        body: input.message === undefined ? {} : { message: input.message },
      }),
  });
}
