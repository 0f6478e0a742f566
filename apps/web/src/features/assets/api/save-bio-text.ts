import { saveSongBioText } from '@music-review/core/contracts/assets';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useRefreshAssets } from './get-song-assets';

/** POST /api/v1/songs/{songId}/assets/bio-text: a typed bio, saved as a new version of the bio. */
export function useSaveBioText(songId: string) {
  const api = useApiClient();
  const refresh = useRefreshAssets(songId);
  return useMutation({
    mutationFn: (text: string) => api.call(saveSongBioText, { params: { songId }, body: { text } }),
    onSuccess: refresh,
  });
}
