import { removeRecordingMaster, removeReleaseArtwork } from '@music-review/core/contracts/catalogue';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/** DELETE /api/v1/catalogue/releases/{id}/artwork: its signed song's artwork, if any, applies again. */
export function useRemoveReleaseArtwork() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (id: string) => api.call(removeReleaseArtwork, { params: { id }, query: {} }),
  });
}

/** DELETE /api/v1/catalogue/recordings/{id}/master: its signed song's master, if any, applies again. */
export function useRemoveRecordingMaster() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (id: string) => api.call(removeRecordingMaster, { params: { id }, query: {} }),
  });
}
