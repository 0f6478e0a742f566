import { emailMetadataFormLink } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

export interface EmailMetadataLinkInput {
  email: string;
  note?: string;
  /** The link the label holds; without it the server issues a new one (answered in `link`). */
  token?: string;
}

/** POST /api/v1/metadata-forms/{id}/share/email: mails the form's link to the artist. */
export function useEmailMetadataFormLink(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: (body: EmailMetadataLinkInput) =>
      api.call(emailMetadataFormLink, { params: { id: formId }, body }),
    onSuccess: () => invalidate(),
  });
}
