import { updateMetadataForm } from '@music-review/core/contracts/metadata-forms';
import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** PUT /api/v1/metadata-forms/{id}: the label's edit, checked like a submission; the status stays. */
export function useUpdateMetadataForm(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: (data: FullMetadataDraft) =>
      api.call(updateMetadataForm, { params: { id: formId }, body: { data } }),
    onSuccess: () => invalidate(),
  });
}
