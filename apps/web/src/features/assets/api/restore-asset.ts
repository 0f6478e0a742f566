import { restoreSongAsset } from '@music-review/core/contracts/assets';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRefreshAssets } from './get-song-assets';

/**
 * POST /api/v1/songs/{songId}/assets/{assetId}/restore: an older version becomes current again (as
 * a new version pointing at the same file).
 */
export function useRestoreAsset(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (assetId: string) => api.call(restoreSongAsset, { params: { songId, assetId } }),
    onSuccess: refresh,
  });
}
