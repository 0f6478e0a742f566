import type { BrandingInput } from '@music-review/core/branding-schemas';
import { updateBranding } from '@music-review/core/contracts/branding';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { brandingQueryKeyFor } from './get-branding';

/** PUT /api/v1/branding (admins): the saved branding replaces the cached one, so it applies at once. */
export function useUpdateBranding(organizationId: string) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BrandingInput) => api.call(updateBranding, { body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(brandingQueryKeyFor(organizationId), saved);
    },
  });
}
