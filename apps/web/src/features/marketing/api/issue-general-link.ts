import { issueMarketingGeneralLink } from '@music-review/core/contracts/marketing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { generalIntakeQueryKey } from './get-general-intake';

/** POST /api/v1/marketing/general/links: a new label-wide intake link; the earlier ones are withdrawn. */
export function useIssueGeneralLink() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(issueMarketingGeneralLink),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: generalIntakeQueryKey }),
  });
}
