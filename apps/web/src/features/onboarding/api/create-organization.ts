import { createOrganization } from '@music-review/core/contracts/organizations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** POST /api/v1/organizations: the caller becomes the new label's admin. Reloads /me after. */
export function useCreateOrganization() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(createOrganization, { body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
