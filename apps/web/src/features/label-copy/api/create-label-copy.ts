import { createLabelCopy } from '@music-review/core/contracts/label-copy';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useSetLabelCopy } from './get-song-label-copy';

/**
 * POST /api/v1/songs/{songId}/label-copy: creates a signed song's label copy, prefilled from the
 * song, its metadata form and its contract.
 */
export function useCreateLabelCopy(songId: string) {
  const api = useApiClient();
  const setCopy = useSetLabelCopy(songId);
  return useMutation({
    mutationFn: () => api.call(createLabelCopy, { params: { songId } }),
    onSuccess: setCopy,
  });
}
