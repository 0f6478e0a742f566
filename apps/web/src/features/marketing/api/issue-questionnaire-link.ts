import { issueMarketingQuestionnaireLink } from '@music-review/core/contracts/marketing';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateSongMarketing } from './get-song-marketing';

/**
 * POST /api/v1/songs/{songId}/marketing/questionnaire/links: a new questionnaire link for the
 * artist; the earlier ones are withdrawn.
 */
export function useIssueQuestionnaireLink(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateSongMarketing(songId);
  return useMutation({
    mutationFn: () => api.call(issueMarketingQuestionnaireLink, { params: { songId } }),
    onSuccess: invalidate,
  });
}
