import { createMetadataForm } from '@music-review/core/contracts/metadata-forms';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { useInvalidateMetadataForms } from './metadata-forms-cache';

/** POST /api/v1/songs/{songId}/metadata-forms: a new form, prefilled from the song, and its first link (shown once). */
export function useCreateMetadataForm(songId: string) {
  const api = useApiClient();
  const invalidate = useInvalidateMetadataForms();
  return useMutation({
    mutationFn: () => api.call(createMetadataForm, { params: { songId } }),
    onSuccess: () => invalidate(),
  });
}
