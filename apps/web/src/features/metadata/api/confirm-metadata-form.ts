import { confirmMetadataForm } from '@music-review/core/contracts/metadata-forms';
import type { FullMetadataDraft } from '@music-review/core/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** POST /api/v1/metadata-forms/{id}/confirm: confirms the form, with the label's last edits when given. */
export function useConfirmMetadataForm(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: (data: FullMetadataDraft | undefined) =>
      api.call(confirmMetadataForm, { params: { id: formId }, body: data ? { data } : {} }),
    onSuccess: () => invalidate(),
  });
}
