import { deleteMarketingCampaign } from '@music-review/core/contracts/marketing';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateSongMarketing } from './get-song-marketing';

/** DELETE /api/v1/marketing/campaigns/{id}: the campaign and its tasks. */
export function useDeleteCampaign(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSongMarketing(songId);
  return useMutation({
    mutationFn: (id: string) => api.call(deleteMarketingCampaign, { params: { id } }),
    onSuccess: invalidate,
  });
}
