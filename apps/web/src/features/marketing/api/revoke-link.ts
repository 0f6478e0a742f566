import { revokeMarketingLink } from '@music-review/core/contracts/marketing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';

/**
 * DELETE /api/v1/marketing/links/{id}: withdraws a questionnaire or intake link. Either may be
 * shown, so everything under 'marketing' reloads (the song's and the label's views).
 */
export function useRevokeLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => api.call(revokeMarketingLink, { params: { id: linkId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['marketing'] }),
  });
}
