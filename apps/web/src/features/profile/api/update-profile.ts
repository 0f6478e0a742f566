import { updateProfile } from '@music-review/core/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { meQueryKey } from '../../../lib/me';

/** PATCH /api/v1/profile: the name the label sees (the user menu shows it from /me). */
export function useUpdateProfile() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => api.call(updateProfile, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
