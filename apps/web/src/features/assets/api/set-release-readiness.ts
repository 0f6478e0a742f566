import { markReleaseReady, unmarkReleaseReady } from '@music-review/core/contracts/assets';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRefreshAssets } from './get-song-assets';

/**
 * PUT /api/v1/songs/{songId}/release-readiness marks the release ready (409 naming what is still
 * missing); DELETE takes the mark back. The assets reload either way.
 */
export function useReleaseReadiness(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (ready: boolean) =>
      api.call(ready ? markReleaseReady : unmarkReleaseReady, { params: { songId } }),
    onSettled: refresh,
  });
}
