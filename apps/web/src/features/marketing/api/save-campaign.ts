import { createMarketingCampaign, updateMarketingCampaign } from '@music-review/core/contracts/marketing';
import type { CampaignInput } from '@music-review/core/marketing';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateSongMarketing } from './get-song-marketing';

/**
 * PATCH /api/v1/marketing/campaigns/{id} for an existing campaign, POST
 * /api/v1/songs/{songId}/marketing/campaigns for a new one (no `id`).
 */
export function useSaveCampaign(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSongMarketing(songId);
  return useMutation({
    mutationFn: (input: { id?: string; values: CampaignInput }) =>
      input.id
        ? api.call(updateMarketingCampaign, { params: { id: input.id }, body: input.values })
        : api.call(createMarketingCampaign, { params: { songId }, body: input.values }),
    onSuccess: invalidate,
  });
}
