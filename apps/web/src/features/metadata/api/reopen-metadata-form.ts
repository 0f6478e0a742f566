import { reopenMetadataForm } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** POST /api/v1/metadata-forms/{id}/reopen: a submitted or confirmed form goes back to draft for the artist. */
export function useReopenMetadataForm(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: () => api.call(reopenMetadataForm, { params: { id: formId } }),
    onSuccess: () => invalidate(),
  });
}
