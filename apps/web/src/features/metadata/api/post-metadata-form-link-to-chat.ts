import { postMetadataFormLinkToChat } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

export interface PostMetadataLinkInput {
  /** The link the label holds; without it the server issues a new one (answered in `link`). */
  token?: string;
}

/** POST /api/v1/metadata-forms/{id}/share/chat: posts the form's link into the song's chat. */
export function usePostMetadataFormLinkToChat(formId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: (body: PostMetadataLinkInput) =>
      api.call(postMetadataFormLinkToChat, { params: { id: formId }, body }),
    onSuccess: () => invalidate(),
  });
}
