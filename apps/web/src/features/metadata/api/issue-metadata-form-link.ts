import { issueMetadataFormLink } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** POST /api/v1/metadata-forms/{id}/link: a new link for the artist (shown once); the older links stop working. */
export function useIssueMetadataFormLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: () => api.call(issueMetadataFormLink, { params: { id: formId } }),
    onSuccess: () => invalidate(),
  });
}
