import { listReviewers } from '@music-review/core/contracts/organizations';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { messagesKeys } from './keys';

/** GET /api/v1/reviewers: the label's members (who can be mentioned). */
export function useMembers() {
  const api = useApiClient();
  return useQuery({
    queryKey: messagesKeys.members,
    queryFn: ({ signal }) => api.call(listReviewers, { signal }),
  });
}
