import { revokeMetadataFormLinks } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** POST /api/v1/metadata-forms/{id}/revoke-link: the form's links stop working; what the artist saved stays. */
export function useRevokeMetadataFormLinks(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: () => api.call(revokeMetadataFormLinks, { params: { id: formId } }),
    onSuccess: () => invalidate(),
  });
}
